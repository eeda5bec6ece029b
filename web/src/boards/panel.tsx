// The side panel beside each map: the game's tracks as a list of named values, in sections.
import type { ComponentChildren } from "preact";
import type { LogEntry } from "../gen/game_pb";
import { toPlayText } from "../app/toPlay";
import { RuleRefs, RuleText } from "../rules/RuleLinks";

// A count worth showing, or "" (a row left out) when there is none.
export function positive(n: number): string {
  return n > 0 ? String(n) : "";
}


export interface TrackRow {
  label: string;
  value: ComponentChildren;
  title?: string;  // the rule or the longer explanation, as a tooltip
}

// Rows whose value is empty or undefined are left out: a board shows what the view has.
export function Tracks({ rows }: { rows: TrackRow[] }) {
  const shown = rows.filter((r) => r.value !== undefined && r.value !== null && r.value !== "");
  return (
    <dl class="tracks">
      {shown.map((r) => (
        <div class="track" key={r.label} title={r.title}>
          <dt>{r.label}{r.title && <RuleRefs text={r.title} />}</dt>
          <dd>{r.value}</dd>
        </div>
      ))}
    </dl>
  );
}

interface SectionProps {
  title: string;
  children: ComponentChildren;
  class?: string;
}

export function Section({ title, children, class: className }: SectionProps) {
  return (
    <section class={`panel-section ${className ?? ""}`}>
      <h3>{title}</h3>
      {children}
    </section>
  );
}

// A list of names (cards, units in a box), or "none".
export function NameList({ names }: { names: string[] }) {
  if (names.length === 0) return <span class="none">none</span>;
  return (
    <ul class="names">
      {names.map((n, i) => (
        <li key={`${i}:${n}`}>{n}</li>
      ))}
    </ul>
  );
}

// Log lines under a heading (a battle's results so far), each with its cited rules as links.
export function LogLines({ title, lines }: { title: string; lines: LogEntry[] }) {
  if (lines.length === 0) return null;
  return (
    <>
      <h4>{title}</h4>
      <ol class="battle-log">
        {lines.map((e, i) => <li key={i} data-kind={e.kind}><RuleText text={e.text} /></li>)}
      </ol>
    </>
  );
}

// What a fight still waits for, as sentences citing their rules, set off in the colour of the
// things to choose; nothing when all is settled.
export function ToDecide({ items }: { items: string[] }) {
  if (items.length === 0) return null;
  return (
    <div class="to-decide">
      <h4>Still to decide</h4>
      <ul>
        {items.map((d) => <li key={d}><RuleText text={d} /></li>)}
      </ul>
    </div>
  );
}

// "Empire to play" at the head of a turn panel: the words of the match's status line.
export function ToPlay({ sides }: { sides: string[] }) {
  const text = toPlayText(sides);
  return text ? <p class="to-play" data-testid="board-to-play">{text}</p> : null;
}
