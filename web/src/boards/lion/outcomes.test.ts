// Reading the Lion's outcome tables for one roll: ranges in words, and the throws of two dice
// that reach each row with a modifier.
import { expect, test } from "vitest";
import { create } from "@bufbuild/protobuf";
import { OutcomeRowSchema } from "../../gen/lion_data_pb";
import { outcomeChances, percent, rangeText, throwsText } from "./outcomes";

// The raid table's shape (AOT.2 in rules/lion/data/lion.txtpb): open at both ends.
const raid = [
  { min: -99, max: 3, name: "Raid destroyed" },
  { min: 4, max: 7, name: "Failure" },
  { min: 8, max: 9, name: "Minor success" },
  { min: 10, max: 11, name: "Success" },
  { min: 12, max: 99, name: "Major success" },
].map((r) => create(OutcomeRowSchema, r));

test("a range of modified rolls in words, open ends included", () => {
  expect(rangeText(-99, 3)).toBe("3 or less");
  expect(rangeText(12, 99)).toBe("12 or more");
  expect(rangeText(4, 7)).toBe("4 to 7");
  expect(rangeText(8, 8)).toBe("8");
  expect(rangeText(-99, 99)).toBe("any");
});

test("with no modifier the throws are the table's own numbers, clipped to 2-12", () => {
  const c = outcomeChances(raid, 0);
  expect(c.map(throwsText)).toEqual(["2 to 3", "4 to 7", "8 to 9", "10 to 11", "12"]);
  expect(c.map((x) => x.in36)).toEqual([3, 18, 9, 5, 1]);
});

test("a modifier shifts the throws the other way, and every throw lands in exactly one row", () => {
  const minus3 = outcomeChances(raid, -3);
  expect(minus3.map(throwsText)).toEqual(["2 to 6", "7 to 10", "11 to 12", "\u2014", "\u2014"]);
  const plus5 = outcomeChances(raid, 5);
  expect(plus5.map(throwsText)).toEqual(["\u2014", "2", "3 to 4", "5 to 6", "7 to 12"]);
  for (const drm of [-12, -3, 0, 2, 5, 12]) {
    expect(outcomeChances(raid, drm).reduce((sum, x) => sum + x.in36, 0)).toBe(36);
  }
});

test("chances as whole percentages", () => {
  expect(percent(18)).toBe("50%");
  expect(percent(1)).toBe("3%");
  expect(percent(0)).toBe("\u2014");
});
