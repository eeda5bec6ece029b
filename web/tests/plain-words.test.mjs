// Plain words everywhere: every page a player meets in a short match of each game (the match as
// it is played, the lobby, the replay, a finished match) and the tournament and ratings pages
// name things as a person would. No machine name ("move_step", "wadi_halfa", "lion_cub") and no
// "Side A"/"Side B" may reach the screen; the game's own words and side names do.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  clickFirstChoice, createMatch, joinFromLobby, lastUpdate, newPlayer, pageToMove, playStep, withFrontier,
} from "./harness.mjs";
import { IdCollector, internalIds } from "./shown-text.mjs";

const STEPS = 30;

// The check must be able to see what it looks for.
test("the id check sees snake_case ids and seat letters", () => {
  assert.equal(internalIds("Turn 2, move_step — Empire to play").length, 1);
  assert.equal(internalIds("Side A (game 1)").length, 1);
  assert.equal(internalIds("Turn 2, Movement — Empire to play. Sidewinder at Abu Hamed").length, 0);
});

// The status line and the board's turn panel say who is to play in the same words, and name the
// side of the seat that holds the prompt (`mover`, when one does).
async function assertToPlayAgrees(page, mover) {
  const status = await page.getByTestId("match-status").innerText();
  const said = /— (.+ to play)\.$/.exec(status)?.[1] ?? null;
  const panel = await page.getByTestId("board-to-play").allInnerTexts();
  assert.deepEqual(panel, said ? [said] : [], `status "${status}", turn panel ${JSON.stringify(panel)}`);
  if (mover) {
    const u = await lastUpdate(mover);
    const side = u.seats.find((s) => (s.seat ?? 0) === (u.yourSeat ?? 0)).side;
    assert.ok(said?.includes(side), `"${status}" names ${side}, who holds the prompt`);
  }
}

// Two players open a public match of `game`, play `steps` steps by clicking and every page is
// checked after every step; then each looks at the lobby and steps back through the replay.
async function walkTwoPlayerMatch(browser, server, game, ids, steps = STEPS) {
  const first = await newPlayer(browser, server, "first");
  const second = await newPlayer(browser, server, "second");
  await createMatch(first, { game });
  await first.getByTestId("your-side").filter({ hasText: "You play" }).waitFor();
  const start = await lastUpdate(first);
  await joinFromLobby(second, start.matchId, start.seats[1].side);
  const pages = [first, second];
  for (const p of pages) await p.locator('[data-testid="match-status"][data-status="RUNNING"]').waitFor();
  for (let step = 0; step < steps && !(await lastUpdate(first)).gameStatus?.finished; step++) {
    await playStep(pages);
    const mover = await pageToMove(pages);
    for (const [i, p] of pages.entries()) {
      await ids.check(p, `${game} match, seat ${i}, event ${step + 1}`);
      await assertToPlayAgrees(p, mover);
    }
  }
  const last = (await lastUpdate(first)).seq;
  for (const [i, p] of pages.entries()) {
    await p.getByRole("link", { name: "Lobby" }).click();
    await p.getByTestId("my-matches").waitFor();
    await ids.check(p, `lobby of seat ${i} with a ${game} match`);
  }
  await first.goBack();
  await first.getByRole("link", { name: "Step back through your moves" }).click();
  for (let back = 0; back < 5; back++) {
    await first.getByRole("button", { name: "Previous" }).click();
    await first.waitForFunction((s) => window.__frontier?.lastViewAt?.seq === s, last - back - 1);
    await ids.check(first, `${game} replay while running`);
  }
  return pages;
}

test("no internal ids on the pages of Khartoum, the Lion and Asia Crossroads", () =>
  withFrontier(async (server, browser) => {
    const ids = new IdCollector();
    await walkTwoPlayerMatch(browser, server, "khartoum", ids);
    await walkTwoPlayerMatch(browser, server, "crossroads", ids, 20);

    // The Lion, a solitaire game, to its end and through its replay.
    const gordon = await newPlayer(browser, server, "gordon");
    await createMatch(gordon, { game: "lion" });
    await gordon.locator('[data-testid="match-status"][data-status="RUNNING"]').waitFor();
    for (let step = 0; !(await lastUpdate(gordon)).gameStatus?.finished; step++) {
      assert.ok(step < 400, "the Lion ends");
      await clickFirstChoice(gordon);
      await ids.check(gordon, `lion match, event ${step + 1}`);
      if (!(await lastUpdate(gordon)).gameStatus?.finished) await assertToPlayAgrees(gordon, gordon);
    }
    await gordon.locator('[data-testid="match-status"][data-status="FINISHED"]').waitFor();
    await ids.check(gordon, "finished lion match");
    await gordon.getByRole("link", { name: "Replay and verify dice" }).click();
    for (let step = 0; step < 12; step++) {
      await gordon.getByRole("button", { name: "Next" }).click();
      await gordon.waitForFunction((s) => window.__frontier?.lastViewAt?.seq === s, step + 1);
      await ids.check(gordon, `lion replay, event ${step + 1}`);
    }
    await gordon.getByRole("link", { name: "Lobby" }).click();
    await gordon.getByTestId("my-matches").waitFor();
    await ids.check(gordon, "lobby with a finished lion match");

    assert.deepEqual(ids.report(), []);
  }));

test("no internal ids on the tournament and ratings pages", () =>
  withFrontier(async (server, browser) => {
    const ids = new IdCollector();
    const organiser = await newPlayer(browser, server, "org");
    await organiser.goto(`${server.url}#/tournaments`);
    const form = organiser.locator("form.create-tournament");
    await form.locator("select[name=game] option").first().waitFor({ state: "attached" });
    // Khartoum by name: which game the form offers first follows the server's registry.
    await form.locator("select[name=game]").selectOption("khartoum");
    await form.locator("input[name=name]").fill("Plain Swiss");
    await form.locator("input[name=rounds]").fill("1");
    // "Points as side A" is a tiebreak a person must be able to read too.
    await form.getByLabel("add a tiebreak").selectOption({ index: 1 });
    await ids.check(organiser, "new tournament form");
    // The game as its title names it, and its sides as the game's side names, wherever the event is shown.
    const title = (await form.locator("select[name=game] option:checked").textContent()).trim();
    assert.notEqual(title, await form.locator("select[name=game]").inputValue(), "the form offers games by title");
    await form.getByRole("button", { name: "Create" }).click();
    await organiser.waitForFunction(() => /^#\/tournament\/\d+$/.test(location.hash));
    const event = organiser.url();
    for (const stem of ["alice", "bob"]) {
      const player = await newPlayer(browser, server, stem);
      await player.goto(event);
      await player.getByRole("button", { name: "Register" }).click();
      await player.getByRole("button", { name: "Withdraw" }).waitFor();
    }
    await organiser.locator("table.players tbody tr").nth(1).waitFor({ timeout: 15_000 });
    await ids.check(organiser, "tournament in registration");
    await organiser.getByRole("button", { name: "Start now" }).click();
    await organiser.locator("table.round[data-round='1'] a[data-match]").waitFor();
    await ids.check(organiser, "running tournament");
    assert.match(await organiser.locator("p.summary").innerText(), new RegExp(`^${title} `));
    const sides = await organiser.locator("table.round[data-round='1'] thead th").allTextContents();
    assert.deepEqual(sides.slice(1, 3), ["Mahdist", "Empire"], "the pairing's columns are the game's sides");
    await organiser.goto(`${server.url}#/tournaments`);
    await organiser.locator("table.tournament-list tbody tr").first().waitFor();
    await ids.check(organiser, "tournament list");
    assert.equal(await organiser.locator("table.tournament-list tbody tr td").nth(1).innerText(), title);
    await organiser.goto(`${server.url}#/ratings`);
    await organiser.locator("select[name=side] option").nth(2).waitFor({ state: "attached" });
    await ids.check(organiser, "ratings");
    assert.deepEqual(ids.report(), []);
  }));
