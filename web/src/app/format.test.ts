// formatBank is the clock every player watches: days for correspondence paces, seconds for fast
// ones, and a sign once a bank has run out. errorText says which error a refusal was.
import { describe, expect, test } from "vitest";
import { create } from "@bufbuild/protobuf";
import { ErrorCode, ServerMessageSchema } from "../gen/wire_pb";
import { ServerError } from "../net/connection";
import { errorText, formatBank, formatTime } from "./format";

describe("formatBank", () => {
  test("under a day reads hours, minutes and seconds", () => {
    expect(formatBank(0)).toBe("00:00:00");
    expect(formatBank(9)).toBe("00:00:09");
    expect(formatBank(5 * 3600 + 12 * 60 + 9)).toBe("05:12:09");
  });

  test("a day or more leads with the days", () => {
    expect(formatBank(86400)).toBe("1 d 00:00:00");
    expect(formatBank(2 * 86400 + 5 * 3600 + 12 * 60 + 9)).toBe("2 d 05:12:09");
  });

  test("a part second is dropped, not rounded up", () => {
    expect(formatBank(59.9)).toBe("00:00:59");
  });

  test("an overdrawn bank is negative", () => {
    expect(formatBank(-75)).toBe("-00:01:15");
    expect(formatBank(-90000)).toBe("-1 d 01:00:00");
  });
});

test("formatTime leaves an unset time (0) blank", () => {
  expect(formatTime(0)).toBe("");
  expect(formatTime(0n)).toBe("");
  expect(formatTime(1_700_000_000n)).not.toBe("");
});

describe("errorText", () => {
  test("a server refusal is its sentence, never the wire's code name", () => {
    const reply = create(ServerMessageSchema, {});
    const error = new ServerError(ErrorCode.NOT_YOUR_TURN, "It is the Empire's turn", reply);
    expect(errorText(error)).toBe("It is the Empire's turn");
  });

  test("a refusal without a sentence says what its code means in words", () => {
    const reply = create(ServerMessageSchema, {});
    expect(errorText(new ServerError(ErrorCode.INVALID_ARGUMENT, "", reply))).toBe("The server cannot accept that.");
    expect(errorText(new ServerError(ErrorCode.BAD_FRAME, "", reply))).toBe("The server refused the request.");
  });

  test("any other error is its message, anything else its text", () => {
    expect(errorText(new Error("socket closed"))).toBe("socket closed");
    expect(errorText("timeout")).toBe("timeout");
  });
});
