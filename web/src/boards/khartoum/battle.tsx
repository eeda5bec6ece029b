// The battle being fought, as this seat's view holds it: who attacks, who has tactical superiority
// on which modified rolls (13.1), each side's units in the space with the dice they roll and the
// faces that hit (their type's BRT column, 13.2), the losses still to assign (13.3), and what the
// log has told of this battle so far. The view is already filtered (29.14): nothing else is read.
import type { LogEntry } from "../../gen/game_pb";
import type { ScenarioData } from "../../gen/hand_of_destiny_data_pb";
import type { BattleView, KhartoumView, UnitView } from "../../gen/khartoum_pb";
import { useInspect } from "../../inspect/context";
import { RuleText } from "../../rules/RuleLinks";
import { linesSince } from "../fight-log";
import { signed } from "../modifier";
import { LogLines, positive, Section, Tracks } from "../panel";
import { diceInBattle, toHit, toHitText, type ToHit } from "./brt";

// The six faces of a die, each marked with what it does for the firing unit (E, P or nothing).
export function FaceStrip({ hit }: { hit: ToHit }) {
  return (
    <span class="faces" aria-hidden="true">
      {[1, 2, 3, 4, 5, 6].map((f) => {
        const mark = hit.eliminate.includes(f) ? "E" : hit.panic.includes(f) ? "P" : "";
        return <span key={f} class={`face ${mark ? `face-${mark}` : ""}`} title={`${f}: ${mark || "no effect"}`}>{f}</span>;
      })}
    </span>
  );
}

function roll(die: number, modified: number): string {
  if (die <= 0) return "";
  return modified === die ? String(die) : `${die}, modified ${signed(modified - die)} → ${modified}`;
}

function UnitRow({ unit, data }: { unit: UnitView; data?: ScenarioData }) {
  const inspect = useInspect();
  const hit = toHit(data, unit.type);
  const dice = diceInBattle(unit);
  const marks = [unit.elite && "elite", unit.panicked && "panicked", unit.outOfSupply && "out of supply"].filter(Boolean);
  return (
    <li class={unit.panicked ? "panicked" : ""} data-battle-unit={unit.id}
      data-eliminate={hit?.eliminate.join(",")} data-panic={hit?.panic.join(",")}>
      <button type="button" class="info" aria-label={`Details of ${unit.name}`}
        onClick={() => inspect({ type: "unit", id: unit.id })}>i</button>
      <span class="unit-name">{unit.name}</span>{" "}
      <span class="muted">{unit.type}, {dice} {dice === 1 ? "die" : "dice"}{marks.length ? `, ${marks.join(", ")}` : ""}</span>
      {hit && (
        <div class="to-hit">
          <FaceStrip hit={hit} /> <span class="to-hit-text">{toHitText(hit)}</span>
        </div>
      )}
    </li>
  );
}

function SideUnits({ side, units, hidden, data }: { side: string; units: UnitView[]; hidden: number; data?: ScenarioData }) {
  return (
    <div class={`battle-side side-${side.toLowerCase()}`} data-battle-side={side}>
      <h4>{side}</h4>
      <ul class="battle-units">
        {units.map((u) => <UnitRow key={u.id} unit={u} data={data} />)}
      </ul>
      {hidden > 0 && <p class="muted"><RuleText text={`+${hidden} hidden from you (29.14)`} /></p>}
    </div>
  );
}

interface Props {
  view: KhartoumView;
  battle: BattleView;
  data?: ScenarioData;
  log?: LogEntry[];
}

export function KhartoumBattle({ view, battle, data, log }: Props) {
  const space = view.spaces.find((s) => s.id === battle.space);
  const units = space?.units ?? [];
  const defender = battle.attacker === "Mahdist" ? "Empire" : "Mahdist";
  const lines = linesSince(log ?? [], ["battle.start"]);
  return (
    <Section title={`${battle.major ? "Major battle" : "Battle"} at ${space?.name ?? battle.space}`} class="battle">
      <Tracks
        rows={[
          { label: "Attacker", value: battle.attacker, title: "13.0" },
          { label: "Tactical superiority", value: battle.superior || "none", title: "13.1" },
          { label: "Mahdist roll", value: roll(battle.mahdistRoll, battle.mahdistModified), title: "13.1" },
          { label: "Empire roll", value: roll(battle.empireRoll, battle.empireModified), title: "13.1" },
          { label: "Eliminations to assign", value: positive(battle.pendingEliminations), title: "13.3" },
          { label: "Panics to assign", value: positive(battle.pendingPanics), title: "13.3" },
        ]}
      />
      <div class="battle-sides">
        {[battle.attacker, defender].map((side) => (
          <SideUnits key={side} side={side} units={units.filter((u) => u.side === side)}
            hidden={side === "Mahdist" ? (space?.hiddenUnits ?? 0) : 0} data={data} />
        ))}
      </div>
      <LogLines title="So far" lines={lines} />
    </Section>
  );
}
