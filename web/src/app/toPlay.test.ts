// "Who is to play" is said by side name on every page; these pin how seats become names and how
// several names are joined.
import { describe, expect, test } from "vitest";
import { create } from "@bufbuild/protobuf";
import { GameStatusSchema } from "../gen/game_pb";
import { SeatInfoSchema } from "../gen/wire_pb";
import { sidesToPlay, toPlayText } from "./toPlay";
import { turnText } from "./turnText";

const seats = [
  create(SeatInfoSchema, { seat: 0, side: "Mahdist" }),
  create(SeatInfoSchema, { seat: 1, side: "Empire" }),
];

describe("sidesToPlay", () => {
  test("names the seats holding a prompt, in the status's order", () => {
    expect(sidesToPlay(create(GameStatusSchema, { activeSeats: [1] }), seats)).toEqual(["Empire"]);
    expect(sidesToPlay(create(GameStatusSchema, { activeSeats: [1, 0] }), seats)).toEqual(["Empire", "Mahdist"]);
  });

  test("nobody is to play in a finished game or before the status is known", () => {
    expect(sidesToPlay(create(GameStatusSchema, { activeSeats: [0], finished: true }), seats)).toEqual([]);
    expect(sidesToPlay(undefined, seats)).toEqual([]);
  });

  test("a seat the match does not list is left out rather than shown blank", () => {
    expect(sidesToPlay(create(GameStatusSchema, { activeSeats: [0, 5] }), seats)).toEqual(["Mahdist"]);
  });
});

test("toPlayText joins the names in plain English", () => {
  expect(toPlayText([])).toBe("");
  expect(toPlayText(["Mahdist"])).toBe("Mahdist to play");
  expect(toPlayText(["British", "Russian"])).toBe("British and Russian to play");
  expect(toPlayText(["A", "B", "C"])).toBe("A, B and C to play");
});

describe("turnText", () => {
  test("turn, phase in words and who is to play", () => {
    // The rules word the phase (GameStatus.phase); a machine name would still read as words.
    const status = create(GameStatusSchema, { turn: 3, phase: "Movement", activeSeats: [1] });
    expect(turnText(status, seats)).toBe("Turn 3, Movement — Empire to play");
  });

  test("a machine name reaches the screen as words", () => {
    const status = create(GameStatusSchema, { turn: 3, phase: "move_step", activeSeats: [1] });
    expect(turnText(status, seats)).toBe("Turn 3, Move step — Empire to play");
  });

  test("leaves out what is not known", () => {
    expect(turnText(undefined, seats)).toBe("Turn 0");
    expect(turnText(create(GameStatusSchema, { turn: 7, finished: true, phase: "Game over" }), seats)).toBe(
      "Turn 7, Game over",
    );
  });
});
