// Khartoum's tracks beside the map: turn and Nile, the card in effect, victory points, each
// side's deck, held card and boxes, and the battle being fought (battle.tsx). Units in the boxes and cards
// that a choice names are clickable like the counters on the map.
import type { LogEntry } from "../../gen/game_pb";
import type { KhartoumView, SideView } from "../../gen/khartoum_pb";
import type { ScenarioData } from "../../gen/hand_of_destiny_data_pb";
import type { Picker } from "../clickable";
import { choiceHint, refAttributes } from "../clickable";
import { NameList, positive, Section, ToPlay, Tracks } from "../panel";
import { KhartoumBattle } from "./battle";
import { InSideColumn } from "../side-column";

// Cards are shown as "K-04 Graham's Expedition"; the ref names the card by the id before the space.
export function cardId(label: string): string {
  const space = label.indexOf(" ");
  return space < 0 ? label : label.slice(0, space);
}

export function CardChip({ label, picker }: { label: string; picker: Picker }) {
  const id = cardId(label);
  return (
    <span
      {...refAttributes(picker, "card", id, "chip card", label)}
      title={label + choiceHint(picker, "card", id)}
    >
      {label}
    </span>
  );
}

// Units in a box, by name (as the view lists them), clickable by the id the data gives the name.
interface UnitChipsProps {
  names: string[];
  unitId: Map<string, string>;
  picker: Picker;
}

function UnitChips({ names, unitId, picker }: UnitChipsProps) {
  if (names.length === 0) return <span class="none">none</span>;
  return (
    <div class="chips">
      {names.map((name, i) => {
        const id = unitId.get(name);
        if (id === undefined) return <span key={`${i}:${name}`} class="chip">{name}</span>;
        return (
          <span
            key={id}
            {...refAttributes(picker, "unit", id, "chip unit", name)}
            title={name + choiceHint(picker, "unit", id)}
          >
            {name}
          </span>
        );
      })}
    </div>
  );
}

interface SideProps {
  side: SideView;
  unitId: Map<string, string>;
  cardInEffect: string;  // its chip is under Turn: one element per card id
  picker: Picker;
}

function SidePanel({ side, unitId, cardInEffect, picker }: SideProps) {
  const held =
    side.heldCard && cardId(side.heldCard) !== cardInEffect ? (
      <CardChip label={side.heldCard} picker={picker} />
    ) : (
      side.heldCard
    );
  return (
    <Section title={side.side} class={`side-${side.side.toLowerCase()}`}>
      <Tracks
        rows={[
          { label: "Cards in deck", value: String(side.deckSize) },
          { label: "Held card", value: held || (side.holdsCard ? "one, face down" : "none"), title: "29.1" },
        ]}
      />
      <h4>Reinforcements and recruits</h4>
      <UnitChips names={side.box} unitId={unitId} picker={picker} />
      {side.eliminated.length > 0 && (
        <>
          <h4>Eliminated</h4>
          <UnitChips names={side.eliminated} unitId={unitId} picker={picker} />
        </>
      )}
      {side.dead.length > 0 && (
        <>
          <h4>Dead</h4>
          <NameList names={side.dead} />
        </>
      )}
      <h4>Discards</h4>
      <NameList names={side.discards} />
      {side.removed.length > 0 && (
        <>
          <h4>Removed from play</h4>
          <NameList names={side.removed} />
        </>
      )}
    </Section>
  );
}

interface PanelProps {
  view: KhartoumView;
  data?: ScenarioData;
  unitId: Map<string, string>;
  picker: Picker;
  toPlay: string[];
  phase: string;  // in the rules' words (BoardProps.phase)
  log?: LogEntry[];  // for the battle's results so far
}

export function KhartoumPanel({ view, data, unitId, picker, toPlay, phase, log }: PanelProps) {
  const turns = data?.turn.length;
  const battle = view.battle;
  const toWin = data?.empireVpToWin ? ` (needs ${data.empireVpToWin} at the end)` : "";
  const cardInEffect = view.card ? cardId(view.card) : "";
  return (
    <>
      <Section title="Turn">
        <ToPlay sides={toPlay} />
        <Tracks
          rows={[
            { label: "Turn", value: `${view.turn}${turns ? ` of ${turns}` : ""} · ${view.turnName}` },
            { label: "Nile", value: view.nileFlood ? "in flood" : "low", title: "29.11" },
            { label: "Player turn", value: view.player, title: "the side whose player turn it is" },
            { label: "Step", value: phase },
            { label: "Card", value: view.card ? <CardChip label={view.card} picker={picker} /> : "" },
            { label: "Recruit to place", value: view.pendingUnit },
            { label: "Spaces of march left", value: positive(view.marchLeft), title: "card 18" },
            { label: "Moves left", value: positive(view.groupLeft) },
            { label: "Empire VP", value: `${view.empireVp}${toWin}`, title: "27.0" },
            { label: "The Mahdi returns on turn", value: positive(view.mahdiReturnTurn), title: "29.5" },
          ]}
        />
      </Section>
      {battle && <InSideColumn><KhartoumBattle view={view} battle={battle} data={data} log={log} /></InSideColumn>}
      {view.sides.map((side) => (
        <SidePanel key={side.side} side={side} unitId={unitId} cardInEffect={cardInEffect} picker={picker} />
      ))}
    </>
  );
}
