// The fixed part of the Asia Crossroads map, from the game data (rules/data/crossroads_map.txtpb):
// terrain per square, region borders, trade routes and cities. Drawn once per page: none of it
// changes during a match.
import type { MapData } from "../../gen/crossroads_data_pb";
import type { Spot } from "../label-places";

export const kSquare = 24;

const kTerrainClass: Record<string, string> = {
  c: "clear",
  d: "desert",
  m: "mountain",
  r: "river",
  k: "coast",
  s: "sea",
};

export function terrainAt(map: MapData, row: number, col: number): string {
  return kTerrainClass[map.terrain[row]?.[col] ?? "c"] ?? "clear";
}

// The region index of a square, or -1 for the sea.
export function regionAt(map: MapData, row: number, col: number): number {
  const c = map.region[row]?.[col];
  return c === undefined || c === "." ? -1 : c.charCodeAt(0) - 65;
}

// All squares of one region as one path (for the control tint and the choice outline).
export function regionPath(map: MapData, region: number): string {
  let d = "";
  for (let r = 0; r < map.height; ++r)
    for (let c = 0; c < map.width; ++c)
      if (regionAt(map, r, c) === region)
        d += `M${c * kSquare} ${r * kSquare}h${kSquare}v${kSquare}h${-kSquare}z`;
  return d;
}

// Lines between neighbouring squares of different regions.
function borderPath(map: MapData): string {
  let d = "";
  for (let r = 0; r < map.height; ++r)
    for (let c = 0; c < map.width; ++c) {
      const here = regionAt(map, r, c);
      if (c + 1 < map.width && regionAt(map, r, c + 1) !== here)
        d += `M${(c + 1) * kSquare} ${r * kSquare}v${kSquare}`;
      if (r + 1 < map.height && regionAt(map, r + 1, c) !== here)
        d += `M${c * kSquare} ${(r + 1) * kSquare}h${kSquare}`;
    }
  return d;
}

// Trade routes: from each square's centre to the middle of each side a route leaves by
// (hex digit per square: N=1 E=2 S=4 W=8).
function routePath(map: MapData): string {
  const half = kSquare / 2;
  let d = "";
  for (let r = 0; r < map.height; ++r)
    for (let c = 0; c < map.width; ++c) {
      const bits = parseInt(map.route[r]?.[c] ?? "0", 16);
      if (!bits) continue;
      const x = c * kSquare + half,
        y = r * kSquare + half;
      if (bits & 1) d += `M${x} ${y}v${-half}`;
      if (bits & 2) d += `M${x} ${y}h${half}`;
      if (bits & 4) d += `M${x} ${y}v${half}`;
      if (bits & 8) d += `M${x} ${y}h${-half}`;
    }
  return d;
}

// What a city's square shows about its centre: the city's mark, and the flag of a stack standing
// there (pieces.tsx), which the city's name keeps clear of.
export const kCityRoom = { left: -10, top: -8, right: 10, bottom: 8 };

// `names`: where each city's name goes, from its mark (names.ts), by the city's name.
export function FixedMap({ map, names }: { map: MapData; names: Map<string, Spot> }) {
  return (
    <g class="fixed-map" aria-hidden="true">
      <path d={borderPath(map)} class="region-border" />
      <path d={routePath(map)} class="trade-route" />
      {map.cities.map((city) => {
        const x = city.col * kSquare + kSquare / 2,
          y = city.row * kSquare + kSquare / 2;
        const name = names.get(city.name)!;
        return (
          <g key={city.name} class={`city${city.capital ? " capital" : ""}`}>
            {city.capital ? (
              <rect x={x - 4.5} y={y - 4.5} width={9} height={9} />
            ) : (
              <circle cx={x} cy={y} r={4} />
            )}
            <text x={x + name.x} y={y + name.y} style={{ textAnchor: name.anchor }}>
              {city.name}
            </text>
          </g>
        );
      })}
    </g>
  );
}
