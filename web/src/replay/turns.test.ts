// Stepping a replay by whole turns finds where turns begin by binary search over a server that
// tells one event's turn at a time. The fake server here is a list of turns by event, and counts
// what it was asked.
import { describe, expect, test } from "vitest";
import { TurnIndex } from "./turns";

// Events 0..n-1 and the turn each one is in (never going back, as in a real match).
function fakeServer(turnOfEvent: number[]) {
  const asked: number[] = [];
  const index = new TurnIndex((seq) => {
    asked.push(seq);
    if (seq < 0 || seq >= turnOfEvent.length) throw new Error(`no event ${seq}`);
    return Promise.resolve(turnOfEvent[seq]);
  });
  return { index, asked, last: turnOfEvent.length - 1 };
}

//                   event: 0  1  2  3  4  5  6  7  8  9
const threeTurns = () => fakeServer([1, 1, 1, 2, 2, 2, 2, 3, 3, 3]);

describe("nextTurnStart", () => {
  test("goes to the first event of the next turn", async () => {
    const { index, last } = threeTurns();
    expect(await index.nextTurnStart(0, last)).toBe(3);
    expect(await index.nextTurnStart(4, last)).toBe(7);
  });

  test("from the last turn, or the end, stops at the last event", async () => {
    const { index, last } = threeTurns();
    expect(await index.nextTurnStart(8, last)).toBe(9);
    expect(await index.nextTurnStart(9, last)).toBe(9);
  });

  test("a turn the game skipped is no stop", async () => {
    const { index, last } = fakeServer([1, 1, 3, 3, 4]);
    expect(await index.nextTurnStart(0, last)).toBe(2);
  });
});

describe("previousTurnStart", () => {
  test("goes to the first event of the turn before", async () => {
    const { index } = threeTurns();
    expect(await index.previousTurnStart(8)).toBe(3);
    expect(await index.previousTurnStart(7)).toBe(3);
    expect(await index.previousTurnStart(5)).toBe(0);
  });

  test("from the first turn, it is the set-up", async () => {
    const { index } = threeTurns();
    expect(await index.previousTurnStart(2)).toBe(0);
    expect(await index.previousTurnStart(0)).toBe(0);
  });

  test("a skipped turn is passed over", async () => {
    const { index } = fakeServer([1, 1, 3, 3, 4]);
    expect(await index.previousTurnStart(4)).toBe(2);
    expect(await index.previousTurnStart(3)).toBe(0);
  });
});

describe("asking the server", () => {
  test("each event's turn is asked at most once", async () => {
    const { index, asked, last } = threeTurns();
    await index.nextTurnStart(0, last);
    await index.nextTurnStart(3, last);
    await index.previousTurnStart(9);
    expect(new Set(asked).size).toBe(asked.length);
  });

  test("a remembered turn is not asked for", async () => {
    const { index, asked } = threeTurns();
    index.remember(5, 2);
    expect(await index.turnAt(5)).toBe(2);
    expect(asked).toEqual([]);
  });

  test("a long match takes about log2(events) requests per step", async () => {
    const turns = Array.from({ length: 4096 }, (_, seq) => 1 + Math.floor(seq / 100));
    const { index, asked, last } = fakeServer(turns);
    expect(await index.nextTurnStart(1234, last)).toBe(1300);
    expect(asked.length).toBeLessThanOrEqual(14);
  });
});
