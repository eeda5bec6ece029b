// The defenders' counters print each unit's defence factor: a two-step troop on its full face, a
// reduced one on its reduced face, leaders, guns and gunboats from their own rows of the data.
import { describe, expect, test } from "vitest";
import { create } from "@bufbuild/protobuf";
import { LionDataSchema } from "../../gen/lion_data_pb";
import { defenceOf } from "./area";

const data = create(LionDataSchema, {
  troops: [{ id: "egyptian", name: "Egyptian infantry", startSteps: 2, full: { defence: 2 }, reduced: { defence: 1 } },
    { id: "militia", name: "Militia", startSteps: 1, full: { defence: 0 }, reduced: { defence: 0 } }],
  leaders: [{ id: "stewart", name: "Lt. Col. Stewart", factors: { defence: 2 } }],
  guns: [{ id: "light", name: "Light gun", factors: { defence: 1 } }],
  gunboat: { defence: 1 },
});

describe("defenceOf", () => {
  test("a troop's face follows its steps", () => {
    expect(defenceOf("Egyptian infantry (2 steps)", data)).toBe(2);
    expect(defenceOf("Egyptian infantry (1 step)", data)).toBe(1);
    expect(defenceOf("Militia (1 step)", data)).toBe(0);
  });

  test("leaders, guns and gunboats have one face", () => {
    expect(defenceOf("Lt. Col. Stewart", data)).toBe(2);
    expect(defenceOf("Light gun", data)).toBe(1);
    expect(defenceOf("Gunboat", data)).toBe(1);
  });

  test("nothing is guessed without the data or for a name it lacks", () => {
    expect(defenceOf("Egyptian infantry (2 steps)", undefined)).toBeUndefined();
    expect(defenceOf("Camel corps", data)).toBeUndefined();
  });
});
