import { describe, expect, test } from "vitest";
import { plural } from "./plural";

describe("plural", () => {
  test("one thing is singular, none and many are plural", () => {
    expect(plural(1, "stack")).toBe("1 stack");
    expect(plural(0, "stack")).toBe("0 stacks");
    expect(plural(2, "pound")).toBe("2 pounds");
    expect(plural(-1, "point")).toBe("-1 point");
  });

  test("an irregular plural is given", () => {
    expect(plural(1, "die", "dice")).toBe("1 die");
    expect(plural(3, "die", "dice")).toBe("3 dice");
    expect(plural(2, "panic")).toBe("2 panics");
  });
});
