// Two players in two browser contexts create and join a private Khartoum match through its invite
// link and play it by clicking; after every step the Empire's page must not show a unit that
// 29.14 hides (a Mahdist unit under the top of its stack, where no Empire unit stands).
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  createMatch, lastUpdate, newPlayer, playStep, screenshot, withFrontier,
} from "./harness.mjs";

const STEPS = 40;

// The units the Mahdist's own view shows that the Empire may not see: all but the top unit of a
// Mahdist stack in a space without Empire units (29.14). The Mahdist sees its stacks whole.
function hiddenFromEmpire(mahdistView) {
  const hidden = [];
  for (const space of mahdistView.spaces ?? []) {
    if ((space.empireCount ?? 0) > 0) continue;
    const mahdist = (space.units ?? []).filter((u) => u.side === "Mahdist");
    hidden.push(...mahdist.slice(0, -1).map((u) => ({ ...u, space: space.name })));
  }
  return hidden;
}

// The text as a whole word ("Mahdi" must not match "Mahdist").
function word(text) {
  return new RegExp(`(^|[^\\w-])${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^\\w-])`);
}

// What a page shows outside its log: every text node and attribute value. The log is history
// the Empire watched (a recruit is seen when placed, before others cover it), filtered by the
// rules engine and checked by its own tests; the board, the prompts and the status are checked here.
// The prompt's "Last move" line is the newest log line repeated while the other side plays, so it
// is history too (a card's text naming "the Mahdi" is not a hidden unit).
function shownText(page) {
  return page.evaluate(() => {
    const shown = [...document.querySelectorAll("*")].filter((el) => !el.closest(".log, .latest-move"));
    const attributes = shown.flatMap((el) => [...el.attributes].map((a) => a.value));
    const text = shown.flatMap((el) => [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent));
    return `${text.join("\n")}\n${attributes.join("\n")}`;
  });
}

// The ids and names of `hidden` units that `dom` shows, except those `given` (the page's own
// view) names anyway: a card's text that mentions "the Mahdi", another stack's top unit.
function shownUnits(dom, hidden, given) {
  const found = [];
  for (const unit of hidden) {
    for (const token of [unit.id, unit.name]) {
      if (word(token).test(given)) continue;
      const at = word(token).exec(dom);
      if (at) found.push(`${token} (in ${unit.space}): ${JSON.stringify(dom.slice(Math.max(0, at.index - 80), at.index + 80))}`);
    }
  }
  return found;
}

// Checks one page that must not see under Mahdist stacks (the Empire's, or a spectator's);
// returns how many of the Mahdist's own units were hidden from it, and how many of those the
// Mahdist's page shows (so the check is known to be able to see a unit when one is drawn).
async function assertFogHolds(mahdistPage, otherPage) {
  const mahdist = (await lastUpdate(mahdistPage)).view.payload;
  const other = (await lastUpdate(otherPage)).view.payload;
  const hidden = hiddenFromEmpire(mahdist);
  const otherSpaces = new Map((other.spaces ?? []).map((s) => [s.id, s]));
  for (const unit of hidden) {
    const seen = otherSpaces.get(mahdist.spaces.find((s) => s.name === unit.space).id);
    assert.ok(!(seen?.units ?? []).some((u) => u.id === unit.id), `the view lists hidden ${unit.id}`);
  }
  const given = JSON.stringify(other);
  assert.deepEqual(shownUnits(await shownText(otherPage), hidden, given), [], "the page shows hidden units");
  return { hidden: hidden.length, shownToMahdist: shownUnits(await shownText(mahdistPage), hidden, given).length };
}

test("two players create, join and play Khartoum by clicking; the Empire never sees what 29.14 hides", () =>
  withFrontier(async (server, browser) => {
    const mahdistPage = await newPlayer(browser, server, "mahdi");
    const empirePage = await newPlayer(browser, server, "gordon");

    // The Mahdist creates a private Khartoum match and sends the invite link.
    const invite = await createMatch(mahdistPage, { game: "khartoum", side: "Mahdist", privately: true });
    assert.match(invite, /#\/join\/\d+\/\S+$/);
    await mahdistPage.getByRole("link", { name: "Open the match" }).click();
    await mahdistPage.getByTestId("your-side").filter({ hasText: "You play Mahdist." }).waitFor();

    await empirePage.goto(invite);
    await empirePage.getByTestId("your-side").filter({ hasText: "You play Empire." }).waitFor();
    await mahdistPage.locator('[data-testid="match-status"][data-status="RUNNING"]').waitFor();
    await screenshot(empirePage, "khartoum-empire-start");

    // A private match is watched through its invitation once the seats are taken.
    const spectatorPage = await newPlayer(browser, server, "kibitzer");
    await spectatorPage.goto(invite);
    const full = spectatorPage.getByRole("alert").filter({ hasText: "has no free seat" });
    await full.waitFor();
    assert.doesNotMatch(await full.innerText(), /MATCH_FULL/, "the refusal in words, not its wire code");
    await spectatorPage.getByRole("link", { name: "Watch the match instead" }).click();
    await spectatorPage.getByTestId("your-side").filter({ hasText: "You are watching." }).waitFor();

    // Chat reaches the opponent and the spectators.
    await mahdistPage.getByLabel("Message").fill("Good luck, Pasha");
    await mahdistPage.getByRole("button", { name: "Send" }).click();
    for (const p of [empirePage, spectatorPage]) await p.locator(".chat li", { hasText: "Good luck, Pasha" }).waitFor();

    let maxHidden = 0;
    let shownToMahdist = 0;
    for (let step = 0; step < STEPS; step++) {
      const [m, e] = [await lastUpdate(mahdistPage), await lastUpdate(empirePage)];
      assert.equal(m.seq ?? 0, e.seq ?? 0, "both pages show the same event");
      if (m.gameStatus?.finished) break;
      await playStep([mahdistPage, empirePage, spectatorPage]);
      const fog = await assertFogHolds(mahdistPage, empirePage);
      maxHidden = Math.max(maxHidden, fog.hidden);
      shownToMahdist = Math.max(shownToMahdist, fog.shownToMahdist);
      await assertFogHolds(mahdistPage, spectatorPage);
    }
    // The check above must have had something to hide at some point, or it proved nothing.
    assert.ok(maxHidden > 0, "no Mahdist stack was ever hidden from the Empire");
    assert.ok(shownToMahdist > 0, "the Mahdist's own board shows the units the check looks for");
    const log = await empirePage.locator(".log li").count();
    assert.ok(log > 0, "the Empire's log shows what happened");
    await screenshot(mahdistPage, "khartoum-mahdist");
    await screenshot(empirePage, "khartoum-empire");
    await screenshot(spectatorPage, "khartoum-spectator");

    // While the match runs, the Empire steps back through it as its own seat saw it.
    const current = (await lastUpdate(empirePage)).seq;
    await empirePage.getByRole("link", { name: "Step back through your moves" }).click();
    const position = empirePage.getByTestId("replay-position");
    await position.filter({ hasText: `Event ${current} of ${current}` }).waitFor();
    await empirePage.getByRole("button", { name: "Previous" }).click();
    await position.filter({ hasText: `Event ${current - 1} of ${current}` }).waitFor();
    await empirePage.waitForFunction((s) => window.__frontier?.lastViewAt?.seq === s, current - 1);
    assert.equal(await empirePage.evaluate(() => window.__frontier.lastViewAt.seat), 1, "its own seat's view");
    assert.equal(await empirePage.getByLabel("Seen by").count(), 0, "no other seat while the match runs");
    await empirePage.getByRole("link", { name: "Back to the match" }).click();
    await empirePage.getByTestId("your-side").filter({ hasText: "You play Empire." }).waitFor();

    // In the lobby, "My matches" marks the match with "Your turn" for the seat that holds the prompt only.
    const now = await lastUpdate(mahdistPage);
    const matchId = now.matchId;
    const [toMove, waiting] = (now.prompts ?? []).length ? [mahdistPage, empirePage] : [empirePage, mahdistPage];
    for (const p of [toMove, waiting]) await p.getByRole("link", { name: "Lobby" }).click();
    await toMove.locator(`[data-testid="my-matches"] [data-match="${matchId}"] .badge.turn`).waitFor();
    await waiting.locator(`[data-testid="my-matches"] [data-match="${matchId}"]`).waitFor();
    assert.equal(await waiting.locator(`[data-match="${matchId}"] .badge.turn`).count(), 0);
    await screenshot(toMove, "lobby-your-turn");
    assert.deepEqual([...mahdistPage.errors, ...empirePage.errors, ...spectatorPage.errors], []);
  }));
