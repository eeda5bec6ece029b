// Khartoum's inspector bodies: a unit (on the map from the view; in a box from the printed counter
// the view names) with what it needs to hit, and a card with its printed text.
import { ScenarioDataSchema, type ScenarioData } from "../../gen/hand_of_destiny_data_pb";
import type { KhartoumView, UnitView } from "../../gen/khartoum_pb";
import type { InspectTarget } from "../../inspect/context";
import type { Details } from "../../inspect/Details";
import { DetailsView } from "../../inspect/Inspector";
import { useStaticData } from "../static-data";
import { diceInBattle, toHit, toHitText } from "./brt";
import { FaceStrip } from "./battle";

function unitState(u: UnitView): string {
  const marks = [
    u.panicked && "panicked (13.3)",
    u.moved && "moved this turn",
    u.outOfSupply && "out of supply: one die less (21.3)",
    u.selected && "in the moving group",
  ].filter(Boolean);
  return marks.join("; ") || "ready";
}

function onMap(view: KhartoumView, data: ScenarioData | undefined, id: string): Details | null {
  for (const space of view.spaces) {
    const u = space.units.find((unit) => unit.id === id);
    if (!u) continue;
    const hit = toHit(data, u.type);
    return {
      title: u.name,
      rows: [
        { label: "Side", value: u.side },
        { label: "Type", value: u.type },
        { label: "Strength", value: `${u.strength} (rolls ${diceInBattle(u)} ${diceInBattle(u) === 1 ? "die" : "dice"}, 13.1)` },
        { label: "Elite", value: u.elite ? "yes: +1 to tactical superiority (13.1), no panic when defending (16.0)" : "no" },
        { label: "State", value: unitState(u) },
        { label: "Where", value: space.name },
        { label: "To hit", value: hit ? <><FaceStrip hit={hit} /> {toHitText(hit)}</> : "" },
      ],
    };
  }
  return null;
}

// A unit of a box: the view lists it by name; its values are the printed counter's.
function inBox(view: KhartoumView, data: ScenarioData | undefined, id: string): Details | null {
  const unit = data?.unit.find((u) => u.id === id);
  if (!unit || !data) return null;
  const where = view.sides.flatMap((s) => [
    ...(s.box.includes(unit.name) ? ["in the reinforcement / recruit box"] : []),
    ...(s.eliminated.includes(unit.name) ? ["in the Eliminated Box"] : []),
  ]);
  if (where.length === 0) return null;  // not in the view: nothing to tell
  const type = data.unitType.find((t) => t.id === unit.type);
  const hit = type && toHit(data, type.name);
  return {
    title: unit.name,
    rows: [
      { label: "Side", value: data.sides[unit.side] ?? "" },
      { label: "Type", value: type?.name ?? unit.type },
      { label: "Strength", value: String(unit.strength) },
      { label: "Elite", value: unit.elite ? "yes (16.0)" : "no" },
      { label: "Where", value: where.join(", ") },
      { label: "To hit", value: hit ? <><FaceStrip hit={hit} /> {toHitText(hit)}</> : "" },
    ],
  };
}

function card(data: ScenarioData | undefined, id: string): Details | null {
  const c = data?.card.find((k) => k.id === id);
  if (!c || !data) return null;
  return {
    title: `${c.id} ${c.name}`,
    rows: [
      { label: "Side", value: data.sides[c.side] ?? "" },
      { label: "Text", value: c.text },
      { label: "Battle bonus", value: c.battleBonus > 0 ? `+${c.battleBonus} to the tactical superiority roll (13.1)` : "" },
    ].filter((r) => r.value !== ""),
  };
}

export function KhartoumDetails({ view, target }: { view: KhartoumView; target: InspectTarget }) {
  const { data } = useStaticData("khartoum", ScenarioDataSchema);
  const details =
    target.type === "unit" ? onMap(view, data, target.id) ?? inBox(view, data, target.id) :
    target.type === "card" ? card(data, target.id) :
    null;
  return <DetailsView details={details} />;
}
