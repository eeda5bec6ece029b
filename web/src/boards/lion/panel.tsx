// The Lion's tracks and resource card beside the paths: turn, action points, City Morale,
// Resource Points, the raid, sortie or defence under way (battle.tsx), the event and banner decks
// (sizes only: their order is hidden), the boxes of the resource card, and the troops and leaders
// a choice can name, as things to click.
import type { LogEntry } from "../../gen/game_pb";
import type { LionData } from "../../gen/lion_data_pb";
import type { LionView } from "../../gen/lion_pb";
import type { Picker } from "../clickable";
import { choiceHint, refAttributes } from "../clickable";
import { signed } from "../modifier";
import { NameList, Section, ToPlay, Tracks } from "../panel";
import { machineNameInWords } from "../../app/phases";
import { LionBattle } from "./battle";
import { InSideColumn } from "../side-column";

// "Egyptian infantry (2 steps)" x3 -> one line "3 × Egyptian infantry (2 steps)".
function counted(names: string[]): string[] {
  const counts = new Map<string, number>();
  for (const n of names) counts.set(n, (counts.get(n) ?? 0) + 1);
  return [...counts].map(([n, c]) => (c > 1 ? `${c} × ${n}` : n));
}

// Where the units of one type (by display name prefix) are, box by box.
function whereAre(view: LionView, name: string): string {
  const places = view.boxes
    .map((b) => ({ box: b.box, n: b.units.filter((u) => u === name || u.startsWith(`${name} (`)).length }))
    .filter((p) => p.n > 0)
    .map((p) => `${p.n} ${p.box}`);
  return places.join(", ") || "none";
}

function ForceChips({ view, data, picker }: { view: LionView; data: LionData; picker: Picker }) {
  const forces = [
    ...data.troops.map((t) => ({ id: t.id, name: t.name })),
    ...data.leaders.map((l) => ({ id: l.id, name: l.name })),
  ];
  return (
    <div class="chips">
      {forces.map((f) => {
        const where = whereAre(view, f.name);
        return (
          <span
            key={f.id}
            {...refAttributes(picker, "unit", f.id, "chip unit", f.name)}
            title={`${f.name}: ${where}${choiceHint(picker, "unit", f.id)}`}
          >
            {f.name}
            <small>{where}</small>
          </span>
        );
      })}
    </div>
  );
}

// The banners of the banner card, by name: the view lists them by id, left to right.
function bannerNames(view: LionView): string[] {
  return view.bannerCardOrder.map((id) => view.banners.find((b) => b.id === id)?.name ?? machineNameInWords(id));
}

interface PanelProps {
  view: LionView;
  data?: LionData;
  picker: Picker;
  toPlay: string[];
  phase: string;  // in the rules' words (BoardProps.phase)
  log?: LogEntry[];  // for the lines of the roll under way
}

export function LionPanel({ view, data, picker, toPlay, phase, log }: PanelProps) {
  const months = data?.months.length;
  return (
    <>
      {view.result && (
        <Section title="Result" class="result">
          <p>{view.result}</p>
        </Section>
      )}
      <Section title="Turn">
        <ToPlay sides={toPlay} />
        <Tracks
          rows={[
            { label: "Turn", value: `${view.turn}${months ? ` of ${months}` : ""} · ${view.month}` },
            { label: "Phase", value: phase },
            { label: "Action points", value: String(view.actionPoints), title: "4.1" },
            { label: "City Morale", value: `${view.cityMorale} (DRM ${signed(view.cmDrm)})` },
            { label: "Resource Points", value: `${view.resourcePoints} (DRM ${signed(view.rpDrm)})` },
            {
              label: "Free RP",
              value: view.freeResourcePoints > 0 ? String(view.freeResourcePoints) : "",
              title: "4.2: turn 1 only",
            },
            { label: "Relief expedition", value: view.reliefTurn > 0 ? `turn ${view.reliefTurn}` : "" },
            { label: "Actions done", value: view.actionsDone.join(", ") },
            { label: "Difficulty", value: machineNameInWords(view.difficulty) },
          ]}
        />
      </Section>
      {view.combat && <InSideColumn><LionBattle view={view} combat={view.combat} data={data} log={log} /></InSideColumn>}
      {data && (
        <Section title="Troops and leaders">
          <ForceChips view={view} data={data} picker={picker} />
        </Section>
      )}
      <Section title="Cards">
        <Tracks
          rows={[
            { label: "Event", value: view.eventCard > 0 ? `${view.eventCard} · ${view.eventTitle}` : "" },
            {
              label: "Event deck",
              value: view.eventCards ? `${view.eventDeck} face down, ${view.eventsRemoved} removed` : "off",
            },
            {
              label: "Banner card",
              value: view.bannerCard > 0 ? `${view.bannerCard}: ${bannerNames(view).join(", ")}` : "",
            },
            { label: "Banner deck", value: `${view.bannerDeck} face down` },
            { label: "Gunboats built", value: String(view.gunboatsBuilt) },
            { label: "Fortification markers left", value: String(view.fortificationMarkersLeft) },
          ]}
        />
      </Section>
      <Section title="Banners">
        <Tracks
          rows={view.banners.map((b) => ({
            label: b.name,
            value: `${b.strength} in ${b.areaName} (${b.area})${b.disorganised ? ", disorganised" : ""}`,
          }))}
        />
      </Section>
      <Section title="Resource card">
        {view.boxes.map((b) => (
          <div key={b.box} class="lion-box">
            <h4>{b.box}</h4>
            <NameList names={counted(b.units)} />
          </div>
        ))}
      </Section>
    </>
  );
}
