// Where the names written on a map go, so that none prints over another or over what the map
// must show (a place's mark, the room its counters stand in, a printed panel). Each name comes
// with the spots it may stand at, best first (below its mark, to its right, ...); the names are
// placed one after another, each at its first spot whose box crosses no obstacle, no name
// placed before it and not the map's edge, or, when every spot is crossed, at the spot crossed
// least; the caller is told which names had to be crossed. The same names and obstacles always give the same places: a map's names depend on its
// fixed geography only, so they never jump while a match is played.
import type { TextSize } from "./text-size";

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
  // The place a mark belongs to: that place's own name may touch it (it is placed around it).
  owner?: string;
}

export type Anchor = "start" | "middle" | "end";

// Where a name's baseline begins, is centred or ends (SVG's text-anchor), from its place.
export interface Spot {
  x: number;
  y: number;
  anchor: Anchor;
  wrap?: boolean;  // the name written on two lines (NameToPlace.wrapped), the first at y
}

export interface NameToPlace {
  key: string;
  at: { x: number; y: number };  // its place on the map, where its spots are measured from
  size: TextSize;
  // Its size written on two lines, for the spots that wrap it; a name without one skips them.
  wrapped?: TextSize;
  spots: Spot[];  // best first; at least one that does not wrap
}

export interface PlacedNames {
  spots: Map<string, Spot>;  // each name's spot, by its key
  crossed: string[];         // the names that stand over something: no spot was clear
}

// The room between a name and anything else: the names' halo (a stroke around the letters) and a
// little air, so that a name still clears its neighbour where the browser lays it out a hair wider.
const kAir = 3;

// The box of a name written at `spot` from its place, on the map.
export function nameBox(name: NameToPlace, spot: Spot, air = kAir): Box {
  const size = spot.wrap && name.wrapped ? name.wrapped : name.size;
  const x = name.at.x + spot.x,
    y = name.at.y + spot.y;
  const left = spot.anchor === "start" ? x : spot.anchor === "middle" ? x - size.width / 2 : x - size.width;
  return { left: left - air, top: y - size.ascent - air, right: left + size.width + air, bottom: y + size.descent + air };
}

function overlap(a: Box, b: Box): number {
  const w = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const h = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  return w > 0 && h > 0 ? w * h : 0;
}

// How much of `box` lies outside `frame`.
function outside(box: Box, frame: Box): number {
  const area = (box.right - box.left) * (box.bottom - box.top);
  return area - overlap(box, frame);
}

export function placeNames(names: NameToPlace[], obstacles: Box[], frame: Box): PlacedNames {
  const taken: Box[] = [...obstacles];
  const placed = new Map<string, Spot>();
  const crossed: string[] = [];
  for (const name of names) {
    let best = name.spots[0];
    let bestCost = Infinity;
    for (const spot of name.spots) {
      if (spot.wrap && !name.wrapped) continue;
      const box = nameBox(name, spot);
      let cost = outside(box, frame);
      for (const other of taken) if (other.owner !== name.key) cost += overlap(box, other);
      if (cost < bestCost) {
        best = spot;
        bestCost = cost;
        if (cost === 0) break;
      }
    }
    if (bestCost > 0) { crossed.push(name.key); console.log("X", name.key, bestCost, JSON.stringify(best), JSON.stringify(taken.filter((o) => o.owner !== name.key && overlap(nameBox(name, best), o) > 0))); }
    placed.set(name.key, best);
    taken.push({ ...nameBox(name, best, 0), owner: name.key });
  }
  return { spots: placed, crossed };
}

// `around`, a box about a place's centre (its mark, say), moved to the place at x, y.
export function boxAround(x: number, y: number, around: Box, owner?: string): Box {
  return { left: x + around.left, top: y + around.top, right: x + around.right, bottom: y + around.bottom, owner };
}
