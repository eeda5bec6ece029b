// Asia Crossroads in the browser: the British and the Russian players each see their own side of
// the grid and play its opening steps by clicking; both boards are captured for review.
import { test } from "node:test";
import assert from "node:assert/strict";
import { lastUpdate, newPlayer, playStep, screenshot, startPublicMatch, withFrontier } from "./harness.mjs";

const STEPS = 12;

test("two players open an Asia Crossroads match and play its first steps by clicking", () =>
  withFrontier(async (server, browser) => {
    const british = await newPlayer(browser, server, "raj");
    const russian = await newPlayer(browser, server, "tsar");
    await startPublicMatch(british, russian, "crossroads", ["British", "Russian"]);
    for (let step = 0; step < STEPS && !(await lastUpdate(british)).gameStatus?.finished; step++) {
      await playStep([british, russian]);
    }
    assert.ok(((await lastUpdate(british)).seq ?? 0) >= STEPS, "every click made a move");
    assert.ok((await lastUpdate(russian)).view.crossroads, "the Russian page holds a Crossroads view");
    await screenshot(british, "crossroads-british");
    await screenshot(russian, "crossroads-russian");
    assert.deepEqual([...british.errors, ...russian.errors], []);
  }));
