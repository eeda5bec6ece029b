// Playing the computer in the browser (issue 14): a Khartoum match against the normal bot made from
// the lobby's "Opponent" choice, thirty of our moves played by clicking. The Mahdist bot moves
// first, so the page must receive its moves without anyone else acting; its seat is marked as the
// computer's. While the computer is to play the prompt says "The computer is thinking…" (never
// "Nothing for you to do now") and shows its moves as they arrive.
import { test } from "node:test";
import assert from "node:assert/strict";
import { clickFirstChoice, createMatch, lastUpdate, newPlayer, screenshot, withFrontier } from "./harness.mjs";
import { assertAccessible } from "./a11y-checks.mjs";

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

// Rated or casual (issue 49): the form offers the choice with the server's defaults (rated against
// the computer and in public, casual in private), the match page and the lobby say which, and a
// rated game against the computer puts both players on the Ratings page, which explains in words
// which games are rated and, before any, how to get a rating.
test("a rated game against the computer reaches the Ratings page; a casual one is marked casual", () =>
  withFrontier(async (server, browser) => {
    const page = await newPlayer(browser, server, "rated");
    page.on("dialog", (d) => d.accept());
    const me = (await page.getByTestId("user-name").innerText()).trim();

    // Before any rated game: the explanation, and how to get a rating.
    await page.goto(`${server.url}#/ratings/khartoum`);
    await page.getByTestId("ratings-explained").getByText("Rated:", { exact: true }).waitFor();
    assert.match(await page.getByTestId("ratings-empty").innerText(), /To get a rating, finish a rated game/);
    await page.getByTestId("ratings-explained").getByRole("link", { name: "Khartoum" }).first().waitFor();
    await assertAccessible(page, "ratings, empty");

    // The form: rated by default against the computer, casual by default in private.
    await page.goto(`${server.url}#/lobby`);
    const form = page.locator("form.create-match");
    await form.locator("select[name=game]").selectOption("khartoum");
    const rated = form.getByLabel("Rated (the result moves both players' ratings)");
    const casual = form.getByLabel("Casual (ratings stay as they are)");
    assert.ok(await rated.isChecked(), "rated by default in public");
    await form.getByLabel("Private (by invite link)").check();
    assert.ok(await casual.isChecked(), "casual by default in private");
    await form.getByLabel("Public (listed in the lobby)").check();

    // A casual game against the computer, resigned: marked casual, rates nothing.
    await form.getByLabel("Opponent").selectOption("easy");
    assert.ok(await rated.isChecked(), "rated by default against the computer");
    await casual.check();
    await form.getByRole("button", { name: "Create match" }).click();
    await page.locator('[data-testid="match-status"][data-status="RUNNING"]').waitFor();
    assert.equal((await page.getByTestId("match-rated").innerText()).trim(), "· casual");
    assert.equal((await lastUpdate(page)).rated ?? false, false);
    await page.getByRole("button", { name: "Resign" }).click();
    await page.locator('[data-testid="match-status"][data-status="FINISHED"]').waitFor();

    // A rated one (the default), resigned: both players rated once, shown with the explanation.
    await page.goto(`${server.url}#/lobby`);
    await createMatch(page, { game: "khartoum", side: "Empire", opponent: "easy" });
    await page.locator('[data-testid="match-status"][data-status="RUNNING"]').waitFor();
    assert.equal((await page.getByTestId("match-rated").innerText()).trim(), "· rated");
    await page.getByRole("button", { name: "Resign" }).click();
    await page.locator('[data-testid="match-status"][data-status="FINISHED"]').waitFor();
    await page.getByTestId("match-rated").getByRole("link", { name: "rated" }).click();
    await page.waitForFunction(() => location.hash === "#/ratings/khartoum");
    const board = page.locator("table.leaderboard");
    await board.getByText(me).waitFor();
    await board.getByText("bot-easy").waitFor();
    const games = await board.locator("tbody tr td:nth-child(6)").allInnerTexts();
    assert.deepEqual(games, ["1", "1"], "one rated game each: the casual one does not count");
    await page.getByTestId("ratings-explained").getByText("Never rated:").waitFor();
    await assertAccessible(page, "ratings");
    await screenshot(page, "ratings-explained");

    // The lobby's list says which.
    await page.goto(`${server.url}#/lobby`);
    await page.getByTestId("rated-badge").nth(1).waitFor();
    const badges = await page.getByTestId("rated-badge").allInnerTexts();
    assert.deepEqual(badges.map((b) => b.replace("·", "").trim()).sort(), ["casual", "rated"]);
  }));
