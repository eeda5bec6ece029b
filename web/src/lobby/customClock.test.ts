// The custom clock's fields become the wire's seconds; what is plainly wrong is caught here with a
// sentence naming the field, before anything is sent.
import { describe, expect, test } from "vitest";
import { TimeControl_Kind } from "../gen/wire_pb";
import { customTimeControl, defaultCustomClock, type CustomClockFields } from "./customClock";

const HOUR = 3600;
const DAY = 24 * HOUR;

function clockOf(fields: Partial<CustomClockFields>) {
  const result = customTimeControl({ ...defaultCustomClock, ...fields });
  if (!("clock" in result)) throw new Error(`refused: ${result.problem}`);
  return result.clock;
}

function problemOf(fields: Partial<CustomClockFields>): string {
  const result = customTimeControl({ ...defaultCustomClock, ...fields });
  return "problem" in result ? result.problem : "";
}

describe("a clock the form accepts", () => {
  test("the default is a correspondence clock: 3 days, a day per move, no cap", () => {
    const clock = clockOf({});
    expect(clock.kind).toBe(TimeControl_Kind.CORRESPONDENCE);
    expect(clock.initialSeconds).toBe(3 * DAY);
    expect(clock.incrementSeconds).toBe(24 * HOUR);
    expect(clock.capSeconds).toBe(0);
  });

  test("days and hours add up in the bank; the cap is in days", () => {
    const clock = clockOf({ bankDays: "1", bankHours: "6", incrementHours: "2", capDays: "4" });
    expect(clock.initialSeconds).toBe(DAY + 6 * HOUR);
    expect(clock.incrementSeconds).toBe(2 * HOUR);
    expect(clock.capSeconds).toBe(4 * DAY);
  });

  test("an empty field is zero and spaces around a number do not matter", () => {
    const clock = clockOf({ bankDays: "", bankHours: " 12 ", incrementHours: "" });
    expect(clock.initialSeconds).toBe(12 * HOUR);
    expect(clock.incrementSeconds).toBe(0);
  });

  test("a cap equal to the bank is allowed", () => {
    expect(clockOf({ bankDays: "2", capDays: "2" }).capSeconds).toBe(2 * DAY);
  });
});

describe("a clock the form refuses", () => {
  test("fractions, signs and words, naming the field", () => {
    expect(problemOf({ bankDays: "1.5" })).toBe("The bank's days must be a whole number of zero or more");
    expect(problemOf({ bankHours: "-2" })).toBe("The bank's hours must be a whole number of zero or more");
    expect(problemOf({ incrementHours: "x" })).toBe("The increment must be a whole number of zero or more");
    expect(problemOf({ capDays: "1e3" })).toBe("The cap must be a whole number of zero or more");
  });

  test("numbers longer than six digits", () => {
    expect(problemOf({ bankHours: "1234567" })).toMatch(/^The bank's hours must be/);
  });

  test("an empty bank", () => {
    expect(problemOf({ bankDays: "0", bankHours: "0" })).toBe("The bank must hold some time: give it days or hours");
  });

  test("a cap below the bank", () => {
    expect(problemOf({ bankDays: "3", capDays: "2" })).toBe("The cap must be 0 (no cap) or at least the bank");
  });
});
