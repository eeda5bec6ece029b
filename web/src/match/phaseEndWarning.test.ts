// The question before a choice that ends a phase early comes from the rules with the choice
// (LegalChoice.confirm); the rules' own tests check when each game asks it (phase_end_test.cpp in
// tests/rules). Here: the client asks exactly what the choice carries, and nothing otherwise.
import { describe, expect, test } from "vitest";
import { create } from "@bufbuild/protobuf";
import { LegalChoiceSchema, PromptSchema } from "../gen/game_pb";
import { phaseEndWarning } from "./phaseEndWarning";

describe("the question before a phase ends", () => {
  const question = "End the March Phase with 2 stacks unmoved?";
  const endMarch = create(LegalChoiceSchema, { action: { kind: 2 }, label: "End the March Phase", confirm: question });
  const move = create(LegalChoiceSchema, { action: { kind: 3 }, label: "Move from Berber" });
  const march = create(PromptSchema, { seat: 0, kind: "march", choices: [move, endMarch] });

  test("a choice the rules ask about asks their question, word for word", () => {
    expect(phaseEndWarning(undefined, [march], endMarch)).toBe(question);
  });

  test("every other choice is sent straight away", () => {
    expect(phaseEndWarning(undefined, [march], move)).toBeNull();
  });
});
