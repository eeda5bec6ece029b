// Gordon's raid, sortie or defence (LionView.combat) in a wargamer's words: its title and rule,
// the terms its die-roll modifier is made of, the outcome table it rolls on, and what Gordon has
// still to decide. Pure: the panel (battle.tsx) draws what these return.
import type { LionData, OutcomeRow } from "../../gen/lion_data_pb";
import type { CombatView } from "../../gen/lion_pb";

// The rule each kind of fight follows, and the outcome table (AOT) it rolls on.
const KINDS: Record<string, { rule: string; table: string; factor: string }> = {
  raid: { rule: "6.5", table: "AOT.2", factor: "raid factor" },
  sortie: { rule: "6.6", table: "AOT.3", factor: "sortie factor" },
  defence: { rule: "7.2", table: "AOT.1", factor: "defence factor" },
};

export function kindRule(c: CombatView): string {
  return KINDS[c.kind]?.rule ?? "";
}

export function kindTable(c: CombatView): string {
  return KINDS[c.kind]?.table ?? "";
}

// What a unit's number in the list means: "raid factor".
export function factorName(c: CombatView): string {
  return KINDS[c.kind]?.factor ?? "factor";
}

// "Raid on the Black Banner", "Black Banner attacks Fort Omdurman".
export function combatTitle(c: CombatView): string {
  switch (c.kind) {
    case "raid":
      return `Raid on the ${c.banner}`;
    case "sortie":
      return `Sortie against the ${c.banner}`;
    default:
      return `${c.banner} attacks ${c.area}`;
  }
}

export interface Term {
  label: string;
  value: number;
  rule: string;  // cited beside the label
}

// The terms of the modifier before the roll, in the order the rules list them (6.5 step 3, 6.6,
// 7.2 steps 1-4); their sum is the view's `drm`. Spending an RP on a defence is not among them:
// it is still Gordon's choice (7.2 step 3).
export function modifierTerms(c: CombatView): Term[] {
  const rule = kindRule(c);
  const banner =
    c.kind === "raid"
      ? `${c.banner}: half of ${c.bannerStrength}, rounded up`
      : `${c.banner}: its strength`;
  const terms: Term[] = [
    { label: "Gordon's units", value: c.unitsDrm, rule },
    { label: "City Morale and Resource Points", value: c.tracksDrm, rule: "11.6, 11.10" },
    { label: banner, value: c.bannerDrm, rule },
  ];
  if (c.kind === "defence") terms.push({ label: `Fortification of ${c.area}`, value: c.fortification, rule });
  return terms;
}

// The outcome table this fight rolls on, from the game data (absent while the data loads).
export function outcomeRows(c: CombatView, data?: LionData): OutcomeRow[] {
  if (!data) return [];
  return c.kind === "raid" ? data.raidTable : c.kind === "sortie" ? data.sortieTable : data.defenceTable;
}

const plural = (n: number, one: string, many: string) => (n === 1 ? one : many);

// What Gordon has still to decide, as sentences citing their rules; none once all is settled.
export function stillToDecide(c: CombatView, resourcePoints: number): string[] {
  if (!c.rolled) {
    if (c.kind === "defence") {
      return resourcePoints >= 1 ? ["Spend one Resource Point for +1 before the roll? (7.2)"] : [];
    }
    return [`Add the ${c.kind}'s units, then launch it (${kindRule(c)})`];
  }
  const left: string[] = [];
  if (c.stepsToLose > 0) {
    left.push(
      `Which ${plural(c.stepsToLose, "unit loses a step", `units lose ${c.stepsToLose} steps`)}: two-step units first (11.11)`,
    );
  }
  if (c.gunsToLose > 0) left.push(`Which ${plural(c.gunsToLose, "gun is", `${c.gunsToLose} guns are`)} lost`);
  return left;
}
