// The battle panel of Asia Crossroads: the combat CrossroadsView.combat holds, from the
// defender's withdrawal choice to the retreat. Both stacks in the square are open to both
// players then (22.1), so the panel lists each side's units and agents from the view's stacks
// at the combat square, with the strengths (14.4), the table (14.6), the terrain multiple (14.74),
// the odds (14.7), the agents' modifier (14.8) and the result as applied (14.9); before the roll
// what is still to settle, after it what the result leaves to choose, and the log's line of the
// roll. Words come from combat-words.ts.
import type { LogEntry } from "../../gen/game_pb";
import type { CombatView, CrossroadsView, RegionView, StackView } from "../../gen/crossroads_pb";
import { useInspect } from "../../inspect/context";
import { RuleText } from "../../rules/RuleLinks";
import { linesSince } from "../fight-log";
import { LogLines, Section, ToDecide, Tracks } from "../panel";
import { agentText, defenceText, dieModifier, stillToDecide, tableWords, typeWords } from "./combat-words";
import { sideClass } from "./pieces";

interface SideProps {
  side: string;
  role: string;  // "attacker" or "defender"
  strength: string;
  stack?: StackView;
  regions: readonly RegionView[];
  agentIndex: Map<string, number>;
}

// One side's counters and agents in the square; each opens its details (the same inspector as
// a click on the map). The ids stay off these rows: the Pieces section holds the data-refs.
function SideUnits({ side, role, strength, stack, regions, agentIndex }: SideProps) {
  const inspect = useInspect();
  const nation = (code: string) => regions.find((r) => r.code === code)?.name ?? code;
  return (
    <div class={`battle-side ${sideClass(side)}`} data-combat-side={role}>
      <h4>
        {side} <span class="muted">{role}</span>
      </h4>
      <ul class="battle-units factors">
        {(stack?.units ?? []).map((u) => {
          const name = `${nation(u.nation)} ${typeWords(u.type)}`;
          return (
            <li key={u.id} data-combat-unit={u.id} data-strength={u.strength}
              title={`${name}: strength ${u.strength}, ${tableWords(u.crt)}, movement ${u.move}`}>
              <span>
                <button type="button" class="info" aria-label={`Details of ${name}`}
                  onClick={() => inspect({ type: "unit", id: String(u.id) })}>i</button>
                <span class="unit-name">{name}</span>
              </span>
              <span class="factor">{u.strength}</span>
            </li>
          );
        })}
        {(stack?.agents ?? []).map((a, i) => {
          const index = agentIndex.get(a.name);
          return (
            <li key={`agent-${i}`} class="agent" title={`${a.name}: political ${a.political}, military ${a.military}`}>
              <span>
                {index !== undefined && (
                  <button type="button" class="info" aria-label={`Details of ${a.name}`}
                    onClick={() => inspect({ type: "agent", id: String(index) })}>i</button>
                )}
                <span class="unit-name">{a.name || "agent (face down)"}</span>
              </span>
              <span class="muted">military {a.military}</span>
            </li>
          );
        })}
      </ul>
      <p class="side-total" data-total={strength}>
        Strength <b>{strength}</b>
      </p>
    </div>
  );
}

interface Props {
  view: CrossroadsView;
  combat: CombatView;
  agentIndex: Map<string, number>;
  toPlay: string[];
  log?: LogEntry[];
}

export function CrossroadsBattle({ view, combat, agentIndex, toPlay, log }: Props) {
  const here = view.stacks.filter((s) => s.square === combat.square);
  // Before the roll the last "combat" line in the log is an earlier combat's.
  const lines = combat.result ? linesSince(log ?? [], ["combat"]) : [];
  return (
    <Section title={`${combat.table || "Combat"} at ${combat.name}`} class="battle crossroads-battle">
      <div data-combat-square={combat.square}>
        <Tracks
          rows={[
            { label: "Attack", value: String(combat.attack), title: "14.4" },
            { label: "Defence", value: defenceText(combat), title: "14.74" },
            { label: "Table", value: combat.table || "not chosen yet", title: "14.6" },
            { label: "Odds", value: combat.odds, title: "14.7" },
            { label: "Attacker's agent", value: agentText(combat, "attacker"), title: "14.8" },
            { label: "Defender's agent", value: agentText(combat, "defender"), title: "14.8" },
            { label: "Die modifier", value: dieModifier(combat), title: "14.8" },
            { label: "Result", value: combat.result ? `${combat.result}: ${combat.resultText}` : "", title: "14.9" },
          ]}
        />
        <div class="battle-sides">
          <SideUnits side={combat.attacker} role="attacker" strength={String(combat.attack)}
            stack={here.find((s) => s.side === combat.attacker)} regions={view.regions} agentIndex={agentIndex} />
          <SideUnits side={combat.defender} role="defender" strength={defenceText(combat)}
            stack={here.find((s) => s.side === combat.defender)} regions={view.regions} agentIndex={agentIndex} />
        </div>
        <p class="muted"><RuleText text="Both forces are open to both players while the combat lasts (22.1)." /></p>
        <ToDecide items={stillToDecide(combat, toPlay)} />
        <LogLines title="The roll" lines={lines} />
      </div>
    </Section>
  );
}
