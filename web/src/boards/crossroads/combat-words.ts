// An Asia Crossroads combat (CrossroadsView.combat) in a wargamer's words: the counters' types
// and tables, the defence with its terrain multiple, the agents' die modifier, and what is still
// to be settled before the roll (14.5-14.8) or to be chosen after it (14.9). Pure: the panel
// (battle.tsx) draws what these return.
import type { CombatView } from "../../gen/crossroads_pb";
import { signed } from "../modifier";

// The counter types as the rules name them (the C++ labels say "Punjab field force 1" too).
const TYPE_WORDS: Record<string, string> = {
  FF: "field force",
  FC: "flying column",
  GA: "garrison",
  IR: "irregulars",
  EL: "elephants",
  GZ: "Ghazis",
};

export function typeWords(type: string): string {
  return TYPE_WORDS[type] ?? type;
}

// The letter after a counter's strength: the tables its factors count for (14.61, 14.62).
const TABLE_WORDS: Record<string, string> = {
  B: "counts for the Battle table",
  R: "counts for the Raid table",
  C: "counts for either table",
};

export function tableWords(crt: string): string {
  return TABLE_WORDS[crt] ?? "";
}

// "15 × 2 = 30" once the multiple is chosen (14.74); the bare strength before.
export function defenceText(c: CombatView): string {
  if (c.terrainMultiple <= 1) return String(c.defence);
  return `${c.defence} \u00d7 ${c.terrainMultiple} = ${c.defence * c.terrainMultiple}`;
}

// One side's agent and what it does to the die (14.8): the attacker's adds his military value,
// the defender's subtracts his. "" before the roll, when the agents are not yet known.
export function agentText(c: CombatView, role: "attacker" | "defender"): string {
  if (!c.result) return "";
  const [agent, drm] = role === "attacker" ? [c.attackerAgent, c.attackerDrm] : [c.defenderAgent, -c.defenderDrm];
  return agent ? `${agent}, ${signed(drm)}` : "none";
}

// The net die modifier of 14.8 once rolled, else "".
export function dieModifier(c: CombatView): string {
  return c.result ? signed(c.attackerDrm - c.defenderDrm) : "";
}

// Before the roll: the steps of 14.5-14.8 not settled yet, in the order they are taken.
export function stillToSettle(c: CombatView): string[] {
  if (c.result) return [];
  const left: string[] = [];
  if (!c.table) left.push("the table, Battle or Raid (14.6)");
  if (c.terrainMultiple === 0) left.push("the defender's terrain multiple (14.74)");
  left.push("each side's agent (14.8)", "the roll (14.7)");
  return left;
}

// A side as the subject of a sentence: "The British", "The Russians".
export function sidePeople(side: string): string {
  return side === "Russian" ? "The Russians" : `The ${side}`;
}

// After the roll: what the result leaves a player to choose (14.9).
export function stillToChoose(c: CombatView): string[] {
  const left: string[] = [];
  if (c.losing && c.lossesDue > 0) {
    const what = c.lossesDue === 1 ? "the unit" : `${c.lossesDue} units`;
    left.push(`${sidePeople(c.losing)} choose ${what} to lose (14.9)`);
  }
  if (c.retreating) left.push(`${sidePeople(c.retreating)} choose where to retreat (14.9)`);
  return left;
}

// Everything the combat still waits for: the choices its result leaves, or before the roll who is
// to play (`toPlay`, the sides holding a prompt) and the steps yet to come.
export function stillToDecide(c: CombatView, toPlay: readonly string[]): string[] {
  const settle = stillToSettle(c);
  if (settle.length === 0) return stillToChoose(c);
  // Before the table is known the defender's question is whether to withdraw (14.5). (The one
  // exception, a defender naming his agent after a withdrawal declined and a table and multiple
  // settled without asking, the view does not tell apart.)
  if (!c.table && toPlay.includes(c.defender)) settle.unshift("the defender's withdrawal before combat (14.5)");
  const who = toPlay.length > 0 ? `${toPlay.join(" and ")} to play. ` : "";
  return [`${who}Yet to come: ${settle.join(", ")}.`];
}
