// A Khartoum unit counter: a NATO-style type symbol over the strength, in its contingent's
// colours (23.0: Mahdists green, British red, Egyptians blue), with the unit's state marked so
// it reads at a glance: elite (gold corner), panicked (hatched face and a red "!"), moved (grey
// arrow tab), out of supply (yellow "S" tab), in the moving group (blue frame).
import type { UnitView } from "../../gen/khartoum_pb";
import type { Picker } from "../clickable";
import { choiceHint, namedRef } from "../clickable";

export const kCounter = 44;

// The symbol inside a w x h box whose top left corner is (x, y).
function TypeSymbol({ type, x, y }: { type: string; x: number; y: number }) {
  const w = 26,
    h = 16;
  const box = <rect x={x} y={y} width={w} height={h} class="sym-box" />;
  const cross = <path d={`M${x} ${y}L${x + w} ${y + h}M${x} ${y + h}L${x + w} ${y}`} class="sym-line" />;
  const slash = <path d={`M${x} ${y + h}L${x + w} ${y}`} class="sym-line" />;
  const dot = (r: number) => <circle cx={x + w / 2} cy={y + h / 2} r={r} class="sym-dot" />;
  switch (type) {
    case "Infantry":
      return <g>{box}{cross}</g>;
    case "Jihadiya":  // riflemen of the Mahdi: infantry with firearms (the dot of fire)
      return <g>{box}{cross}{dot(2.4)}</g>;
    case "Tribal":  // irregular infantry: the cross in a broken frame
      return <g><rect x={x} y={y} width={w} height={h} class="sym-box irregular" />{cross}</g>;
    case "Cavalry":
      return <g>{box}{slash}</g>;
    case "Camel":  // mounted on camels: the cavalry slash under a hump
      return (
        <g>
          {box}
          {slash}
          <path d={`M${x + 4} ${y + h - 3}q4-8 8-2q3-6 7 0`} class="sym-line" fill="none" />
        </g>
      );
    case "Artillery":
      return <g>{box}{dot(3.6)}</g>;
    case "Garrison":  // static infantry: the cross on a base
      return <g>{box}{cross}<path d={`M${x - 2} ${y + h + 2.2}H${x + w + 2}`} class="sym-base" /></g>;
    case "River Boats":
      return (
        <g>
          {box}
          <path d={`M${x + 4} ${y + 7}H${x + w - 4}L${x + w - 8} ${y + 13}H${x + 8}Z`} class="sym-dot" />
          <path d={`M${x + 13} ${y + 7}V${y + 2}`} class="sym-line" />
        </g>
      );
    case "Leader":
    case "Mahdi":
      return <g>{box}<path d={starPath(x + w / 2, y + h / 2, 6.5)} class="sym-dot" /></g>;
    default:
      return (
        <g>
          {box}
          <text x={x + w / 2} y={y + h - 3} class="sym-letter">
            {type.slice(0, 2)}
          </text>
        </g>
      );
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

export function unitTitle(u: UnitView): string {
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

// "mahdist", "british", "egyptian" or "both" (Gordon): the counter's colours.
export type Contingent = string;

interface CounterProps {
  unit: UnitView;
  contingent: Contingent;
  x: number;
  y: number;
  picker: Picker;
}

export function UnitCounter({ unit, contingent, x, y, picker }: CounterProps) {
  const title = unitTitle(unit);
  const cls = [
    "counter",
    `side-${unit.side.toLowerCase()}`,
    `contingent-${contingent}`,
    unit.elite && "elite",
    unit.panicked && "panicked",
    unit.moved && "moved",
    unit.outOfSupply && "out-of-supply",
    unit.selected && "selected",
  ]
    .filter(Boolean)
    .join(" ");
  const k = kCounter;
  return (
    <g {...namedRef(picker, "unit", unit.id, cls, title)} transform={`translate(${x} ${y})`}>
      <title>{title + choiceHint(picker, "unit", unit.id)}</title>
      {/* Drawn under the face: shows only while a choice names the unit (boards.css). */}
      <rect x={-5} y={-5} width={k + 10} height={k + 10} rx={7} class="target-ring" />
      <rect width={k} height={k} rx={4} class="counter-face" />
      {contingent === "both" && <path d={`M0 ${k - 12}L${k - 12} 0H${k}L0 ${k}Z`} class="counter-band" />}
      {unit.panicked && <rect width={k} height={k} rx={4} class="panic-hatch" />}
      <TypeSymbol type={unit.type} x={9} y={6} />
      {/* The strength and the marks are in the counter's label (unitTitle). */}
      <text x={k / 2} y={k - 5} class="counter-strength" aria-hidden="true">
        {unit.strength}
      </text>
      {unit.elite && <path d="M0 0H13L0 13Z" class="mark-elite" />}
      {unit.panicked && (
        <g class="mark-panic" transform={`translate(${k - 2} 2)`} aria-hidden="true">
          <circle r={8} />
          <text y={4.5}>!</text>
        </g>
      )}
      {unit.outOfSupply && (
        <g class="mark-supply" transform={`translate(${k - 2} ${k - 2})`} aria-hidden="true">
          <path d="M0 -10L9 6H-9Z" />
          <text y={4.5}>S</text>
        </g>
      )}
      {unit.moved && (
        <g class="mark-moved" transform={`translate(2 ${k - 2})`}>
          <rect x={-6} y={-7} width={14} height={11} rx={2} />
          <path d="M-3 -1.5H4M1 -4.5L4 -1.5L1 1.5" />
        </g>
      )}
    </g>
  );
}

// The back of a counter the view hides (29.14): only that there is one, nothing about it.
export function HiddenCounter({ x, y }: { x: number; y: number }) {
  return (
    <g class="counter counter-back side-mahdist" transform={`translate(${x} ${y})`}>
      <rect width={kCounter} height={kCounter} rx={4} class="counter-face" />
    </g>
  );
}
