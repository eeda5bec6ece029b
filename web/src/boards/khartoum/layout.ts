// Where each Khartoum space is drawn. Spaces carry their real position (tenths of a degree) and
// the map is a fixed frame of the Sudan (24.4-38.8E, 10.6-22.6N) at kScale units per tenth, so
// that the background geography can be drawn around them. A plain projection puts the Red Sea
// coast spaces (Suakin, Trinikat, El Teb, Tokar, Tamai) and Khartoum/Omdurman within a few units
// of each other, so the positions are then pushed apart, deterministically, until each space has
// room for its name and its stacks, while a weak pull keeps every space near its true place.
// The layout depends only on the spaces' coordinates, so it never jumps while a match is played.
import type { SpaceView } from "../../gen/khartoum_pb";
import { kCoast } from "./geography-data";

export const kScale = 10;  // SVG units per tenth of a degree
// The frame, in tenths of a degree: the Sudan from Darfur to the Red Sea, Egypt's frontier to
// the Nuba mountains (gazetteer K.0).
const kWest = 244,
  kEast = 388,
  kNorth = 226,
  kSouth = 106;
export const kMapWidth = (kEast - kWest) * kScale;
export const kMapHeight = (kNorth - kSouth) * kScale;

const kRoomX = 118;  // the room a space needs: its name, or a stack of each side
const kRoomY = 108;  // ... and a stack above its mark, the name below
const kEdge = 60;    // no space closer than this to the frame's side and bottom edges
const kTopEdge = 100;  // ... nor to the top edge: its stacks stand above it
// The Red Sea is a wall to the pushing: a port slides along the coast, any other space stays
// this far inland of it (the coast is then drawn through the ports, see geo.ts).
const kInland = 40;
const kRounds = 400;

export interface Point {
  x: number;
  y: number;
}

export interface Layout {
  width: number;
  height: number;
  at: Map<string, Point>;    // where each space is drawn
  home: Map<string, Point>;  // where its real position projects to
}

// A real place (tenths of a degree) on the map, before any space is pushed aside.
export function project(lon10: number, lat10: number): Point {
  // North up: latitude grows northwards, SVG y grows downwards.
  return { x: (lon10 - kWest) * kScale, y: (kNorth - lat10) * kScale };
}

// The coast's x at height y as the real coast runs (ports at their real places), or undefined
// north or south of it.
function coastFinder(spaces: SpaceView[]): (y: number) => number | undefined {
  const line = kCoast.map((p) => {
    if (typeof p !== "string") return project(p[1] * 10, p[0] * 10);
    const port = spaces.find((s) => s.id === p);
    return port ? project(port.x, port.y) : undefined;
  }).filter((p) => p !== undefined);
  return (y) => {
    for (let i = 0; i + 1 < line.length; ++i) {
      const a = line[i],
        b = line[i + 1];
      if (y >= a.y && y <= b.y && b.y > a.y) return a.x + ((b.x - a.x) * (y - a.y)) / (b.y - a.y);
    }
    return undefined;
  };
}

export function layOut(spaces: SpaceView[]): Layout {
  const coastAt = coastFinder(spaces);
  const home = spaces.map((s) => project(s.x, s.y));
  const pos = home.map((p) => ({ ...p }));
  for (let round = 0; round < kRounds; ++round) {
    for (let i = 0; i < pos.length; ++i) {
      for (let j = i + 1; j < pos.length; ++j) {
        // Each space needs a rectangle of room; two that overlap move apart along the axis
        // where they overlap least (the smaller move), half each.
        const dx = pos[j].x - pos[i].x,
          dy = pos[j].y - pos[i].y;
        const overlapX = kRoomX - Math.abs(dx),
          overlapY = kRoomY - Math.abs(dy);
        if (overlapX <= 0 || overlapY <= 0) continue;
        if (overlapX / kRoomX < overlapY / kRoomY) {
          const push = ((dx > 0 || (dx === 0 && (i + j) % 2 === 0) ? 1 : -1) * overlapX) / 2;
          pos[i].x -= push;
          pos[j].x += push;
        } else {
          const push = ((dy > 0 || (dy === 0 && (i + j) % 2 === 0) ? 1 : -1) * overlapY) / 2;
          pos[i].y -= push;
          pos[j].y += push;
        }
      }
    }
    for (let i = 0; i < pos.length; ++i) {
      pos[i].x += (home[i].x - pos[i].x) * 0.02;
      pos[i].y += (home[i].y - pos[i].y) * 0.02;
      pos[i].x = Math.min(kMapWidth - kEdge, Math.max(kEdge, pos[i].x));
      pos[i].y = Math.min(kMapHeight - kEdge, Math.max(kTopEdge, pos[i].y));
      const coast = coastAt(pos[i].y);
      if (coast !== undefined) pos[i].x = spaces[i].port ? coast : Math.min(pos[i].x, coast - kInland);
    }
  }
  const at = new Map<string, Point>();
  const homes = new Map<string, Point>();
  spaces.forEach((s, i) => {
    at.set(s.id, { x: Math.round(pos[i].x), y: Math.round(pos[i].y) });
    homes.set(s.id, home[i]);
  });
  return { width: kMapWidth, height: kMapHeight, at, home: homes };
}

// Where a real place that is not a space is drawn: moved as the spaces around it were moved
// (inverse-distance weighting of their moves), so that a river still runs through the towns on
// its banks and the coast through its ports. Far from any moved space a place stays where it is.
export function placer(layout: Layout): (lat: number, lon: number) => Point {
  const moves = [...layout.home].map(([id, h]) => {
    const a = layout.at.get(id)!;
    return { h, dx: a.x - h.x, dy: a.y - h.y };
  });
  // Steep weights, so that a town's own move dominates near it.
  const weight = (d2: number) => (1e4 / d2) ** 2;
  const kStill = weight(160 * 160);  // "not moved" weighs as a space 160 units away
  return (lat, lon) => {
    const p = project(lon * 10, lat * 10);
    let wx = 0,
      wy = 0,
      wsum = kStill;
    for (const m of moves) {
      const d2 = (p.x - m.h.x) ** 2 + (p.y - m.h.y) ** 2;
      if (d2 < 1) return { x: p.x + m.dx, y: p.y + m.dy };
      const w = weight(d2);
      wx += w * m.dx;
      wy += w * m.dy;
      wsum += w;
    }
    return { x: p.x + wx / wsum, y: p.y + wy / wsum };
  };
}
