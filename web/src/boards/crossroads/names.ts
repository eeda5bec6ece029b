// Where the names on the Asia Crossroads map are written: each city's under its mark where
// there is room, else above or beside it (Peshawar and Rawalpindi, Kabul and Jalalabad stand a
// square or two apart), and each region's at the deepest square of the region where it crosses
// no city's mark or name (Khiva's name lay over Kungrad's, Herat's and Merv's over their
// capitals'). Names keep off each other and the map's key (label-places.ts). The map is fixed,
// so the names are placed once per map.
import type { MapData } from "../../gen/crossroads_data_pb";
import type { Box, NameToPlace, Spot } from "../label-places";
import { boxAround, placeNames } from "../label-places";
import type { NameFont } from "../text-size";
import { textSize } from "../text-size";
import { regionLabelSpot, regionLabelSquares } from "./labels";
import { legendFrame } from "./legend";
import { kCityRoom, kSquare } from "./terrain";

// The fonts boards.css writes these names in (.city text, .city.capital text, .region-label):
// a change there belongs here too.
const kCityFont: NameFont = { font: "600 11px system-ui, sans-serif", size: 11 };
const kCapitalFont: NameFont = { font: "800 12.5px system-ui, sans-serif", size: 12.5 };
const kRegionFont: NameFont = { font: `700 15px Georgia, "Times New Roman", serif`, size: 15, spacing: 3 };

// A city's name, clear of its own square's mark and flag (kCityRoom): under them, else over
// them, else to their right or left, else under them but off to one side.
const kCitySpots: Spot[] = [
  { x: 0, y: 23, anchor: "middle" },
  { x: 0, y: -14, anchor: "middle" },
  { x: 13, y: 4, anchor: "start" },
  { x: -13, y: 4, anchor: "end" },
  { x: 4, y: 23, anchor: "start" },
  { x: -4, y: 23, anchor: "end" },
];

export interface CrossroadsNames {
  cities: Map<string, Spot>;  // by city name, from the centre of its square
  regions: Spot[];            // by region index, on the map
}

// `legendAt`: where the map's key is printed.
export function placeCrossroadsNames(map: MapData, regionNames: string[], legendAt: { x: number; y: number }): CrossroadsNames {
  const centre = (row: number, col: number) => ({ x: col * kSquare + kSquare / 2, y: row * kSquare + kSquare / 2 });
  const obstacles: Box[] = [legendFrame(legendAt.x, legendAt.y)];
  const names: NameToPlace[] = [];
  // Capitals first: their names are the larger, and the ones a player looks for.
  const cities = [...map.cities].sort((a, b) => Number(b.capital) - Number(a.capital));
  for (const city of cities) {
    const at = centre(city.row, city.col);
    obstacles.push(boxAround(at.x, at.y, kCityRoom));
    names.push({ key: `city:${city.name}`, at, size: textSize(city.name, city.capital ? kCapitalFont : kCityFont), spots: kCitySpots });
  }
  // The regions' after: they are the background, and move for the cities.
  const squares = regionLabelSquares(map, regionNames.length);
  regionNames.forEach((name, i) => {
    const spots = squares[i].map(regionLabelSpot);
    if (spots.length === 0) return;
    names.push({ key: `region:${i}`, at: { x: 0, y: 0 }, size: textSize(name.toUpperCase(), kRegionFont), spots });
  });
  const frame = { left: 0, top: 0, right: map.width * kSquare, bottom: map.height * kSquare };
  const placed = placeNames(names, obstacles, frame).spots;
  return {
    cities: new Map(map.cities.map((c) => [c.name, placed.get(`city:${c.name}`)!])),
    regions: regionNames.map((_, i) => placed.get(`region:${i}`) ?? { x: 0, y: 0, anchor: "middle" }),
  };
}
