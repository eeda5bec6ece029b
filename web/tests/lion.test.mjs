// The Lion of Khartoum played to its end by clicking, its replay stepped through event by event
// (as Gordon and as the spectators), and its dice verified by the server and by the browser.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  clickFirstChoice, createMatch, lastUpdate, newPlayer, screenshot, withFrontier,
} from "./harness.mjs";

const MAX_STEPS = 400;

test("a Lion of Khartoum match played to the end by clicking, replayed and verified", () =>
  withFrontier(async (server, browser) => {
    const page = await newPlayer(browser, server, "gordon");
    await createMatch(page, { game: "lion" });
    await page.getByTestId("your-side").filter({ hasText: "You play Gordon." }).waitFor();
    await page.locator('[data-testid="match-status"][data-status="RUNNING"]').waitFor();
    await screenshot(page, "lion-start");

    let steps = 0;
    while (!(await lastUpdate(page)).gameStatus?.finished) {
      assert.ok(steps++ < MAX_STEPS, "the match ends");
      await clickFirstChoice(page);
    }
    const end = await lastUpdate(page);
    await page.locator('[data-testid="match-status"][data-status="FINISHED"]').waitFor();
    assert.match(await page.getByTestId("match-status").innerText(), /Finished: .+/);
    assert.ok(end.revealedSeed !== undefined, "the seed is revealed at the end");
    await screenshot(page, "lion-end");

    // Replay: from the set-up to the last event, one click at a time.
    await page.getByRole("link", { name: "Replay and verify dice" }).click();
    const position = page.getByTestId("replay-position");
    await position.filter({ hasText: `Event 0 of ${end.seq}` }).waitFor();
    const turns = new Set();
    for (let seq = 1; seq <= end.seq; seq++) {
      await page.getByRole("button", { name: "Next" }).click();
      await position.filter({ hasText: `Event ${seq} of ${end.seq}` }).waitFor();
      await page.waitForFunction((s) => window.__frontier?.lastViewAt?.seq === s, seq);
      turns.add((await page.evaluate(() => window.__frontier.lastViewAt.view.payload.turn)) ?? 0);
    }
    assert.ok(await page.getByRole("button", { name: "Next" }).isDisabled(), "the last event is the end");
    assert.match(await page.getByTestId("replay-status").innerText(), /Turn \d+/);
    assert.ok(turns.size >= 2, "the replay moves through the game's turns");
    await screenshot(page, "lion-replay-end");

    // Back to the start as a spectator: the set-up as everyone saw it.
    await page.getByLabel("Seen by").selectOption("-1");
    await page.getByRole("button", { name: "First" }).click();
    await position.filter({ hasText: `Event 0 of ${end.seq}` }).waitFor();
    await page.waitForFunction(() => window.__frontier?.lastViewAt?.seq === undefined && window.__frontier?.lastViewAt?.seat === -1);

    // Verify dice: the server re-runs the match; the browser recomputes the commitment.
    await page.getByRole("button", { name: "Verify dice" }).click();
    await page.getByTestId("verify-result").waitFor();
    for (const id of ["verify-browser", "verify-commitment", "verify-hash"]) {
      assert.equal(await page.getByTestId(id).getAttribute("data-ok"), "true", id);
    }
    await screenshot(page, "lion-verified");
    assert.deepEqual(page.errors, []);
  }));
