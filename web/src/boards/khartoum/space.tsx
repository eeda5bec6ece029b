// A Khartoum space: its terrain as a map symbol (town, star fort, open ground, desert wells,
// hills, forest), a port's anchor, its victory points and its name. The terrain is the view's,
// so Khartoum turns into a fortress on Nile-flood turns (29.11).
import type { SpaceView } from "../../gen/khartoum_pb";
import type { Picker } from "../clickable";
import { choiceHint, namedRef } from "../clickable";
import type { Box, Spot } from "../label-places";
import { kNameLineHeight, nameLines } from "./name-lines";

// What a space's mark covers about its centre: the highlight ring (r 25), the VP badge to its
// right, the port's anchor to its left. Other spaces' names keep off it (names.ts).
export const kMarkRoom: Box = { left: -26, top: -25, right: 31, bottom: 26 };

export function terrainClass(terrain: string): string {
  return `terrain-${terrain.toLowerCase().replace(/[^a-z]+/g, "-")}`;
}

function spaceTitle(s: SpaceView): string {
  const bits = [s.terrain, s.port && "port", s.vp > 0 && `${s.vp} VP`].filter(Boolean).join(", ");
  const hidden =
    s.hiddenUnits > 0 ? `; ${s.hiddenUnits} Mahdist unit(s) hidden under the top unit (29.14)` : "";
  return `${s.name} (${bits})${hidden}`;
}

// The space in words for a screen reader: what it is and whose units stand there.
function spaceWords(s: SpaceView): string {
  const sides = [...new Set(s.units.map((u) => u.side))];
  const units = sides.map((side) => `${side}: ${s.units.filter((u) => u.side === side).map((u) => u.name).join(", ")}`);
  return [spaceTitle(s), ...units].join("; ");
}

// A bastioned square: the trace of a star fort.
const kStarFort = (() => {
  const r = 12,
    b = 7;  // half side, bastion reach
  return `M${-r} ${-r - b}L${-r + b} ${-r}H${r - b}L${r} ${-r - b}L${r + b} ${-r}L${r} ${-r + b}V${r - b}L${r + b} ${r}L${r} ${r + b}L${r - b} ${r}H${-r + b}L${-r} ${r + b}L${-r - b} ${r}L${-r} ${r - b}V${-r + b}L${-r - b} ${-r}Z`;
})();

export function TerrainSymbol({ terrain }: { terrain: string }) {
  switch (terrain.toLowerCase()) {
    case "fortress":
      return (
        <g>
          <path d={kStarFort} class="space-mark" />
          <rect x={-5} y={-5} width={10} height={10} class="space-inner" />
        </g>
      );
    case "town":
      return (
        <g>
          <rect x={-13} y={-13} width={26} height={26} rx={2} class="space-mark" />
          <path d="M-8 5V-1L-4 -5L0 -1V5ZM1 5V-4H8V5Z" class="space-inner" />
        </g>
      );
    case "desert":  // the desert spaces are wells: water in the sand
      return (
        <g>
          <circle r={13} class="space-mark" />
          <circle r={4.5} class="space-well" />
        </g>
      );
    case "hills":
      return (
        <g>
          <circle r={13} class="space-mark" />
          <path d="M-10 5L-4 -5L1 3M-1 -1L4 -7L10 5" class="space-inner-line" />
        </g>
      );
    case "forest":
      return (
        <g>
          <circle r={13} class="space-mark" />
          <path d="M-6 6V1M-6 -8L-11 2H-1ZM5 6V1M5 -8L0 2H10Z" class="space-inner" />
        </g>
      );
    default:
      return <circle r={12} class="space-mark" />;
  }
}

// `name`: where the space's name is written, from its centre (names.ts chooses it).
export function SpaceMark({ space, picker, battle, name }: { space: SpaceView; picker: Picker; battle: boolean; name: Spot }) {
  const title = spaceTitle(space);
  const lines = name.wrap ? nameLines(space.name) : undefined;
  const cls = `space ${terrainClass(space.terrain)}${battle ? " battle-space" : ""}`;
  return (
    <>
    <g {...namedRef(picker, "space", space.id, cls, spaceWords(space))}>
      <title>{title + choiceHint(picker, "space", space.id)}</title>
      <circle r={25} class="target-ring" />
      {battle && <circle r={31} class="battle-ring" />}
      {/* What a finger taps: 56 units, 41 px on a phone's 1060 px map (boards/README.md), the
          name being beside the mark as often as under it and never part of the target. */}
      <circle r={28} class="hit" />
      <TerrainSymbol terrain={space.terrain} />
      {space.port && (
        <path d="M-20 10V22M-25 14H-15M-26 18Q-20 26 -14 18" class="port-mark" />
      )}
    </g>
    {/* The VP and the name are in the space's label (spaceWords), so drawn beside its element,
        not in it: a screen reader reads them once, and they take no pointer (boards.css). */}
    <g class="space-words" aria-hidden="true">
      {space.vp > 0 && (
        <g class="space-vp" transform="translate(22 6)">
          <circle r={9} />
          <text y={4.5}>{space.vp}</text>
        </g>
      )}
      <text x={name.x} y={name.y} class="space-name" style={{ textAnchor: name.anchor }}>
        {lines
          ? lines.map((line, i) => (
              <tspan key={i} x={name.x} dy={i === 0 ? 0 : kNameLineHeight}>
                {line}
              </tspan>
            ))
          : space.name}
      </text>
    </g>
    </>
  );
}
