import { expect, test } from "vitest";
import { nameLines } from "./name-lines";

test("a name of two words is written a word a line", () => {
  expect(nameLines("Wad Medani")).toEqual(["Wad", "Medani"]);
});

test("a longer name is split at the space nearest its middle", () => {
  expect(nameLines("Abu Hamed Wells")).toEqual(["Abu Hamed", "Wells"]);
  expect(nameLines("El Fasher of Darfur")).toEqual(["El Fasher", "of Darfur"]);
});

test("a one-word name stays on one line", () => {
  expect(nameLines("Khartoum")).toBeUndefined();
});
