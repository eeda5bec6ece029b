// Time to the board (issue 49): how long a match page takes, from the start of the navigation, to
// draw its board's map with the game data it draws from, loaded cold (a fresh browser context: no
// cache, only the session cookie) and again warm (a reload in the same context). Each of the three
// games is loaded a few times; the figures and where the time went (the files fetched, the
// WebSocket's hello and first view) are printed for docs/performance.md. The bound asserted is
// generous on purpose (a busy machine must not fail it): this is a check that the board is drawn
// at all without waiting on something slow, not a timed performance test.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createMatch, lastUpdate, newPlayer, startPublicMatch, withFrontier } from "./harness.mjs";
import { VIEWPORT } from "./board-checks.mjs";

const LOADS = Number(process.env.FRONTIER_BOARD_LOADS ?? 3);
const BOUND_MS = 3000;

// Runs in the page before its own scripts: notes when the board's map is first complete (the
// frame that paints it: the next animation frame) and when the WebSocket opens and answers.
function observeBoard() {
  const marks = { ws: [] };
  window.__boardLoad = marks;
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      marks.ws.push(["new", performance.now()]);
      this.addEventListener("open", () => marks.ws.push(["open", performance.now()]));
      this.addEventListener("message", (e) => marks.ws.push([`message ${e.data.byteLength ?? e.data.length} B`, performance.now()]));
    }
  };
  const check = () => {
    if (marks.inDom || !document.querySelector(".board-area .board-map[data-complete] svg")) return;
    marks.inDom = performance.now();
    requestAnimationFrame(() => (marks.drawn = performance.now()));
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
}

// Loads `url` in `page` and returns the time to the board and the page's own record of the load.
async function timeBoard(page, url, reload = false) {
  if (reload) await page.reload();
  else await page.goto(url);
  await page.waitForFunction(() => window.__boardLoad?.drawn !== undefined, null, { timeout: 20_000 });
  return page.evaluate(() => {
    const nav = performance.getEntriesByType("navigation")[0];
    const files = performance.getEntriesByType("resource").map((r) => ({
      name: r.name.replace(location.origin, ""),
      start: Math.round(r.startTime),
      end: Math.round(r.responseEnd),
      bytes: r.transferSize,
    }));
    return {
      drawn: Math.round(window.__boardLoad.drawn),
      html: Math.round(nav.responseEnd),
      ws: window.__boardLoad.ws.slice(0, 6).map(([what, at]) => `${what} @${Math.round(at)}`),
      files,
    };
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

test("a match page draws its board soon after a cold load, for each game", () =>
  withFrontier(async (server, browser) => {
    const first = await newPlayer(browser, server, "gordon", { contextOptions: { viewport: VIEWPORT } });
    const second = await newPlayer(browser, server, "wolseley", { contextOptions: { viewport: VIEWPORT } });
    const matches = {};
    await startPublicMatch(first, second, "khartoum", ["Mahdist", "Empire"]);
    matches.khartoum = (await lastUpdate(first)).matchId;
    await first.goto(`${server.url}#/lobby`);
    await second.goto(`${server.url}#/lobby`);
    await startPublicMatch(first, second, "crossroads", ["British", "Russian"]);
    matches.crossroads = (await lastUpdate(first)).matchId;
    await first.goto(`${server.url}#/lobby`);
    await createMatch(first, { game: "lion" });
    await first.locator('[data-testid="match-status"][data-status="RUNNING"]').waitFor();
    matches.lion = (await lastUpdate(first)).matchId;
    // Only the session cookie is carried into the fresh contexts.
    const { cookies } = await first.context().storageState();
    await second.context().close();

    const report = [];
    for (const [game, id] of Object.entries(matches)) {
      const url = `${server.url}#/match/${id}`;
      const cold = [], warm = [];
      let sample;
      for (let i = 0; i < LOADS; i++) {
        const context = await browser.newContext({ viewport: VIEWPORT, storageState: { cookies, origins: [] } });
        await context.addInitScript(observeBoard);
        const page = await context.newPage();
        const errors = [];
        page.on("pageerror", (e) => errors.push(e));
        const load = await timeBoard(page, url);
        cold.push(load.drawn);
        sample ??= load;
        warm.push((await timeBoard(page, url, true)).drawn);
        assert.deepEqual(errors, [], `${game}: no page errors`);
        assert.equal(await page.locator(".match").getAttribute("data-game"), game);
        await context.close();
      }
      report.push({ game, cold, warm });
      console.log(`${game}: board drawn ${cold.join(", ")} ms after navigation start cold (median ${median(cold)}), ` +
        `${warm.join(", ")} ms on reload (median ${median(warm)})`);
      console.log(`  first cold load: HTML by ${sample.html} ms; WebSocket ${sample.ws.join(", ")}`);
      for (const f of sample.files) console.log(`  ${f.name}: ${f.start}–${f.end} ms, ${f.bytes} B`);
    }
    for (const { game, cold, warm } of report) {
      for (const t of [...cold, ...warm]) assert.ok(t < BOUND_MS, `${game}'s board drawn within ${BOUND_MS} ms (${t} ms)`);
    }
  }));
