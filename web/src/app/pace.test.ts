// A clock's pace in words, as the lobby shows it before anyone joins: the words must match what
// the server will enforce.
import { describe, expect, test } from "vitest";
import { create } from "@bufbuild/protobuf";
import { TimeControlSchema } from "../gen/wire_pb";
import { formatDuration, paceText } from "./pace";

const HOUR = 3600;
const DAY = 24 * HOUR;

describe("formatDuration", () => {
  test("days and hours, leaving out what is zero", () => {
    expect(formatDuration(3 * DAY + 12 * HOUR)).toBe("3 d 12 h");
    expect(formatDuration(12 * HOUR)).toBe("12 h");
    expect(formatDuration(DAY)).toBe("1 d");
  });

  test("minutes only when there are some", () => {
    expect(formatDuration(30 * 60)).toBe("30 min");
    expect(formatDuration(HOUR + 5 * 60)).toBe("1 h 5 min");
  });

  test("under a minute falls back to seconds", () => {
    expect(formatDuration(45)).toBe("45 s");
    expect(formatDuration(0)).toBe("0 s");
  });
});

describe("paceText", () => {
  test("no clock, or an empty bank, is untimed", () => {
    expect(paceText(undefined)).toBe("untimed");
    expect(paceText(create(TimeControlSchema, { initialSeconds: 0, incrementSeconds: HOUR }))).toBe("untimed");
  });

  test("bank, increment and cap, with the preset's name", () => {
    const tc = create(TimeControlSchema, {
      initialSeconds: 3 * DAY,
      incrementSeconds: 12 * HOUR,
      capSeconds: 5 * DAY,
      preset: "slow",
    });
    expect(paceText(tc)).toBe("slow: 3 d bank, +12 h per move, cap 5 d");
  });

  test("a custom clock without increment or cap says so", () => {
    expect(paceText(create(TimeControlSchema, { initialSeconds: DAY }))).toBe("1 d bank, no cap");
  });
});
