// The choices that end a phase with something left undone ask first; every other choice, and a
// choice that is the only one left, is sent straight away. One case per game's check.
import { describe, expect, test } from "vitest";
import { create, type DescMessage, type MessageInitShape } from "@bufbuild/protobuf";
import { LegalChoiceSchema, PromptSchema, type LegalChoice } from "../gen/game_pb";
import { KeyValueViewSchema } from "../gen/view_pb";
import { ActionKind as KhartoumAction, KhartoumViewSchema } from "../gen/khartoum_pb";
import { ActionKind as LionAction, AreaViewSchema, LionViewSchema } from "../gen/lion_pb";
import { ActionKind as CrossroadsAction, CrossroadsViewSchema } from "../gen/crossroads_pb";
import type { DecodedView } from "../views/decode";
import { phaseEndWarning } from "./phaseEndWarning";

const choice = (kind: number, label = "") => create(LegalChoiceSchema, { action: { kind }, label });
const prompt = (kind: string, choices: LegalChoice[]) => create(PromptSchema, { seat: 0, kind, choices });
// A seat's view as the match page holds it once decoded (views/decode.ts).
const viewOf = <Desc extends DescMessage>(schema: Desc, init: MessageInitShape<Desc>): DecodedView => ({
  schema,
  message: create(schema, init),
});

describe("Khartoum's March Phase (11.0)", () => {
  const view = viewOf(KhartoumViewSchema, {});
  const endMarch = choice(KhartoumAction.END_MARCH, "End the March Phase");

  test("ending it with stacks that could still move asks, counting them", () => {
    const march = prompt("march", [
      choice(KhartoumAction.MOVE_FROM, "Move from Berber"),
      choice(KhartoumAction.MOVE_FROM, "Move from Shendi"),
      endMarch,
    ]);
    expect(phaseEndWarning(view, [march], endMarch)).toBe("End the March Phase with 2 stacks unmoved?");
    const one = prompt("march", [choice(KhartoumAction.MOVE_FROM), endMarch]);
    expect(phaseEndWarning(view, [one], endMarch)).toBe("End the March Phase with 1 stack unmoved?");
  });

  test("moving a stack never asks", () => {
    const move = choice(KhartoumAction.MOVE_FROM);
    expect(phaseEndWarning(view, [prompt("march", [move, endMarch])], move)).toBeNull();
  });

  test("nothing left to move, or another prompt, does not ask", () => {
    const other = choice(KhartoumAction.DONE);
    expect(phaseEndWarning(view, [prompt("march", [other, endMarch])], endMarch)).toBeNull();
    expect(phaseEndWarning(view, [prompt("group", [choice(KhartoumAction.MOVE_FROM), endMarch])], endMarch)).toBeNull();
  });
});

describe("the Lion's action phase (4.1, 6.7)", () => {
  type LionInit = MessageInitShape<typeof LionViewSchema>;
  // One area per banner path, plus the palace, which is nobody's path.
  const areas = (defended: string[]) =>
    ["red", "green", "white", "black", "palace"].map((path) =>
      create(AreaViewSchema, { path, number: 3, units: defended.includes(path) ? ["Egyptian infantry"] : [] }),
    );
  const lion = (init: LionInit) => viewOf(LionViewSchema, init);
  const endActions = choice(LionAction.END_ACTIONS, "End the action phase");
  const actions = prompt("choose_action", [choice(LionAction.END_ACTIONS + 1), endActions]);

  test("unused action points ask", () => {
    const view = lion({ actionPoints: 2, areas: areas(["red", "green", "white", "black"]) });
    expect(phaseEndWarning(view, [actions], endActions)).toBe(
      "End the action phase with 2 action points unused (4.1)?",
    );
  });

  test("an undefended banner path asks, naming it; the palace is no path", () => {
    const view = lion({ actionPoints: 0, areas: areas(["red", "green", "white"]) });
    expect(phaseEndWarning(view, [actions], endActions)).toBe(
      "End the action phase with no defender on the black path (6.7)?",
    );
  });

  test("both worries in one question", () => {
    const view = lion({ actionPoints: 1, areas: areas(["red", "white"]) });
    expect(phaseEndWarning(view, [actions], endActions)).toBe(
      "End the action phase with 1 action point unused (4.1) and no defender on the green, black paths (6.7)?",
    );
  });

  test("nothing left undone does not ask", () => {
    const view = lion({ actionPoints: 0, areas: areas(["red", "green", "white", "black"]) });
    expect(phaseEndWarning(view, [actions], endActions)).toBeNull();
  });

  test("the view's type picks the check: kind 2 in Khartoum is not the Lion's END_ACTIONS", () => {
    const view = viewOf(KhartoumViewSchema, {});
    const same = choice(LionAction.END_ACTIONS);
    expect(phaseEndWarning(view, [prompt("march", [choice(KhartoumAction.MOVE_FROM), same])], same)).toBeNull();
  });
});

describe("Crossroads' income and expenditure (9.2, 9.3)", () => {
  const crossroads = (pounds: number) => viewOf(CrossroadsViewSchema, { pounds });
  const done = choice(CrossroadsAction.DONE, "Done");
  const expend = prompt("expend", [choice(CrossroadsAction.DONE + 1), done]);

  test("pounds left unspent ask", () => {
    expect(phaseEndWarning(crossroads(3), [expend], done)).toBe(
      "Finish income and expenditure with 3 pounds unspent (banked, 9.3)?",
    );
    expect(phaseEndWarning(crossroads(1), [expend], done)).toBe(
      "Finish income and expenditure with 1 pound unspent (banked, 9.3)?",
    );
  });

  test("an empty treasury, or another seat's hidden one (-1), does not ask", () => {
    expect(phaseEndWarning(crossroads(0), [expend], done)).toBeNull();
    expect(phaseEndWarning(crossroads(-1), [expend], done)).toBeNull();
  });
});

describe("whatever the game", () => {
  test("the only choice left never asks", () => {
    const view = viewOf(CrossroadsViewSchema, { pounds: 5 });
    const done = choice(CrossroadsAction.DONE);
    expect(phaseEndWarning(view, [prompt("expend", [done])], done)).toBeNull();
  });

  test("no view yet, a choice in no prompt, or a game without checks does not ask", () => {
    const done = choice(CrossroadsAction.DONE);
    const expend = prompt("expend", [choice(0), done]);
    expect(phaseEndWarning(undefined, [expend], done)).toBeNull();
    const view = viewOf(CrossroadsViewSchema, { pounds: 5 });
    expect(phaseEndWarning(view, [expend], choice(CrossroadsAction.DONE))).toBeNull();
    const generic = viewOf(KeyValueViewSchema, {});
    expect(phaseEndWarning(generic, [expend], done)).toBeNull();
  });
});
