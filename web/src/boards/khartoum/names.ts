// Where the names on the Khartoum map are written: each space's (below its mark where there is
// room, else beside it), each cataract's (by the river), and the lands' (in the open ground near
// their place). The spaces along the Nile stand close, so a name below its mark would fall
// under the stacks of the space below (Omdurman's under Khartoum's, Ed Dueim's under Kosti's):
// every name keeps off the spaces' marks, the room their piles take, the printed tracks and key,
// and the names placed before it (label-places.ts). Depends on the layout only, like the layout.
import type { SpaceView } from "../../gen/khartoum_pb";
import type { Box, NameToPlace, Spot } from "../label-places";
import { boxAround, placeNames } from "../label-places";
import type { NameFont, TextSize } from "../text-size";
import { textSize } from "../text-size";
import type { Geo } from "./geo";
import { kCataracts, kLabels } from "./geography-data";
import type { Layout } from "./layout";
import { mapKeyFrame } from "./map-key";
import { kNameLineHeight, nameLines } from "./name-lines";
import { kMarkRoom } from "./space";
import { kPileRoom } from "./stack";
import { mapTrackFrames } from "./tracks";

// The fonts boards.css writes these names in (.space-name, .cataract-name, .label-region,
// .label-country): a change there belongs here too.
const kSerif = `Georgia, "Times New Roman", serif`;
const kSpaceFont: NameFont = { font: `700 16px ${kSerif}`, size: 16 };
const kCataractFont: NameFont = { font: `italic 600 13px ${kSerif}`, size: 13 };
const kLandFonts: Record<string, NameFont> = {
  region: { font: `22px ${kSerif}`, size: 22, spacing: 6 },
  country: { font: `26px ${kSerif}`, size: 26, spacing: 10 },
};

// A space's name: under its mark, else to its right or left at the mark's height, else under it
// but off to one side; where none of these is clear, on two lines (a name of two words) to the
// right, left or under: Wad Medani, between Khartoum, Ed Dueim, Sennar and Gedaref, has no room
// for "Wad Medani" on one line that is not another space's.
const kSpaceSpots: Spot[] = [
  { x: 0, y: 36, anchor: "middle" },
  { x: 35, y: 6, anchor: "start" },
  { x: -30, y: 6, anchor: "end" },
  { x: 8, y: 40, anchor: "start" },
  { x: -8, y: 40, anchor: "end" },
  { x: 35, y: -3, anchor: "start", wrap: true },
  { x: -30, y: -3, anchor: "end", wrap: true },
  { x: 0, y: 36, anchor: "middle", wrap: true },
];

// A cataract's name: where the gazetteer puts it (geography-data.ts), else beside the bars, on
// the right or the left, level with them or further up or down the river, and further out
// where a space stands on the river right there (Berber by the 5th).
function cataractSpots(printed: [number, number]): Spot[] {
  const beside = [16, 44, 64].flatMap((x) =>
    [4, 20, -12, 36, -28, 52, -44].flatMap((y) => [
      { x, y, anchor: "start" as const },
      { x: -x, y, anchor: "end" as const },
    ]));
  return [{ x: printed[0], y: printed[1], anchor: "start" }, ...beside];
}
const kCataractBars: Box = { left: -12, top: -12, right: 12, bottom: 12 };

// A land's name: at its place, else the nearest spot in open ground, up to a few names' height
// up or down and a few names' width aside (Darfur's place is under the map's key).
const kLandSpots: Spot[] = (() => {
  const spots: { x: number; y: number; far: number }[] = [];
  for (let row = -4; row <= 4; ++row)
    for (let col = -6; col <= 6; ++col) spots.push({ x: col * 40, y: row * 26, far: col * col + row * row });
  // Nearest first; among equals, the order above (up before down, left before right).
  spots.sort((a, b) => a.far - b.far);
  return spots.map(({ x, y }) => ({ x, y, anchor: "middle" as const }));
})();

export interface MapNames {
  spaces: Map<string, Spot>;     // by space id, from the space's centre
  cataracts: Map<string, Spot>;  // by cataract name, from the cataract
  lands: Map<string, Spot>;      // by the name, from its place (geography-data.ts kLabels)
  crossed: string[];             // the names no spot kept clear ("space:wad_medani"): none, we hope
}

// A space's name on two lines (the widest line's width, the first line's ascent, the second
// line below it), or undefined for a one-word name.
function wrappedSize(name: string): TextSize | undefined {
  const lines = nameLines(name);
  if (!lines) return undefined;
  const [first, second] = lines.map((line) => textSize(line, kSpaceFont));
  return { width: Math.max(first.width, second.width), ascent: first.ascent, descent: kNameLineHeight + second.descent };
}

// `keyAt`: where the map's key is printed.
export function placeMapNames(spaces: SpaceView[], layout: Layout, geo: Geo, keyAt: { x: number; y: number }): MapNames {
  const obstacles: Box[] = [...mapTrackFrames(), mapKeyFrame(keyAt.x, keyAt.y)];
  const names: NameToPlace[] = [];
  for (const s of spaces) {
    const at = layout.at.get(s.id)!;
    const key = `space:${s.id}`;
    obstacles.push(boxAround(at.x, at.y, kMarkRoom, key), boxAround(at.x, at.y, kPileRoom, key));
    names.push({ key, at, size: textSize(s.name, kSpaceFont), wrapped: wrappedSize(s.name), spots: kSpaceSpots });
  }
  for (const c of kCataracts) {
    const at = rounded(geo.point(c.at));
    const key = `cataract:${c.name}`;
    obstacles.push(boxAround(at.x, at.y, kCataractBars, key));
    names.push({ key, at, size: textSize(c.name, kCataractFont), spots: cataractSpots(c.label) });
  }
  // The lands' names last: they are the background, and move for everything else.
  for (const l of kLabels) {
    const font = kLandFonts[l.kind];
    if (!font || l.rotate) continue;  // the rivers' and the sea's names lie along the water
    names.push({ key: `land:${l.text}`, at: rounded(geo.point(l.at)), size: textSize(l.text, font), spots: kLandSpots });
  }
  const frame = { left: 0, top: 0, right: layout.width, bottom: layout.height };
  const { spots, crossed } = placeNames(names, obstacles, frame);
  const pick = (prefix: string) =>
    new Map([...spots].filter(([k]) => k.startsWith(prefix)).map(([k, spot]) => [k.slice(prefix.length), spot]));
  return { spaces: pick("space:"), cataracts: pick("cataract:"), lands: pick("land:"), crossed };
}

// Geography is drawn at whole units (geography.tsx), and so are the names placed from it.
function rounded(p: { x: number; y: number }): { x: number; y: number } {
  return { x: Math.round(p.x), y: Math.round(p.y) };
}
