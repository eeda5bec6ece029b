// Tournaments in the browser: an organiser creates an event with the form, players register on
// its page, the organiser starts it, and the pages show the pairings (with links to the matches),
// the standings with their tiebreak columns named and, for elimination, the bracket. Uses the
// shared harness (a real frontierd serving the built client, Debian's Chromium).
import { test } from "node:test";
import assert from "node:assert/strict";
import { assertAccessible } from "./a11y-checks.mjs";
import {
  launchBrowser,
  newPlayerPage,
  registerUser,
  screenshot,
  startFrontier,
  uniqueName,
} from "./harness.mjs";

// Fills the create form on #/tournaments and returns the new event's id (the page moves to it).
async function createEvent(page, baseUrl, name, format, setUp = async () => {}) {
  await page.goto(`${baseUrl}#/tournaments`);
  const form = page.locator("form.create-tournament");
  await form.locator("select[name=game] option").first().waitFor({ state: "attached" });
  await form.locator("input[name=name]").fill(name);
  await form.locator("select[name=format]").selectOption({ label: format });
  await setUp(form);
  await form.getByRole("button", { name: "Create" }).click();
  await page.waitForFunction(() => /^#\/tournament\/\d+$/.test(location.hash));
  return (await page.evaluate(() => location.hash)).split("/").pop();
}

async function registerFor(page, baseUrl, id) {
  await page.goto(`${baseUrl}#/tournament/${id}`);
  await page.getByRole("button", { name: "Register" }).click();
  await page.getByRole("button", { name: "Withdraw" }).waitFor();
}

test("a Swiss made in the browser: register, start, boards and named standings, a resignation decides it", async () => {
  const server = await startFrontier();
  const browser = await launchBrowser();
  try {
    const organiser = await newPlayerPage(browser);
    await registerUser(organiser, server.url, uniqueName("org"));
    const id = await createEvent(organiser, server.url, "Browser Swiss", "Swiss", async (form) => {
      await form.locator("input[name=rounds]").fill("1");
      // The tiebreak order: add "Wins" and move it to the front.
      await form.getByLabel("add a tiebreak").selectOption({ label: "Wins" });
      const wins = form.locator("li[data-tiebreak=wins]");
      await wins.getByRole("button", { name: "earlier" }).click();
      await wins.getByRole("button", { name: "earlier" }).click();
    });
    await organiser.getByRole("heading", { name: "Browser Swiss" }).waitFor();

    const names = [uniqueName("alice"), uniqueName("bob")];
    const players = [];
    for (const name of names) {
      const page = await newPlayerPage(browser);
      await registerUser(page, server.url, name);
      await registerFor(page, server.url, id);
      players.push(page);
    }
    // The page refreshes itself every few seconds: the registrations appear without a reload.
    await organiser.locator("table.players tbody tr").nth(1).waitFor({ timeout: 15_000 });
    await organiser.getByRole("button", { name: "Start now" }).click();
    const link = organiser.locator("table.round[data-round='1'] a[data-match]");
    await link.waitFor();
    const headers = await organiser.locator("table.standings th").allTextContents();
    assert.deepEqual(headers, ["Rank", "Player", "Points", "Wins", "Buchholz", "Sonneborn–Berger"]);
    assert.equal(await organiser.locator("table.standings tbody tr").count(), 2);
    const href = await link.getAttribute("href");
    assert.match(href, /^#\/match\/\d+$/);

    // The first player resigns on the match page the board links to; the second wins the event.
    const loser = players[0];
    loser.on("dialog", (dialog) => dialog.accept());
    await loser.goto(`${server.url}${href}`);
    await loser.getByRole("button", { name: "Resign" }).click();
    await organiser.locator("strong.champion").filter({ hasText: names[1] }).waitFor({ timeout: 15_000 });
    const first = await organiser.locator("table.standings tbody tr").first().locator("td").allTextContents();
    assert.deepEqual(first.slice(0, 4), ["1", names[1], "1", "1"]);
    assert.equal(await organiser.locator("table.round td.result").first().textContent(), "0-1");
    await screenshot(organiser, "tournament-swiss");
    await assertAccessible(organiser, "a tournament's page");
    for (const page of [organiser, ...players]) assert.deepEqual(page.errors, []);
  } finally {
    await browser.close();
    await server.stop();
  }
});

test("a double elimination is drawn as a bracket: winners', losers' and the finals", async () => {
  const server = await startFrontier();
  const browser = await launchBrowser();
  try {
    const organiser = await newPlayerPage(browser);
    await registerUser(organiser, server.url, uniqueName("org"));
    const id = await createEvent(organiser, server.url, "Browser Double", "Double elimination");
    const players = [];
    for (let i = 0; i < 4; ++i) {
      const page = await newPlayerPage(browser);
      await registerUser(page, server.url, uniqueName("de"));
      await registerFor(page, server.url, id);
      players.push(page);
    }
    await organiser.locator("table.players tbody tr").nth(3).waitFor({ timeout: 15_000 });
    await organiser.getByRole("button", { name: "Start now" }).click();
    await organiser.locator(".bracket-match").first().waitFor();
    assert.deepEqual(await organiser.locator(".bracket-section h3").allTextContents(), [
      "Winners' bracket",
      "Losers' bracket",
      "Finals",
    ]);
    assert.equal(await organiser.locator(".bracket-match").count(), 7);
    // The first round is ready with links to its matches; later matches name where players come from.
    // (the matches are created just after the start: the page shows their links on its next refresh)
    const links = organiser.locator(".bracket-match.status-ready a[data-match]");
    await links.nth(1).waitFor({ timeout: 15_000 });
    assert.equal(await links.count(), 2);
    const final = organiser.locator(".bracket-section").nth(2).locator(".bracket-match").first();
    assert.match(await final.textContent(), /winner of #\d+.*winner of #\d+/);
    // The organiser's tools are there; pausing shows on the page.
    await organiser.getByRole("button", { name: "Pause pairing" }).click();
    await organiser.getByRole("button", { name: "Resume pairing" }).waitFor();
    await screenshot(organiser, "tournament-double-elimination");
    for (const page of [organiser, ...players]) assert.deepEqual(page.errors, []);
  } finally {
    await browser.close();
    await server.stop();
  }
});
