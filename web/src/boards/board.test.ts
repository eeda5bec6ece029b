// A click on a place or unit sends every choice that names it: the grouping behind that.
import { expect, test } from "vitest";
import { create } from "@bufbuild/protobuf";
import { LegalChoiceSchema } from "../gen/game_pb";
import { choicesByRef, refKey } from "./board";

test("choices are grouped under each thing they refer to, in the prompt's order", () => {
  const attack = create(LegalChoiceSchema, { label: "Attack Berber", refs: [{ type: "space", id: "berber" }] });
  const move = create(LegalChoiceSchema, {
    label: "Move from Shendi to Berber",
    refs: [{ type: "space", id: "shendi" }, { type: "space", id: "berber" }],
  });
  const pass = create(LegalChoiceSchema, { label: "Pass" });
  const byRef = choicesByRef([attack, move, pass]);
  expect([...byRef.keys()].sort()).toEqual(["space:berber", "space:shendi"]);
  expect(byRef.get("space:berber")).toEqual([attack, move]);
  expect(byRef.get("space:shendi")).toEqual([move]);
});

test("a ref's key keeps its type, so a unit and a space with the same id differ", () => {
  expect(refKey("unit", "12")).toBe("unit:12");
  expect(refKey("unit", "12")).not.toBe(refKey("space", "12"));
});
