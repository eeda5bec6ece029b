// Playing the computer in the browser (issue 14): a Khartoum match against the normal bot made from
// the lobby's "Opponent" choice, thirty of our moves played by clicking. The Mahdist bot moves
// first, so the page must receive its moves without anyone else acting; its seat is marked as the
// computer's. While the computer is to play the prompt says "The computer is thinking…" (never
// "Nothing for you to do now") and shows its moves as they arrive.
import { test } from "node:test";
import assert from "node:assert/strict";
import { clickFirstChoice, createMatch, lastUpdate, newPlayer, screenshot, withFrontier } from "./harness.mjs";

const OUR_MOVES = 30;

// Resolves once the page holds a prompt or shows the match finished; the bot thinks meanwhile.
function awaitOurTurn(page) {
  return page.waitForFunction(() => {
    const u = window.__frontier?.lastUpdate;
    return u && ((u.prompts ?? []).length > 0 || u.gameStatus?.finished);
  }, null, { timeout: 120_000 });
}

// Records every text the idle prompt and its latest-move line show, as the page draws them.
async function recordIdlePrompt(page) {
  await page.evaluate(() => {
    window.__idleTexts = new Set();
    const note = () => {
      for (const el of document.querySelectorAll('[data-testid="prompt-idle"], [data-testid="latest-move"]')) {
        window.__idleTexts.add(`${el.dataset.testid}: ${el.textContent}`);
      }
    };
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true });
    note();
  });
}

test("thirty moves of Khartoum against the computer, by clicking", () =>
  withFrontier(async (server, browser) => {
    const page = await newPlayer(browser, server, "kitchener");
    await createMatch(page, { game: "khartoum", side: "Empire", opponent: "normal" });
    await page.locator('[data-testid="match-status"][data-status="RUNNING"]').waitFor();
    await page.getByText("bot-normal (computer)").first().waitFor();
    await recordIdlePrompt(page);

    let ours = 0;
    let botTurns = 0;  // times the page waited without a prompt and the bot then moved
    while (ours < OUR_MOVES) {
      const before = await lastUpdate(page);
      if (!(before.prompts ?? []).length && !before.gameStatus?.finished) {
        await awaitOurTurn(page);
        const after = await lastUpdate(page);
        assert.ok((after.seq ?? 0) > (before.seq ?? 0), "the bot's move reached the page");
        botTurns++;
      }
      if ((await lastUpdate(page)).gameStatus?.finished) break;
      await clickFirstChoice(page);
      ours++;
      if (ours === 15) await screenshot(page, "khartoum-vs-bot");
    }
    assert.equal(ours, OUR_MOVES, "thirty moves were played before the match ended");
    assert.ok(botTurns > 0, "the bot moved at least once while the page waited");
    const shown = await page.evaluate(() => [...window.__idleTexts]);
    assert.ok(shown.includes("prompt-idle: The computer is thinking…"), `the page said the computer was thinking: ${shown.slice(0, 5).join(" | ")}`);
    assert.ok(!shown.some((t) => t.startsWith("prompt-idle: Nothing for you to do")), "never 'Nothing for you to do' against the computer");
    assert.ok(shown.some((t) => t.startsWith("latest-move: ")), "its moves were shown as they arrived");
    const update = await lastUpdate(page);
    assert.ok((update.seq ?? 0) > OUR_MOVES, "the bot's moves are events of the match too");
  }));
