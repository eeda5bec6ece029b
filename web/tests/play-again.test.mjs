// "Play again" on a finished solitaire game: the Lion of Khartoum played to its end, then one
// click opens a new, running match of the same game with the same options (here the Lion Cub
// difficulty, not the default); pressed again on the old match, it starts yet another game.
import { test } from "node:test";
import assert from "node:assert/strict";
import { awaitRunningMatch, clickFirstChoice, createMatch, lastUpdate, newPlayer, withFrontier } from "./harness.mjs";

const MAX_STEPS = 400;

async function awaitGordonsMatch(page, notId) {
  await awaitRunningMatch(page, notId);
  await page.getByTestId("your-side").filter({ hasText: "You play Gordon." }).waitFor();
  return lastUpdate(page);
}

test("Play again opens a new running Lion match with the same options", () =>
  withFrontier(async (server, browser) => {
    const page = await newPlayer(browser, server, "gordon");
    await createMatch(page, { game: "lion", options: { difficulty: "lion_cub" } });
    const first = await awaitGordonsMatch(page, "");
    assert.equal(first.view.payload.difficulty, "lion_cub");
    assert.equal(await page.getByRole("button", { name: "Play again" }).count(), 0, "not while the game runs");

    for (let steps = 0; !(await lastUpdate(page)).gameStatus?.finished; steps++) {
      assert.ok(steps < MAX_STEPS, "the match ends");
      await clickFirstChoice(page);
    }
    await page.locator('[data-testid="match-status"][data-status="FINISHED"]').waitFor();
    const finishedUrl = page.url();

    await page.getByRole("button", { name: "Play again" }).click();
    const second = await awaitGordonsMatch(page, first.matchId);
    assert.notEqual(second.matchId, first.matchId);
    assert.match(page.url(), new RegExp(`#/match/${second.matchId}$`));
    assert.equal(second.game, "lion");
    assert.equal(second.scenario, first.scenario);
    assert.equal(second.view.payload.difficulty, "lion_cub", "the same options");
    assert.ok(!second.gameStatus?.finished && (second.prompts ?? []).length > 0, "a fresh game, Gordon to play");
    await page.locator('[data-testid="match-status"][data-status="RUNNING"]').waitFor();

    // Back on the finished match, Play again starts another game still.
    await page.goto(finishedUrl);
    await page.locator('[data-testid="match-status"][data-status="FINISHED"]').waitFor();
    await page.getByRole("button", { name: "Play again" }).click();
    const third = await awaitGordonsMatch(page, first.matchId);
    assert.ok(![first.matchId, second.matchId].includes(third.matchId), "a new match each time");
    assert.deepEqual(page.errors, []);
  }));
