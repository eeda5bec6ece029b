// The stacks of a space, one per side (Mahdists left, Empire right), above its mark. A stack at
// rest is drawn as a pile: its top counter (the view lists it last) in front, the others as
// edges behind it and a count beside it. Where 29.14 hides the units under a Mahdist top unit
// the view gives only that top unit and a count, and so does the pile: blank backs, no more.
// A stack with a unit some choice names, or in the moving group, is spread out in rows so
// that each of its counters can be seen and clicked.
import type { SpaceView, UnitView } from "../../gen/khartoum_pb";
import { refKey } from "../board";
import type { Picker } from "../clickable";
import type { Box } from "../label-places";
import type { Contingent } from "./counter";
import { HiddenCounter, kCounter, UnitCounter } from "./counter";

const kPerRow = 4;
const kGap = 3;
const kDepth = 5;      // the offset of each counter behind the top one
const kMaxDepth = 3;   // deeper counters lie under the third
const kAbove = 22;     // from the space's centre up to the bottom of its stacks
const kBetween = 22;   // between the two sides' stacks
const kCountOut = 7;   // the count's circle is centred this far left of its pile ...
const kCountR = 10;    // ... with this radius

// The room a space's piles may take above its centre: both sides' piles three counters deep, the
// Mahdists' count to their left. Reserved whether or not a stack stands there now, so that the
// names placed clear of it (names.ts) stay put as stacks come and go. A spread stack is drawn
// over its neighbours on purpose, for the moment a choice names its units.
export const kPileRoom: Box = {
  left: -kCounter - kBetween / 2 - kCountOut - kCountR,
  top: -kAbove - kCounter - kMaxDepth * kDepth,
  right: kBetween / 2 + kCounter + kMaxDepth * kDepth,
  bottom: -kAbove,
};

interface SideStack {
  side: string;  // "mahdist" or "empire"
  units: UnitView[];
  hidden: number;
}

function sideStacks(space: SpaceView): SideStack[] {
  const bySide = new Map<string, UnitView[]>();
  for (const u of space.units) {
    const side = u.side.toLowerCase();
    bySide.set(side, [...(bySide.get(side) ?? []), u]);
  }
  const stacks: SideStack[] = [];
  for (const side of ["mahdist", "empire"]) {
    const units = bySide.get(side) ?? [];
    const hidden = side === "mahdist" ? space.hiddenUnits : 0;
    if (units.length + hidden > 0) stacks.push({ side, units, hidden });
  }
  return stacks;
}

interface Props {
  space: SpaceView;
  picker: Picker;
  contingent: (u: UnitView) => Contingent;
}

function Pile({ stack, x, picker, contingent }: { stack: SideStack; x: number; picker: Picker } & Pick<Props, "contingent">) {
  const y = -kAbove - kCounter;
  const n = stack.units.length + stack.hidden;
  // Depth 0 is the top counter; the hidden backs lie just under it, as the view says.
  const at = (depth: number) => {
    const d = Math.min(depth, kMaxDepth) * kDepth;
    return { x: x + d, y: y - d };
  };
  const backs = [];
  for (let i = stack.hidden; i >= 1; --i) {
    const p = at(i + stack.units.length - 1);
    backs.push(<HiddenCounter key={`hidden-${i}`} x={p.x} y={p.y} />);
  }
  const hiddenWords = stack.hidden > 0 ? `, ${stack.hidden} of them hidden from you (29.14)` : "";
  return (
    <g class={`stack pile side-${stack.side}`} data-count={n}>
      {backs}
      {stack.units.map((u, i) => {
        const p = at(stack.units.length - 1 - i);
        return <UnitCounter key={u.id} unit={u} contingent={contingent(u)} x={p.x} y={p.y} picker={picker} />;
      })}
      {n > 1 && (
        <g class="stack-count" transform={`translate(${x - kCountOut} ${y + kCounter / 2})`} role="img"
          aria-label={`${n} units in this stack${hiddenWords}`}>
          <title>{`${n} units in this stack${hiddenWords}`}</title>
          <circle r={kCountR} />
          <text y={4.5}>{n}</text>
        </g>
      )}
    </g>
  );
}

function spreadWidth(stack: SideStack): number {
  return Math.min(stack.units.length, kPerRow) * (kCounter + kGap) - kGap;
}

// The counters in rows of four centred on `centre`, the top of the stack last.
function Spread({ stack, centre, picker, contingent }: { stack: SideStack; centre: number; picker: Picker } & Pick<Props, "contingent">) {
  const n = stack.units.length;
  const rows = Math.ceil(n / kPerRow);
  const step = kCounter + kGap;
  const width = spreadWidth(stack);
  const left = centre - width / 2;
  return (
    <g class={`stack spread side-${stack.side}`} data-count={n + stack.hidden}>
      <rect x={left - 6} y={-kAbove - rows * step - 6 + kGap} width={width + 12} height={rows * step + 12 - kGap} rx={6} class="spread-tray" />
      {stack.units.map((u, i) => {
        const row = Math.floor(i / kPerRow),
          col = i % kPerRow;
        return (
          <UnitCounter
            key={u.id}
            unit={u}
            contingent={contingent(u)}
            x={left + col * step}
            y={-kAbove - (rows - row) * step + kGap}
            picker={picker}
          />
        );
      })}
    </g>
  );
}

// Whether a stack is spread out: a choice names one of its units, or one is being moved.
export function isSpread(space: SpaceView, picker: Picker): boolean {
  return space.units.some((u) => u.selected || picker.byRef.has(refKey("unit", u.id)));
}

export function Stacks({ space, picker, contingent }: Props) {
  const stacks = sideStacks(space);
  if (stacks.length === 0) return null;
  const spread = isSpread(space, picker);
  if (spread) {
    // Side by side, the Mahdists' ending and the Empire's starting half a gap from the middle.
    const centre = (i: number) => {
      const half = spreadWidth(stacks[i]) / 2;
      return stacks.length === 1 ? 0 : i === 0 ? -kBetween / 2 - half : kBetween / 2 + half;
    };
    return (
      <g class="kh-stacks">
        {stacks.map((s, i) => (
          <Spread key={s.side} stack={s} centre={centre(i)} picker={picker} contingent={contingent} />
        ))}
      </g>
    );
  }
  const anchor = (i: number) =>
    stacks.length === 1 ? -kCounter / 2 : i === 0 ? -kCounter - kBetween / 2 : kBetween / 2;
  return (
    <g class="kh-stacks">
      {stacks.map((s, i) => (
        <Pile key={s.side} stack={s} x={anchor(i)} picker={picker} contingent={contingent} />
      ))}
    </g>
  );
}
