// Player names by user id for one event: the player list is the authority, the boards fill in,
// and an unknown id still reads as something.
import { expect, test } from "vitest";
import { create } from "@bufbuild/protobuf";
import { TournamentInfoSchema } from "../gen/wire_pb";
import { namesOf } from "./names";

test("names from the player list and the boards, else the user id", () => {
  const info = create(TournamentInfoSchema, {
    players: [{ userId: 1n, userName: "gordon" }],
    boards: [
      { aUser: 1n, aName: "old name", bUser: 2n, bName: "ahmed" },
      { aUser: 3n, aName: "", bUser: 4n, bName: "" },
    ],
  });
  const nameOf = namesOf(info);
  expect(nameOf(1n)).toBe("gordon");
  expect(nameOf(2n)).toBe("ahmed");
  expect(nameOf(3n)).toBe("user 3");
  expect(nameOf(4n)).toBe("user 4");
});
