// The client on a phone (390 x 844 CSS pixels, touch): no page scrolls sideways (a board pans and
// zooms inside its own box), the prompt and its choices sit by the map where the match page
// opens, before the tracks, log and chat, and everything to tap — buttons, links, form controls
// and the places and counters a choice names on the board — is at least 40 x 40 pixels. The
// landing page, the lobby, the tournaments, a replay and a match of each game are checked, the
// matches over their first steps played by tapping; each board is captured at the start and
// after some steps (phone-<game>-start, phone-<game>-mid).
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  clickFirstChoice, createMatch, lastUpdate, newPlayer, newPlayerPage, PHONE, playStep, screenshot,
  startPublicMatch, withFrontier,
} from "./harness.mjs";
import { assertPhoneFriendly } from "./phone-checks.mjs";

const STEPS = 8;

// As the match page opens: the prompt starts within the first screenful, before the side panels.
async function assertPromptByTheMap(page, where) {
  await page.evaluate(() => scrollTo(0, 0));
  const at = await page.evaluate(() => {
    const top = (sel) => {
      const el = document.querySelector(sel);
      return el ? el.getBoundingClientRect().top + scrollY : null;
    };
    return { prompt: top(".prompt"), log: top(".log"), tracks: top(".board-side"), height: innerHeight };
  });
  assert.ok(at.prompt !== null, `${where}: a prompt`);
  assert.ok(at.prompt < at.height - 40, `${where}: the prompt starts at ${at.prompt} px, on a ${at.height} px screen`);
  if (at.log !== null) assert.ok(at.prompt < at.log, `${where}: the prompt comes before the log`);
  if (at.tracks !== null) assert.ok(at.prompt < at.tracks, `${where}: the prompt comes before the tracks`);
}

const phone = { contextOptions: PHONE };

test("on a phone the landing page, the lobby and the tournaments fit the screen and are easy to tap", () =>
  withFrontier(async (server, browser) => {
    const visitor = await newPlayerPage(browser, PHONE);
    await visitor.goto(server.url);
    await visitor.getByTestId("landing-games").locator("li").first().waitFor();
    await assertPhoneFriendly(visitor, "landing page");
    await screenshot(visitor, "phone-landing");
    await visitor.goto(`${server.url}#/login`);
    await visitor.getByLabel("Name").waitFor();
    await assertPhoneFriendly(visitor, "log-in page");

    const player = await newPlayer(browser, server, "pocket", phone);
    await player.locator("form.create-match").waitFor();
    await assertPhoneFriendly(player, "lobby");
    await screenshot(player, "phone-lobby");
    await player.getByRole("link", { name: "Tournaments" }).click();
    await player.locator("form.create-tournament").waitFor();
    await assertPhoneFriendly(player, "tournaments");
    await player.getByRole("link", { name: "Ratings" }).click();
    await player.waitForFunction(() => location.hash === "#/ratings");
    await assertPhoneFriendly(player, "ratings");
    await player.getByRole("link", { name: "Settings" }).click();
    await player.waitForFunction(() => location.hash === "#/settings");
    await assertPhoneFriendly(player, "settings");
    assert.deepEqual([...visitor.errors, ...player.errors], []);
  }));

test("on a phone the Lion of Khartoum is played by tapping, with the prompt by the map; its replay fits too", () =>
  withFrontier(async (server, browser) => {
    const page = await newPlayer(browser, server, "lion", phone);
    await createMatch(page, { game: "lion" });
    await page.locator('[data-testid="match-status"][data-status="RUNNING"]').waitFor();
    await page.locator(".board-area .board-lion").waitFor();
    await assertPromptByTheMap(page, "Lion");
    await assertPhoneFriendly(page, "Lion at the start");
    await screenshot(page, "phone-lion-start");
    for (let step = 0; step < STEPS * 2 && !(await lastUpdate(page)).gameStatus?.finished; step++) {
      await clickFirstChoice(page);
      await assertPhoneFriendly(page, `Lion step ${step}`);
    }
    await screenshot(page, "phone-lion-mid");

    await page.getByRole("link", { name: "Step back through your moves" }).click();
    await page.getByTestId("replay-position").waitFor();
    await page.getByRole("button", { name: "Previous" }).click();
    await assertPhoneFriendly(page, "replay");
    await screenshot(page, "phone-lion-replay");
    assert.deepEqual(page.errors, []);
  }));

// Two players on phones open `game` and play its first steps by tapping.
async function playOnPhones(server, browser, game, sides, name) {
  const first = await newPlayer(browser, server, `${game}a`, phone);
  const second = await newPlayer(browser, server, `${game}b`, phone);
  await startPublicMatch(first, second, game, sides);
  for (const p of [first, second]) {
    await p.locator(`.board-area .board-${game}`).waitFor();
    await assertPhoneFriendly(p, `${name} at the start`);
  }
  const mover = (await lastUpdate(first)).prompts?.length ? first : second;
  await assertPromptByTheMap(mover, name);
  await screenshot(mover, `phone-${game}-start`);
  for (let step = 0; step < STEPS && !(await lastUpdate(first)).gameStatus?.finished; step++) {
    const moved = await playStep([first, second]);
    const next = (await lastUpdate(first)).prompts?.length ? first : second;
    await assertPhoneFriendly(moved, `${name} step ${step}, who moved`);
    await assertPhoneFriendly(next, `${name} step ${step}, who moves next`);
  }
  const next = (await lastUpdate(first)).prompts?.length ? first : second;
  await screenshot(next, `phone-${game}-mid`);
  assert.deepEqual([...first.errors, ...second.errors], []);
}

test("on a phone two players play Khartoum's first steps by tapping", () =>
  withFrontier((server, browser) => playOnPhones(server, browser, "khartoum", ["Mahdist", "Empire"], "Khartoum")));

test("on a phone two players play Asia Crossroads' first steps by tapping", () =>
  withFrontier((server, browser) => playOnPhones(server, browser, "crossroads", ["British", "Russian"], "Crossroads")));
