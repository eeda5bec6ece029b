// Asia Crossroads' tracks beside the map: turn, phases, balance of power, the viewer's own
// treasury and supply, the combat being resolved (battle.tsx), regions by control (each one
// clickable when a choice names it), the home bases, and the pieces of the squares in question:
// units and agents a choice can name.
import type { LogEntry } from "../../gen/game_pb";
import type { CrossroadsView, RegionView, StackView } from "../../gen/crossroads_pb";
import { refKey } from "../board";
import type { Picker } from "../clickable";
import { choiceHint, refAttributes } from "../clickable";
import { NameList, positive, Section, ToPlay, Tracks } from "../panel";
import { CrossroadsBattle } from "./battle";
import { InSideColumn } from "../side-column";
import { sideClass, stackTitle, unitText } from "./pieces";

function regionTitle(r: RegionView): string {
  return `${r.name} (${r.code}): ${r.control}, ${r.vp} VP`;
}

// Region chips are coloured by who controls the region.
function regionClass(control: string): string {
  return `chip region control-${control.toLowerCase()}`;
}

// The balance of power (never 0): positive is pro-British.
function balance(bop: number): string {
  return bop > 0 ? `+${bop} pro-British` : `${bop} pro-Russian`;
}

export const kHomeBases: Record<number, string> = { 1764: "Central India", 1765: "the Urals" };

interface StackProps {
  stack: StackView;
  regions: readonly RegionView[];
  agentIndex: Map<string, number>;
  picker: Picker;
}

function StackPieces({ stack, regions, agentIndex, picker }: StackProps) {
  return (
    <div class={`stack-pieces ${sideClass(stack.side)}`}>
      <h4 title={stackTitle(stack, regions)}>{`${stack.side} at ${stack.name}`}</h4>
      {!stack.examined ? (
        <span class="none">not examined (22.3)</span>
      ) : (
        <div class="chips">
          {stack.units.map((u) => {
            const label = unitText(u, regions);
            const id = String(u.id);
            const title = `${label} (CRT ${u.crt}, move ${u.move})${choiceHint(picker, "unit", id)}`;
            return (
              <span key={u.id} {...refAttributes(picker, "unit", id, "chip unit", label)} title={title}>
                {label}
              </span>
            );
          })}
          {stack.agents.map((a, i) => {
            const index = agentIndex.get(a.name);
            const label = a.name || "agent (face down)";
            const title = `${label}: political ${a.political}, military ${a.military}`;
            if (index === undefined) {
              return (
                <span key={`agent-${i}`} class="chip agent" title={title}>
                  {label}
                </span>
              );
            }
            const id = String(index);
            return (
              <span
                key={`agent-${index}`}
                {...refAttributes(picker, "agent", id, "chip agent", label)}
                title={title + choiceHint(picker, "agent", id)}
              >
                {`${label} ${a.political}/${a.military}`}
              </span>
            );
          })}
        </div>
      )}
    </div>
  );
}

// The squares whose pieces are listed: the one the player looked at, and every square holding a
// unit or an agent that a choice names (so that those are always there to click).
export function listedSquares(
  view: CrossroadsView,
  agentIndex: Map<string, number>,
  picker: Picker,
  focus: number,
): Set<number> {
  const squares = new Set<number>();
  if (focus >= 0) squares.add(focus);
  for (const s of view.stacks) {
    if (s.square in kHomeBases) continue;  // drawn in their home base box
    const named =
      s.units.some((u) => picker.byRef.has(refKey("unit", String(u.id)))) ||
      s.agents.some((a) => picker.byRef.has(refKey("agent", String(agentIndex.get(a.name)))));
    if (named) squares.add(s.square);
  }
  return squares;
}

interface Props {
  view: CrossroadsView;
  agentIndex: Map<string, number>;
  picker: Picker;
  listed: Set<number>;
  toPlay: string[];
  phase: string;  // in the rules' words (BoardProps.phase)
  log?: LogEntry[];  // for the line of the combat's roll
}

export function CrossroadsPanel({ view, agentIndex, picker, listed, toPlay, phase, log }: Props) {
  const listedStacks = view.stacks.filter((s) => listed.has(s.square) && !(s.square in kHomeBases));
  const finished = view.britishVp !== 0 || view.russianVp !== 0;
  const treasury = view.pounds >= 0 ? `£${view.pounds}` : "";  // -1: not this seat's to see
  return (
    <>
      <Section title="Turn">
        <ToPlay sides={toPlay} />
        <Tracks
          rows={[
            { label: "Turn", value: `${view.turn} · ${view.years}` },
            { label: "Phase", value: phase },
            { label: "Operations phase", value: positive(view.operationsPhase) },
            { label: "First player", value: view.firstPlayer, title: "7.2" },
            { label: "Phasing", value: view.phasing },
            { label: "Balance of power", value: balance(view.balanceOfPower) },
            { label: "Your treasury", value: treasury, title: "9.0: secret" },
            {
              label: "Your supply points",
              value: view.supplyPoints >= 0 ? String(view.supplyPoints) : "",
              title: "17.1",
            },
            { label: "Open war declared by", value: view.openWarBy },
            { label: "Ghazis controlled by", value: view.ghazis, title: "21.2" },
            { label: "Under way", value: view.pending },
            { label: "British VP", value: finished ? String(view.britishVp) : "" },
            { label: "Russian VP", value: finished ? String(view.russianVp) : "" },
          ]}
        />
        {view.prisoners.length > 0 && (
          <>
            <h4>Prisoners</h4>
            <NameList names={view.prisoners} />
          </>
        )}
      </Section>
      {view.combat && (
        <InSideColumn>
          <CrossroadsBattle view={view} combat={view.combat} agentIndex={agentIndex} toPlay={toPlay} log={log} />
        </InSideColumn>
      )}
      <Section title="Home bases">
        <div class="home-bases">
          {Object.entries(kHomeBases).map(([square, name]) => {
            const here = view.stacks.filter((s) => s.square === Number(square));
            return (
              <div
                key={square}
                {...refAttributes(picker, "square", square, "home-base", name)}
                title={name + choiceHint(picker, "square", square)}
              >
                <strong>{name}</strong>
                {here.length === 0 ? (
                  <span class="none"> empty</span>
                ) : (
                  here.map((s) => (
                    <StackPieces key={s.side} stack={s} regions={view.regions} agentIndex={agentIndex} picker={picker} />
                  ))
                )}
              </div>
            );
          })}
        </div>
      </Section>
      {listedStacks.length > 0 && (
        <Section title="Pieces">
          {listedStacks.map((s) => (
            <StackPieces key={`${s.square}:${s.side}`} stack={s} regions={view.regions} agentIndex={agentIndex} picker={picker} />
          ))}
        </Section>
      )}
      <Section title="Regions">
        <div class="regions">
          {view.regions.map((r, i) => (
            <span
              key={r.code}
              {...refAttributes(picker, "region", String(i), regionClass(r.control), r.name)}
              title={regionTitle(r) + choiceHint(picker, "region", String(i))}
            >
              <b>{r.code}</b> {r.name} <small>{r.vp} VP</small>
            </span>
          ))}
        </div>
      </Section>
    </>
  );
}
