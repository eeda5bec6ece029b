// A Khartoum unit counter: a NATO-like type symbol over the strength, in its side's colours,
// with the unit's state (elite, panicked, moved, out of supply, in the moving group) marked.
import type { UnitView } from "../../gen/khartoum_pb";
import type { Picker } from "../clickable";
import { choiceHint, refAttributes } from "../clickable";

export const kCounter = 30;

// The symbol inside a 18 x 11 box whose top left corner is (x, y).
function TypeSymbol({ type, x, y }: { type: string; x: number; y: number }) {
  const w = 18,
    h = 11;
  const box = <rect x={x} y={y} width={w} height={h} class="sym-box" />;
  const cross = <path d={`M${x} ${y}L${x + w} ${y + h}M${x} ${y + h}L${x + w} ${y}`} class="sym-line" />;
  const slash = <path d={`M${x} ${y + h}L${x + w} ${y}`} class="sym-line" />;
  const letter = (t: string) => (
    <text x={x + w / 2} y={y + h - 2} class="sym-letter">
      {t}
    </text>
  );
  switch (type) {
    case "Infantry":
      return <g>{box}{cross}</g>;
    case "Jihadiya":  // regular riflemen of the Mahdi
      return <g>{box}{cross}<circle cx={x + w / 2} cy={y + h / 2} r={1.8} class="sym-dot" /></g>;
    case "Tribal":  // irregular infantry: the cross in a broken frame
      return <g><rect x={x} y={y} width={w} height={h} class="sym-box irregular" />{cross}</g>;
    case "Cavalry":
      return <g>{box}{slash}</g>;
    case "Camel":
      return <g>{box}{slash}{letter("C")}</g>;
    case "Artillery":
      return <g>{box}<circle cx={x + w / 2} cy={y + h / 2} r={2.6} class="sym-dot" /></g>;
    case "Garrison":  // static infantry: the cross on a base
      return <g>{box}{cross}<path d={`M${x - 1} ${y + h + 1.5}H${x + w + 1}`} class="sym-base" /></g>;
    case "River Boats":
      return (
        <g>
          {box}
          <path d={`M${x + 3} ${y + 5}H${x + w - 3}L${x + w - 6} ${y + 9}H${x + 6}Z`} class="sym-dot" />
        </g>
      );
    case "Leader":
    case "Mahdi":
      return <g>{box}<path d={starPath(x + w / 2, y + h / 2, 4.6)} class="sym-dot" /></g>;
    default:
      return <g>{box}{letter(type.slice(0, 2))}</g>;
  }
}

function starPath(cx: number, cy: number, r: number): string {
  let d = "";
  for (let i = 0; i < 10; ++i) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const rr = i % 2 === 0 ? r : r * 0.45;
    d += `${i === 0 ? "M" : "L"}${(cx + rr * Math.cos(a)).toFixed(2)} ${(cy + rr * Math.sin(a)).toFixed(2)}`;
  }
  return d + "Z";
}

function unitTitle(u: UnitView): string {
  const state = [
    u.elite && "elite",
    u.panicked && "panicked",
    u.moved && "moved",
    u.outOfSupply && "out of supply",
    u.selected && "in the moving group",
  ].filter(Boolean);
  const marks = state.length ? ` (${state.join(", ")})` : "";
  return `${u.name} — ${u.side} ${u.type}, strength ${u.strength}${marks}`;
}

interface CounterProps {
  unit: UnitView;
  x: number;
  y: number;
  picker: Picker;
}

export function UnitCounter({ unit, x, y, picker }: CounterProps) {
  const side = unit.side.toLowerCase();
  const title = unitTitle(unit);
  const cls = [
    "counter",
    `side-${side}`,
    unit.elite && "elite",
    unit.panicked && "panicked",
    unit.selected && "selected",
  ]
    .filter(Boolean)
    .join(" ");
  return (
    <g {...refAttributes(picker, "unit", unit.id, cls, title)} transform={`translate(${x} ${y})`}>
      <title>{title + choiceHint(picker, "unit", unit.id)}</title>
      <rect width={kCounter} height={kCounter} rx={3} class="counter-face" />
      <TypeSymbol type={unit.type} x={6} y={4} />
      <text x={kCounter / 2} y={kCounter - 3.5} class="counter-strength">
        {unit.strength}
      </text>
      {unit.outOfSupply && (
        <path d={`M${kCounter - 8} ${kCounter}H${kCounter}V${kCounter - 8}Z`} class="mark-supply" />
      )}
      {unit.moved && <circle cx={4} cy={kCounter - 4} r={2} class="mark-moved" />}
      {unit.elite && <path d="M0 0H9L0 9Z" class="mark-elite" />}
    </g>
  );
}
