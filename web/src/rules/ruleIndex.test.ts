// Rule numbers in a text become links: what counts as a rule number, and what must not (a year
// with a decimal, a section of a section, part of a word).
import { expect, test } from "vitest";
import { ruleNumber } from "./ruleIndex";

const numbersIn = (text: string) => [...text.matchAll(ruleNumber)].map((m) => m[1]);

test("numbers as the rulebooks cite them", () => {
  expect(numbersIn("Retreat (13.3) after fire")).toEqual(["13.3"]);
  expect(numbersIn("see 29.17, then 6.6)")).toEqual(["29.17", "6.6"]);
  expect(numbersIn("14.71")).toEqual(["14.71"]);
  expect(numbersIn("Unused AP are lost (4.1).")).toEqual(["4.1"]);
});

test("not part of a longer number", () => {
  expect(numbersIn("in 1883.5 and 123.4")).toEqual([]);
  expect(numbersIn("section 2.0.1 and 10.123")).toEqual([]);
});

test("not part of a word", () => {
  expect(numbersIn("v1.2 and x13.3 and 13.3b")).toEqual([]);
});

test("every number in a text is found, each time the text is read", () => {
  const text = "9.2 then 9.3";
  expect(numbersIn(text)).toEqual(["9.2", "9.3"]);
  expect(numbersIn(text)).toEqual(["9.2", "9.3"]);
});
