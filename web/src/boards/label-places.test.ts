// The names on a map are placed at their first clear spot, and the caller is told which found
// none (the browser tests check that no name on a real map does).
import { expect, test } from "vitest";
import type { Box, NameToPlace } from "./label-places";
import { nameBox, placeNames } from "./label-places";

const size = (width: number) => ({ width, ascent: 10, descent: 2 });
const frame: Box = { left: 0, top: 0, right: 1000, bottom: 1000 };

test("a name goes to its first spot that crosses nothing", () => {
  const name: NameToPlace = {
    key: "a",
    at: { x: 100, y: 100 },
    size: size(50),
    spots: [
      { x: 10, y: 0, anchor: "start" },
      { x: -10, y: 0, anchor: "end" },
    ],
  };
  const wall: Box = { left: 105, top: 80, right: 200, bottom: 120 };
  const { spots, crossed } = placeNames([name], [wall], frame);
  expect(spots.get("a")).toEqual({ x: -10, y: 0, anchor: "end" });
  expect(crossed).toEqual([]);
});

test("a name with no clear spot takes the least crossed one and is reported", () => {
  const name: NameToPlace = { key: "a", at: { x: 100, y: 100 }, size: size(50), spots: [{ x: 0, y: 0, anchor: "middle" }] };
  const { spots, crossed } = placeNames([name], [{ left: 0, top: 0, right: 200, bottom: 200 }], frame);
  expect(spots.get("a")).toEqual({ x: 0, y: 0, anchor: "middle" });
  expect(crossed).toEqual(["a"]);
});

test("a spot that wraps the name measures it on two lines, and is skipped for a name that cannot wrap", () => {
  const wrapSpot = { x: 10, y: 0, anchor: "start" as const, wrap: true };
  const twoLines = { width: 30, ascent: 10, descent: 19 };
  const name: NameToPlace = { key: "a", at: { x: 100, y: 100 }, size: size(80), wrapped: twoLines, spots: [wrapSpot] };
  expect(nameBox(name, wrapSpot, 0)).toEqual({ left: 110, top: 90, right: 140, bottom: 119 });
  // Too narrow a gap for the name on one line, wide enough for it on two.
  const wall: Box = { left: 145, top: 0, right: 300, bottom: 300 };
  const oneLine = { x: 10, y: 0, anchor: "start" as const };
  const wraps = placeNames([{ ...name, spots: [oneLine, wrapSpot] }], [wall], frame);
  expect(wraps.spots.get("a")).toEqual(wrapSpot);
  expect(wraps.crossed).toEqual([]);
  const cannot = placeNames([{ ...name, wrapped: undefined, spots: [oneLine, wrapSpot] }], [wall], frame);
  expect(cannot.spots.get("a")).toEqual(oneLine);
  expect(cannot.crossed).toEqual(["a"]);
});
