// Asia Crossroads in the browser: the British and the Russian players each see their own side of
// the grid and play its opening steps by clicking; both boards are captured for review.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  clickFirstChoice, createMatch, joinFromLobby, lastUpdate, newPlayer, screenshot, waitForSeq, withFrontier,
} from "./harness.mjs";

const STEPS = 12;

test("two players open an Asia Crossroads match and play its first steps by clicking", () =>
  withFrontier(async (server, browser) => {
    const british = await newPlayer(browser, server, "raj");
    const russian = await newPlayer(browser, server, "tsar");
    await createMatch(british, { game: "crossroads", side: "British" });
    await joinFromLobby(russian, (await lastUpdate(british)).matchId, "Russian");
    await british.locator('[data-testid="match-status"][data-status="RUNNING"]').waitFor();

    for (let step = 0; step < STEPS; step++) {
      const [b, r] = [await lastUpdate(british), await lastUpdate(russian)];
      if (b.gameStatus?.finished) break;
      const mover = (b.prompts ?? []).length ? british : (r.prompts ?? []).length ? russian : null;
      assert.ok(mover, `someone holds a prompt at event ${b.seq ?? 0}`);
      await clickFirstChoice(mover);
      const seq = (await lastUpdate(mover)).seq;
      await waitForSeq(british, seq);
      await waitForSeq(russian, seq);
    }
    assert.ok(((await lastUpdate(british)).seq ?? 0) >= STEPS, "every click made a move");
    assert.ok((await lastUpdate(russian)).view.crossroads, "the Russian page holds a Crossroads view");
    await screenshot(british, "crossroads-british");
    await screenshot(russian, "crossroads-russian");
    assert.deepEqual([...british.errors, ...russian.errors], []);
  }));
