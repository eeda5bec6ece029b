// Time to the board (issue 49), shared by web/tests/board-load.test.mjs and bench/web/board_load.mjs:
// three matches (Khartoum, Asia Crossroads, the Lion) set up on a server, then a match page loaded
// and timed from the start of the navigation until its board's map is drawn with the game data it
// draws from (the map's data-complete mark, boards/leftover.tsx), in the next animation frame.
import { createMatch, lastUpdate, newPlayer, startPublicMatch } from "./harness.mjs";
import { VIEWPORT } from "./board-checks.mjs";

// Runs in the page before its own scripts: notes when the board's map is first complete and when
// the WebSocket is made, opens and answers.
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

// A Khartoum and an Asia Crossroads match between two players, and a Lion match of the first;
// returns { cookies, matches: { game: matchId } }, the cookies of the first player's session.
export async function setUpMatches(browser, server) {
  const contextOptions = { viewport: VIEWPORT };
  const first = await newPlayer(browser, server, "gordon", { contextOptions });
  const second = await newPlayer(browser, server, "wolseley", { contextOptions });
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
  await first.context().close();
  await second.context().close();
  return { cookies, matches };
}

async function timeBoard(page, url, reload) {
  if (reload) await page.reload();
  else await page.goto(url);
  await page.waitForFunction(() => window.__boardLoad?.drawn !== undefined, null, { timeout: 20_000 });
  return page.evaluate(() => {
    const nav = performance.getEntriesByType("navigation")[0];
    return {
      drawn: Math.round(window.__boardLoad.drawn),
      html: Math.round(nav.responseEnd),
      ws: window.__boardLoad.ws.slice(0, 6).map(([what, at]) => `${what} @${Math.round(at)}`),
      files: performance.getEntriesByType("resource").map((r) => ({
        name: r.name.replace(location.origin, ""),
        start: Math.round(r.startTime),
        end: Math.round(r.responseEnd),
        bytes: r.transferSize,
      })),
    };
  });
}

// The page's main thread busy until now, in ms (Chromium's TaskDuration: script, style, layout and
// paint together): less swayed than wall time by other processes taking the CPU meanwhile.
async function busyMs(cdp) {
  const { metrics } = await cdp.send("Performance.getMetrics");
  return Math.round(1000 * (metrics.find((m) => m.name === "TaskDuration")?.value ?? 0));
}

// Loads match `id` cold (a fresh browser context: empty cache, the session cookie only), then
// reloads it (warm). Returns { game, cold, warm } (each a timeBoard record, with `busy`: the main
// thread's busy time by the board's drawing) and the page errors.
export async function loadTwice(browser, server, cookies, id) {
  const context = await browser.newContext({ viewport: VIEWPORT, storageState: { cookies, origins: [] } });
  try {
    await context.addInitScript(observeBoard);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Performance.enable");
    const errors = [];
    page.on("pageerror", (e) => errors.push(e));
    const url = `${server.url}#/match/${id}`;
    const cold = await timeBoard(page, url, false);
    cold.busy = await busyMs(cdp);
    const warm = await timeBoard(page, url, true);
    const game = await page.locator(".match").getAttribute("data-game");
    return { game, cold, warm, errors };
  } finally {
    await context.close();
  }
}

export const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

// What one load waited for, as lines to print.
export function waterfall(load) {
  return [
    `HTML by ${load.html} ms; WebSocket ${load.ws.join(", ")}`,
    ...load.files.map((f) => `${f.name}: ${f.start}–${f.end} ms, ${f.bytes} B`),
  ];
}
