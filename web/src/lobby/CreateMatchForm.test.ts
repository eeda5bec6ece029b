// An option's choices read as words: Scenario 3's "start" option offers the scenarios it may start
// from by their numbers and names, not their ids ("scenario1").
import { describe, expect, test } from "vitest";
import { create } from "@bufbuild/protobuf";
import { GameInfoSchema } from "../gen/game_pb";
import { choiceName } from "./CreateMatchForm";

const crossroads = create(GameInfoSchema, {
  id: "crossroads",
  scenarios: [{ id: "scenario1", name: "On to Afghanistan!" }, { id: "scenario2", name: "Clash of Empires" }],
});

describe("choiceName", () => {
  test("a scenario's id reads as its number and name", () => {
    expect(choiceName(crossroads, { value: "scenario1", name: "" })).toBe("Scenario 1: On to Afghanistan!");
    expect(choiceName(crossroads, { value: "scenario2", name: "" })).toBe("Scenario 2: Clash of Empires");
  });

  test("a choice's own name wins; any other value stays as it is", () => {
    expect(choiceName(crossroads, { value: "scenario1", name: "The first" })).toBe("The first");
    expect(choiceName(crossroads, { value: "on", name: "" })).toBe("on");
  });
});
