// The client on a phone (390 x 844 CSS pixels, touch): no page scrolls sideways (a board pans and
// zooms inside its own box), the prompt and its choices are docked at the bottom of the screen
// with the map in view above them, the window never scrolls by itself (not as a match opens, not
// after a move, one's own or the opponent's: only the log box scrolls itself), everything to
// tap — buttons, links, form controls and the places and counters a choice names on the board —
// is at least 40 x 40 pixels, a tap on a stack standing on a highlighted space chooses the space,
// and axe-core finds no serious accessibility violation. The landing
// page, the lobby, the tournaments, a replay and a match of each game are checked, the matches
// over their first steps played by tapping; each board is captured at the start and after some
// steps (phone-<game>-start, phone-<game>-mid).
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  clickFirstChoice, createMatch, lastUpdate, newPlayer, newPlayerPage, PHONE, playStep, screenshot,
  startPublicMatch, waitForSeq, withFrontier,
} from "./harness.mjs";
import { assertPhoneFriendly } from "./phone-checks.mjs";
import { assertAccessible } from "./a11y-checks.mjs";

const STEPS = 8;

// As the match page opens, the window stays at its top (the log scrolls itself only); the prompt
// is docked wholly on screen at its bottom, and the map's box starts above the dock.
async function assertPromptByTheMap(page, where) {
  // The log fills (where the match has logged anything yet) and the board draws after the first
  // update: give them two frames.
  await page.waitForFunction(() => document.querySelector(".log li"), null, { timeout: 3000 }).catch(() => undefined);
  await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  assert.equal(await page.evaluate(() => scrollY), 0, `${where}: the window stays at the top as the match opens`);
  const at = await page.evaluate(() => {
    const box = (sel) => document.querySelector(sel)?.getBoundingClientRect() ?? null;
    const dock = box(".match-dock");
    return { prompt: box(".prompt"), dock, map: box(".board-map"), height: innerHeight };
  });
  assert.ok(at.prompt !== null && at.dock !== null, `${where}: a docked prompt`);
  // A long prompt scrolls inside the dock; its head shows.
  assert.ok(at.prompt.top >= at.dock.top - 0.5 && at.prompt.top < at.height - 40,
    `${where}: the prompt (from ${at.prompt.top} px) starts in the dock (${at.dock.top} px) on the ${at.height} px screen`);
  assert.ok(Math.abs(at.dock.bottom - at.height) < 1, `${where}: the dock is at the bottom of the screen`);
  assert.ok(at.map.top < at.dock.top - 100, `${where}: the map (from ${at.map.top} px) shows above the dock (${at.dock.top} px)`);
}

// The window's scroll as a tap was made (recorded by a listener the page gets first), against
// which the scroll after the move is compared: a move does not scroll the window.
async function watchTaps(page) {
  await page.evaluate(() => {
    document.addEventListener("click", () => { window.__scrollAtTap = scrollY; }, { capture: true });
  });
}
const settle = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
async function assertNoScrollSinceTap(page, where) {
  await settle(page);
  const { at, now } = await page.evaluate(() => ({ at: window.__scrollAtTap, now: scrollY }));
  assert.equal(now, at, `${where}: the window stays where it was at the tap`);
}

const phone = { contextOptions: PHONE };

// A finger on the top counter of a stack standing on a highlighted space (the counters being no
// choice) chooses the space, not the counter's details. Returns whether the page had such a stack.
async function tapStackOnChosenSpace(page) {
  const point = await page.evaluate(() => {
    for (const stack of document.querySelectorAll(".board-area [data-on]")) {
      const space = document.querySelector(`.board-area [data-ref="${stack.getAttribute("data-on")}"].choosable`);
      if (!space || stack.querySelector(".choosable")) continue;
      const counters = stack.querySelectorAll('[data-ref^="unit:"]');
      const top = counters[counters.length - 1];
      if (!top) continue;
      top.scrollIntoView({ block: "center", inline: "center" });
      const box = top.getBoundingClientRect();
      const x = box.left + box.width / 2, y = box.top + box.height / 2;
      const hit = document.elementFromPoint(x, y);
      if (hit && top.contains(hit)) return { x, y, space: stack.getAttribute("data-on") };
    }
    return null;
  });
  if (!point) return false;
  const before = (await lastUpdate(page)).seq;
  await page.touchscreen.tap(point.x, point.y);
  const chooser = page.getByRole("dialog", { name: "Which do you mean?" });
  const asked = await Promise.race([chooser.waitFor().then(() => true, () => false), waitForSeq(page, before + 1).then(() => false)]);
  if (asked) await chooser.locator("button.choice").first().click();
  await waitForSeq(page, before + 1);
  assert.equal(await page.getByRole("dialog", { name: "Details" }).count(), 0, `a tap on the stack at ${point.space} chose, not inspected`);
  return true;
}

test("on a phone the landing page, the lobby and the tournaments fit the screen and are easy to tap", () =>
  withFrontier(async (server, browser) => {
    const visitor = await newPlayerPage(browser, PHONE);
    await visitor.goto(server.url);
    await visitor.getByTestId("landing-games").locator("li").first().waitFor();
    await assertPhoneFriendly(visitor, "landing page");
    await assertAccessible(visitor, "landing page");
    await screenshot(visitor, "phone-landing");
    await visitor.goto(`${server.url}#/login`);
    await visitor.getByLabel("Name").waitFor();
    await assertPhoneFriendly(visitor, "log-in page");
    await assertAccessible(visitor, "log-in page");

    const player = await newPlayer(browser, server, "pocket", phone);
    await player.locator("form.create-match").waitFor();
    await assertPhoneFriendly(player, "lobby");
    await assertAccessible(player, "lobby");
    await screenshot(player, "phone-lobby");
    await player.getByRole("link", { name: "Tournaments" }).click();
    await player.locator("form.create-tournament").waitFor();
    await assertPhoneFriendly(player, "tournaments");
    await assertAccessible(player, "tournaments");
    await player.getByRole("link", { name: "Ratings" }).click();
    await player.waitForFunction(() => location.hash === "#/ratings");
    await assertPhoneFriendly(player, "ratings");
    await assertAccessible(player, "ratings");
    await player.getByRole("link", { name: "Settings" }).click();
    await player.waitForFunction(() => location.hash === "#/settings");
    await assertPhoneFriendly(player, "settings");
    await assertAccessible(player, "settings");
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
    await assertAccessible(page, "Lion at the start");
    await screenshot(page, "phone-lion-start");
    await watchTaps(page);
    for (let step = 0; step < STEPS * 2 && !(await lastUpdate(page)).gameStatus?.finished; step++) {
      await clickFirstChoice(page);
      await assertNoScrollSinceTap(page, `Lion step ${step}`);
      await assertPhoneFriendly(page, `Lion step ${step}`);
    }
    await assertAccessible(page, "Lion after some steps");
    await screenshot(page, "phone-lion-mid");

    await page.getByRole("link", { name: "Step back through your moves" }).click();
    await page.getByTestId("replay-position").waitFor();
    await page.getByRole("button", { name: "Previous" }).click();
    await assertPhoneFriendly(page, "replay");
    await assertAccessible(page, "replay");
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
    await watchTaps(p);
  }
  const mover = (await lastUpdate(first)).prompts?.length ? first : second;
  await assertPromptByTheMap(mover, name);
  await assertAccessible(mover, `${name} at the start`);
  await screenshot(mover, `phone-${game}-start`);
  for (let step = 0; step < STEPS && !(await lastUpdate(first)).gameStatus?.finished; step++) {
    const toMove = (await lastUpdate(first)).prompts?.length ? first : second;
    const watcher = toMove === first ? second : first;
    const watched = await watcher.evaluate(() => scrollY);
    const moved = await playStep([first, second]);
    await assertNoScrollSinceTap(moved, `${name} step ${step}, who moved`);
    await settle(watcher);
    assert.equal(await watcher.evaluate(() => scrollY), watched, `${name} step ${step}: the opponent's move does not scroll the window`);
    const next = (await lastUpdate(first)).prompts?.length ? first : second;
    await assertPhoneFriendly(moved, `${name} step ${step}, who moved`);
    await assertPhoneFriendly(next, `${name} step ${step}, who moves next`);
  }
  const next = (await lastUpdate(first)).prompts?.length ? first : second;
  await screenshot(next, `phone-${game}-mid`);
  if (game === "crossroads") {
    // The map opens at the player's own pieces, not the middle of Central Asia: the page of the
    // side without a prompt (the other is shown what it may choose), opened again now that both
    // sides have set pieces up.
    const [page, side] = (await lastUpdate(first)).prompts?.length ? [second, sides[1]] : [first, sides[0]];
    await page.reload();
    await page.locator(`.board-area .cr-stack.side-${side.toLowerCase()}`).first().waitFor();
    const seen = await page.evaluate((cls) => {
      const box = document.querySelector(".board-map .pan-zoom-scroll").getBoundingClientRect();
      const own = [...document.querySelectorAll(`.board-map .cr-stack.side-${cls}`)];
      return { own: own.length, box: [box.left, box.top, box.right, box.bottom], inSight: own.filter((el) => {
        const r = el.getBoundingClientRect();
        return r.left >= box.left && r.right <= box.right && r.top >= box.top && r.bottom <= box.bottom;
      }).length, first: own.slice(0, 3).map((el) => { const r = el.getBoundingClientRect(); return [r.left, r.top]; }) };
    }, side.toLowerCase());
    assert.ok(seen.inSight > 0, `${name}: the ${side} map opens on the ${side} pieces ${JSON.stringify(seen)}`);
  }
  if (game === "khartoum") {
    // Set-up places units on spaces that already hold stacks: one is chosen by a tap on its stack.
    let tapped = false;
    for (let tries = 0; tries < 6 && !tapped; tries++) {
      const mover = (await lastUpdate(first)).prompts?.length ? first : second;
      tapped = await tapStackOnChosenSpace(mover);
      if (!tapped) await playStep([first, second]);
    }
    assert.ok(tapped, "a stack on a highlighted space was tapped");
  }
  assert.deepEqual([...first.errors, ...second.errors], []);
}

test("on a phone two players play Khartoum's first steps by tapping", () =>
  withFrontier((server, browser) => playOnPhones(server, browser, "khartoum", ["Mahdist", "Empire"], "Khartoum")));

test("on a phone two players play Asia Crossroads' first steps by tapping", () =>
  withFrontier((server, browser) => playOnPhones(server, browser, "crossroads", ["British", "Russian"], "Crossroads")));
