// What moves on the Asia Crossroads map: the stacks this seat may see (22.0: an unexamined stack
// shows only its flag) and the civilization markers (always visible, 22.2).
import type { MarkerView, RegionView, StackView, UnitView } from "../../gen/crossroads_pb";
import { kSquare } from "./terrain";

export function sideClass(side: string): string {
  return `side-${side.toLowerCase()}`;
}

// "Persia garrison 2": a native unit's nationality is its region's code in the view; the
// region's name is what a player reads.
export function unitText(u: UnitView, regions: readonly RegionView[]): string {
  const nation = regions.find((r) => r.code === u.nation)?.name ?? u.nation;
  return `${nation} ${u.type} ${u.strength}`;
}

export function stackTitle(s: StackView, regions: readonly RegionView[]): string {
  if (!s.examined) return `${s.side} stack at ${s.name} (not examined, 22.3)`;
  const units = s.units.map((u) => unitText(u, regions));
  const agents = s.agents.map((a) => a.name || "agent (face down)");
  return `${s.side} at ${s.name}: ${[...units, ...agents].join(", ") || "empty"}`;
}

// One flag per stack: its side's colour, the total strength when examined, "?" when not.
// Two sides in one square (a combat) stand side by side. Their names are in the square's tooltip.
export function Stacks({ stacks }: { stacks: StackView[] }) {
  const perSquare = new Map<number, number>();
  return (
    <g class="stacks" aria-hidden="true">
      {stacks.map((s) => {
        if (s.square < 0 || s.row < 0) return null;
        const nth = perSquare.get(s.square) ?? 0;
        perSquare.set(s.square, nth + 1);
        const x = s.col * kSquare + 2 + nth * 6,
          y = s.row * kSquare + 4 + nth * 5;
        const strength = s.units.reduce((sum, u) => sum + u.strength, 0);
        const label = s.examined ? (strength > 0 ? String(strength) : s.agents.length > 0 ? "A" : "") : "?";
        return (
          <g
            key={`${s.square}:${s.side}`}
            class={`cr-stack ${sideClass(s.side)}`}
            transform={`translate(${x} ${y})`}
          >
            <rect width={kSquare - 4} height={kSquare - 8} rx={2} />
            <text x={(kSquare - 4) / 2} y={11.5}>
              {label}
            </text>
            {s.agents.length > 0 && strength > 0 && (
              <circle cx={kSquare - 6} cy={2} r={2.5} class="agent-dot" />
            )}
          </g>
        );
      })}
    </g>
  );
}

const kMarkerOffset: Record<string, [number, number]> = {
  colony: [4, 20],
  fort: [10, 20],
  "trading post": [16, 20],
  railroad: [20, 14],
};

export function Markers({ markers, width }: { markers: MarkerView[]; width: number }) {
  return (
    <g class="markers" aria-hidden="true">
      {markers.map((m) => {
        const [dx, dy] = kMarkerOffset[m.kind] ?? [12, 20];
        const x = (m.square % width) * kSquare + dx,
          y = Math.floor(m.square / width) * kSquare + dy;
        const cls = `marker marker-${m.kind.replace(" ", "-")} ${sideClass(m.side)}`;
        return (
          <g key={`${m.square}:${m.side}:${m.kind}`} class={cls}>
            {m.kind === "colony" ? (
              <circle cx={x} cy={y} r={2.6} />
            ) : m.kind === "fort" ? (
              <rect x={x - 2.6} y={y - 2.6} width={5.2} height={5.2} />
            ) : m.kind === "trading post" ? (
              <path d={`M${x} ${y - 3}L${x + 3} ${y + 2.4}H${x - 3}Z`} />
            ) : (
              <path
                d={`M${x - 3} ${y}H${x + 3}M${x - 2} ${y - 2}V${y + 2}M${x + 2} ${y - 2}V${y + 2}`}
                class="rail"
              />
            )}
          </g>
        );
      })}
    </g>
  );
}
