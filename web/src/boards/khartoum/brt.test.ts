// What a Khartoum unit needs to hit, read from the Battle Results Table (13.2) of the scenario
// data, and how many dice it rolls (13.1, 21.3).
import { describe, expect, test } from "vitest";
import { create } from "@bufbuild/protobuf";
import { ScenarioDataSchema } from "../../gen/hand_of_destiny_data_pb";
import { UnitViewSchema } from "../../gen/khartoum_pb";
import { diceInBattle, toHit, toHitText } from "./brt";

const data = create(ScenarioDataSchema, {
  unitType: [
    { id: "infantry", name: "Infantry" },
    { id: "tribal", name: "Tribal" },
    { id: "camel", name: "Camel Corps" },
  ],
  brt: [
    { unitType: "infantry", faces: "---PEE" },
    { unitType: "tribal", faces: "E-P-E-" },
  ],
});

describe("toHit", () => {
  test("the faces of the unit type's column, by the type's printed name", () => {
    expect(toHit(data, "Infantry")).toEqual({ eliminate: [5, 6], panic: [4] });
    expect(toHit(data, "Tribal")).toEqual({ eliminate: [1, 5], panic: [3] });
  });

  test("no column, no type, or no data yet", () => {
    expect(toHit(data, "Camel Corps")).toBeUndefined();
    expect(toHit(data, "Gunboat")).toBeUndefined();
    expect(toHit(undefined, "Infantry")).toBeUndefined();
  });
});

test("toHitText: a run of faces as a range, others listed", () => {
  expect(toHitText({ eliminate: [5, 6], panic: [4] })).toBe("eliminates on 5–6, panics on 4");
  expect(toHitText({ eliminate: [1, 5], panic: [] })).toBe("eliminates on 1, 5");
  expect(toHitText({ eliminate: [], panic: [2, 3, 4] })).toBe("panics on 2–4");
  expect(toHitText({ eliminate: [], panic: [] })).toBe("no effect on any face");
});

test("diceInBattle: one per strength point, one less out of supply (21.3), never negative", () => {
  expect(diceInBattle(create(UnitViewSchema, { strength: 3 }))).toBe(3);
  expect(diceInBattle(create(UnitViewSchema, { strength: 3, outOfSupply: true }))).toBe(2);
  expect(diceInBattle(create(UnitViewSchema, { strength: 0, outOfSupply: true }))).toBe(0);
});
