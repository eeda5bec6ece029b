// The key of the Asia Crossroads map, printed in the Arabian Sea at its bottom left corner (no
// piece ever stands there): terrain, control, trade routes, cities and markers, drawn with the
// map's own classes so that the key always matches the map.
import type { Box } from "../label-places";
import { kSquare } from "./terrain";

const kTerrains: [string, string][] = [
  ["clear", "Clear"],
  ["desert", "Desert"],
  ["mountain", "Mountain"],
  ["river", "River valley"],
  ["coast", "Coast"],
  ["sea", "Sea, lake"],
];
const kRow = 19;
const kWidth = 272;
const kHeight = kTerrains.length * kRow + 34;

// The key's frame when printed at x, y: the names keep off it (names.ts).
export function legendFrame(x: number, y: number): Box {
  return { left: x - 8, top: y - 26, right: x - 8 + kWidth, bottom: y - 26 + kHeight };
}

export function CrossroadsLegend({ x, y }: { x: number; y: number }) {
  const s = kSquare * 0.7;
  const col2 = 128;
  return (
    <g class="cr-legend" transform={`translate(${x} ${y})`} aria-label="Map key">
      <rect x={-8} y={-26} width={kWidth} height={kHeight} rx={4} class="legend-frame" />
      <text x={0} y={-8} class="legend-title">
        Key
      </text>
      {kTerrains.map(([cls, words], i) => (
        <g key={cls} class="legend-terrain" data-terrain={cls} transform={`translate(0 ${i * kRow})`}>
          <rect width={s} height={s} class={`square terrain-${cls} legend-swatch`} />
          <text x={s + 7} y={s - 4} class="legend-text">
            {words}
          </text>
        </g>
      ))}
      <g transform={`translate(${col2} 0)`}>
        <rect width={s} height={s} class="legend-swatch control-british" />
        <text x={s + 7} y={s - 4} class="legend-text">
          British control
        </text>
      </g>
      <g transform={`translate(${col2} ${kRow})`}>
        <rect width={s} height={s} class="legend-swatch control-russian" />
        <text x={s + 7} y={s - 4} class="legend-text">
          Russian control
        </text>
      </g>
      <g transform={`translate(${col2} ${2 * kRow})`}>
        <path d={`M0 ${s / 2}H${s}`} class="trade-route" />
        <text x={s + 7} y={s - 4} class="legend-text">
          Trade route
        </text>
      </g>
      <g class="city" transform={`translate(${col2} ${3 * kRow})`}>
        <circle cx={s / 2} cy={s / 2} r={4} />
        <text x={s + 7} y={s - 4} class="legend-text">
          City
        </text>
      </g>
      <g class="city capital" transform={`translate(${col2} ${4 * kRow})`}>
        <rect x={s / 2 - 4.5} y={s / 2 - 4.5} width={9} height={9} />
        <text x={s + 7} y={s - 4} class="legend-text">
          Capital
        </text>
      </g>
      <g transform={`translate(${col2} ${5 * kRow})`}>
        <path d={`M0 ${s / 2}h${s}`} class="region-border" />
        <text x={s + 7} y={s - 4} class="legend-text">
          Region border
        </text>
      </g>
    </g>
  );
}
