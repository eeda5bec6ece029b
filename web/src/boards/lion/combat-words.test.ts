// Gordon's fights in words: titles, the modifier's terms (which must add up to the view's
// modifier) and what is left for Gordon to decide.
import { expect, test } from "vitest";
import { create } from "@bufbuild/protobuf";
import { CombatViewSchema } from "../../gen/lion_pb";
import { combatTitle, factorName, modifierTerms, stillToDecide } from "./combat-words";

// As the server sends a raid being formed (rules/lion/view.cpp): units +2, tracks +1, half of 8.
const raid = create(CombatViewSchema, {
  kind: "raid", banner: "Black Banner", bannerStrength: 8, drm: -1, unitsDrm: 2, tracksDrm: 1, bannerDrm: -4,
});
const defence = create(CombatViewSchema, {
  kind: "defence", banner: "White Banner", bannerStrength: 8, area: "Southern Ramparts",
  drm: -4, unitsDrm: 3, tracksDrm: 0, bannerDrm: -8, fortification: 1,
});

test("titles name the banner, and for a defence the area attacked", () => {
  expect(combatTitle(raid)).toBe("Raid on the Black Banner");
  expect(combatTitle(create(CombatViewSchema, { kind: "sortie", banner: "Red Banner" }))).toBe("Sortie against the Red Banner");
  expect(combatTitle(defence)).toBe("White Banner attacks Southern Ramparts");
  expect(factorName(defence)).toBe("defence factor");
});

test("the terms add up to the modifier; only a defence counts its fortification", () => {
  for (const c of [raid, defence]) {
    expect(modifierTerms(c).reduce((sum, t) => sum + t.value, 0)).toBe(c.drm);
  }
  expect(modifierTerms(raid).map((t) => t.label)).toEqual([
    "Gordon's units", "City Morale and Resource Points", "Black Banner: half of 8, rounded up",
  ]);
  expect(modifierTerms(defence).at(-1)).toEqual({ label: "Fortification of Southern Ramparts", value: 1, rule: "7.2" });
});

test("what is left to decide, before and after the roll", () => {
  expect(stillToDecide(raid, 30)).toEqual(["Add the raid's units, then launch it (6.5)"]);
  expect(stillToDecide(defence, 30)).toEqual(["Spend one Resource Point for +1 before the roll? (7.2)"]);
  expect(stillToDecide(defence, 0)).toEqual([]);
  const hurt = create(CombatViewSchema, { ...defence, rolled: true, stepsToLose: 2, gunsToLose: 1 });
  expect(stillToDecide(hurt, 30)).toEqual(["Which units lose 2 steps: two-step units first (11.11)", "Which gun is lost"]);
  expect(stillToDecide(create(CombatViewSchema, { ...raid, rolled: true }), 30)).toEqual([]);
});
