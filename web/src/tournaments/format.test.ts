// Scores travel as integers (half-points, and quarter-points for Sonneborn–Berger) so that no
// rounding ever reaches a standings table; these pin how they read.
import { describe, expect, test } from "vitest";
import { halfPoints, localToUnix, tiebreakLabel, tiebreakValue, unixToText } from "./format";

describe("halfPoints", () => {
  test("whole points and halves", () => {
    expect(halfPoints(0)).toBe("0");
    expect(halfPoints(1)).toBe("½");
    expect(halfPoints(4)).toBe("2");
    expect(halfPoints(5)).toBe("2½");
    expect(halfPoints(5n)).toBe("2½");
  });

  test("negative scores (an adjustment) keep their sign", () => {
    expect(halfPoints(-1)).toBe("-½");
    expect(halfPoints(-2)).toBe("-1");
    expect(halfPoints(-3)).toBe("-1½");
  });
});

describe("tiebreakValue", () => {
  test("Sonneborn–Berger is in quarter-points", () => {
    expect(tiebreakValue("sonneborn-berger", 8n)).toBe("2");
    expect(tiebreakValue("sonneborn-berger", 6n)).toBe("1.50");
    expect(tiebreakValue("sonneborn-berger", 3n)).toBe("0.75");
  });

  test("wins are a count; the others are half-points", () => {
    expect(tiebreakValue("wins", 3n)).toBe("3");
    expect(tiebreakValue("buchholz", 3n)).toBe("1½");
  });
});

describe("tiebreakLabel", () => {
  test("a known tiebreak has its heading; an unknown one shows its id", () => {
    expect(tiebreakLabel("median-buchholz")).toBe("Median Buchholz");
    expect(tiebreakLabel("koya")).toBe("koya");
  });

  test("the side tiebreaks use the game's side names when they are known", () => {
    expect(tiebreakLabel("side-a", ["Mahdist", "Empire"])).toBe("Points as Mahdist");
    expect(tiebreakLabel("side-b", ["Mahdist", "Empire"])).toBe("Points as Empire");
    expect(tiebreakLabel("side-b")).toBe("Points as the second side");
  });
});

describe("times", () => {
  test("an empty or unreadable datetime-local value is 0 (no time set)", () => {
    expect(localToUnix("")).toBe(0n);
    expect(localToUnix("not a date")).toBe(0n);
  });

  test("a datetime-local value is read in the browser's time zone, to the second", () => {
    const value = "2026-11-30T18:00";
    expect(localToUnix(value)).toBe(BigInt(new Date(2026, 10, 30, 18, 0).getTime() / 1000));
  });

  test("no time reads as a dash", () => {
    expect(unixToText(0n)).toBe("—");
    expect(unixToText(1_700_000_000n)).not.toBe("—");
  });
});
