// The key printed on the Khartoum map: what each space symbol and each kind of route means,
// drawn with the very symbols and lines the map uses.
import type { Box } from "../label-places";
import { TerrainSymbol } from "./space";

const kTerrains = ["Town", "Fortress", "Clear", "Desert", "Hills", "Forest"];
const kTerrainWords: Record<string, string> = { Desert: "Desert (wells)" };
const kRoutes: [string, string][] = [
  ["land", "Land route"],
  ["river", "River route (Nile)"],
  ["desert", "Desert track (29.8)"],
  ["naval", "Sea lane (29.12)"],
];
const kRow = 30;

const kRows = kTerrains.length + kRoutes.length + 2;
const kWidth = 236;

// The key's frame when printed at x, y: the spaces' names keep off it (names.ts).
export function mapKeyFrame(x: number, y: number): Box {
  return { left: x - 8, top: y - 30, right: x - 8 + kWidth, bottom: y - 30 + kRows * kRow + 34 };
}

export function MapKey({ x, y }: { x: number; y: number }) {
  return (
    <g class="map-key" transform={`translate(${x} ${y})`} aria-hidden="true">
      <rect x={-8} y={-30} width={kWidth} height={kRows * kRow + 34} rx={4} class="track-frame" />
      <text x={0} y={-9} class="track-title">
        Key
      </text>
      {kTerrains.map((t, i) => (
        <g key={t} class={`space terrain-${t.toLowerCase()}`} transform={`translate(18 ${i * kRow + 12})`}>
          <g transform="scale(0.8)">
            <TerrainSymbol terrain={t} />
          </g>
          <text x={28} y={5} class="key-text">
            {kTerrainWords[t] ?? t}
          </text>
        </g>
      ))}
      {kRoutes.map(([kind, words], i) => {
        const ry = (kTerrains.length + i) * kRow + 12;
        return (
          <g key={kind} transform={`translate(0 ${ry})`}>
            {kind === "river" && <path d="M0 0H36" class="river-water" stroke-width={8} />}
            {kind === "land" && <path d="M0 0H36" class="route-casing" />}
            <path d="M0 0H36" class={`route route-${kind}`} />
            <text x={46} y={5} class="key-text">
              {words}
            </text>
          </g>
        );
      })}
      <g transform={`translate(18 ${(kTerrains.length + kRoutes.length) * kRow + 12})`}>
        <path d="M-18 0H18" class="river-water" stroke-width={8} />
        <path d="M-7 -10V10M0 -10V10M7 -10V10" class="cataract-bars" />
        <text x={28} y={5} class="key-text">
          Cataract
        </text>
      </g>
      <g class="space" transform={`translate(18 ${(kTerrains.length + kRoutes.length + 1) * kRow + 12})`}>
        <g class="space-vp">
          <circle r={9} />
          <text y={4.5}>3</text>
        </g>
        <text x={28} y={5} class="key-text">
          Victory points (27.0)
        </text>
      </g>
    </g>
  );
}
