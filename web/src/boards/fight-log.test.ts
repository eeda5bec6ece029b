// The lines a battle panel shows as "so far": only those of the fight now running.
import { expect, test } from "vitest";
import { create } from "@bufbuild/protobuf";
import { LogEntrySchema } from "../gen/game_pb";
import { linesSince } from "./fight-log";

const line = (kind: string, text = kind) => create(LogEntrySchema, { kind, text });

test("the lines start at the last opener, not an earlier fight's", () => {
  const log = [line("battle.start", "first"), line("battle.fire"), line("turn"), line("battle.start", "second"), line("battle.fire", "hit")];
  expect(linesSince(log, ["battle.start"]).map((e) => e.text)).toEqual(["second", "hit"]);
});

test("any of several openers starts the fight", () => {
  const log = [line("raid.roll"), line("casualty.troops"), line("banner.attack"), line("defence.roll")];
  expect(linesSince(log, ["raid.roll", "banner.attack"]).map((e) => e.kind)).toEqual(["banner.attack", "defence.roll"]);
});

test("no opener in the log: nothing to show", () => {
  expect(linesSince([line("turn"), line("move")], ["combat"])).toEqual([]);
  expect(linesSince([], ["combat"])).toEqual([]);
});
