// Modifiers as a wargamer writes them.
import { expect, test } from "vitest";
import { signed } from "./modifier";

test("a sign always, and the true minus", () => {
  expect(signed(2)).toBe("+2");
  expect(signed(0)).toBe("+0");
  expect(signed(-0)).toBe("+0");
  expect(signed(-3)).toBe("\u22123");
});
