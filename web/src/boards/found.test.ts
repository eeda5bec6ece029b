// The dedicated boards are found by their folders (found.ts), each drawing its view type; any
// other type is left to the generic board.
import { expect, test } from "vitest";
import { boardFor, gameBoards } from "./found";
import { KhartoumViewSchema } from "../gen/khartoum_pb";

test("every board folder is found, by the view type it draws", () => {
  expect(gameBoards.map((b) => b.viewType).sort()).toEqual([
    "frontier.crossroads.CrossroadsView",
    "frontier.khartoum.KhartoumView",
    "frontier.lion.LionView",
  ]);
  expect(boardFor("frontier.khartoum.KhartoumView")?.schema).toBe(KhartoumViewSchema);
});

test("a type no folder draws has no board of its own", () => {
  expect(boardFor("frontier.dispatches.DispatchesView")).toBeUndefined();
  expect(boardFor("frontier.KeyValueView")).toBeUndefined();
});
