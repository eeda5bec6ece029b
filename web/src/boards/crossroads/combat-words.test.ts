// An Asia Crossroads combat in words: counter types, the defence with its multiple, the agents'
// modifier, and what is left to settle or to choose.
import { expect, test } from "vitest";
import { create } from "@bufbuild/protobuf";
import { CombatViewSchema } from "../../gen/crossroads_pb";
import {
  agentText, defenceText, dieModifier, stillToChoose, stillToDecide, stillToSettle, tableWords, typeWords,
} from "./combat-words";

// As rules/crossroads/view.cpp fills it: at the table choice, then after a roll at Lahore.
const declared = create(CombatViewSchema, {
  square: 1329, name: "Lahore", attacker: "British", defender: "Russian", attack: 3, defence: 15,
});
const rolled = create(CombatViewSchema, {
  ...declared, table: "Raid", terrainMultiple: 2, odds: "1:3", attackerAgent: "Keane", attackerDrm: 2,
  result: "AR", resultText: "attacker retreats", retreating: "British",
});

test("counter types and table letters in words", () => {
  expect(typeWords("FC")).toBe("flying column");
  expect(typeWords("IR")).toBe("irregulars");
  expect(typeWords("XX")).toBe("XX");
  expect(tableWords("C")).toBe("counts for either table");
});

test("the defence shows its multiple once chosen", () => {
  expect(defenceText(declared)).toBe("15");
  expect(defenceText(rolled)).toBe("15 \u00d7 2 = 30");
  expect(defenceText(create(CombatViewSchema, { ...rolled, terrainMultiple: 1 }))).toBe("15");
});

test("the agents' modifier is the attacker's value less the defender's, once rolled", () => {
  expect([agentText(declared, "attacker"), dieModifier(declared)]).toEqual(["", ""]);
  expect([agentText(rolled, "attacker"), agentText(rolled, "defender"), dieModifier(rolled)]).toEqual(["Keane, +2", "none", "+2"]);
  const both = create(CombatViewSchema, { ...rolled, defenderAgent: "Vitkovitch", defenderDrm: 3 });
  expect([agentText(both, "defender"), dieModifier(both)]).toEqual(["Vitkovitch, \u22123", "\u22121"]);
});

test("before the roll the steps not taken yet; after it, the choices the result leaves", () => {
  expect(stillToSettle(declared)).toEqual([
    "the table, Battle or Raid (14.6)", "the defender's terrain multiple (14.74)", "each side's agent (14.8)", "the roll (14.7)",
  ]);
  expect(stillToSettle(create(CombatViewSchema, { ...declared, table: "Battle" }))).toEqual([
    "the defender's terrain multiple (14.74)", "each side's agent (14.8)", "the roll (14.7)",
  ]);
  expect(stillToSettle(rolled)).toEqual([]);
  expect(stillToChoose(declared)).toEqual([]);
  expect(stillToChoose(rolled)).toEqual(["The British choose where to retreat (14.9)"]);
  const loss = create(CombatViewSchema, { ...rolled, result: "D1R", retreating: "", losing: "Russian", lossesDue: 1 });
  expect(stillToChoose(loss)).toEqual(["The Russians choose the unit to lose (14.9)"]);
});

test("what the panel lists as still to decide: who plays and what comes, or the result's choices", () => {
  expect(stillToDecide(declared, ["British"])).toEqual([
    "British to play. Yet to come: the table, Battle or Raid (14.6), the defender's terrain multiple (14.74), each side's agent (14.8), the roll (14.7).",
  ]);
  expect(stillToDecide(declared, [])[0]).toMatch(/^Yet to come: the table/);
  expect(stillToDecide(declared, ["Russian"])[0]).toMatch(/^Russian to play\. Yet to come: the defender's withdrawal before combat \(14\.5\), the table/);
  expect(stillToDecide(rolled, ["British"])).toEqual(["The British choose where to retreat (14.9)"]);
});
