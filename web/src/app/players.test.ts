// A computer opponent is always marked as one, and a free seat reads "open".
import { expect, test } from "vitest";
import { create } from "@bufbuild/protobuf";
import { SeatInfoSchema } from "../gen/wire_pb";
import { playerName, seatsText } from "./players";

test("a bot's name says it is a computer", () => {
  expect(playerName("ahmed", false)).toBe("ahmed");
  expect(playerName("bot-normal", true)).toBe("bot-normal (computer)");
});

test("seatsText lists each side with its player, or open", () => {
  const seats = [
    create(SeatInfoSchema, { seat: 0, side: "Mahdist", userId: 4n, userName: "ahmed" }),
    create(SeatInfoSchema, { seat: 1, side: "Empire", userId: 9n, userName: "bot-normal", bot: true }),
  ];
  expect(seatsText(seats)).toBe("Mahdist: ahmed · Empire: bot-normal (computer)");
  expect(seatsText([create(SeatInfoSchema, { side: "Empire", userName: "stale" })])).toBe("Empire: open");
});
