// Time to the board (issue 49): how long a match page takes, from the start of the navigation, to
// draw its board's map with the game data it draws from, loaded cold (a fresh browser context: no
// cache, only the session cookie) and again warm (a reload in the same context). Each of the three
// games is loaded a few times; the figures and where the time went (the files fetched, the
// WebSocket's hello and first view) are printed for docs/performance.md (bench/web/board_load.mjs
// compares two builds the same way). The bound asserted is generous on purpose (a busy machine
// must not fail it): this checks that the board is drawn without waiting on something slow, it is
// not a timed performance test.
import { test } from "node:test";
import assert from "node:assert/strict";
import { withFrontier } from "./harness.mjs";
import { loadTwice, median, setUpMatches, waterfall } from "./board-load.mjs";

const LOADS = Number(process.env.FRONTIER_BOARD_LOADS ?? 3);
const BOUND_MS = 3000;

test("a match page draws its board soon after a cold load, for each game", () =>
  withFrontier(async (server, browser) => {
    const { cookies, matches } = await setUpMatches(browser, server);
    for (const [game, id] of Object.entries(matches)) {
      const loads = [];
      for (let i = 0; i < LOADS; i++) {
        const load = await loadTwice(browser, server, cookies, id);
        assert.deepEqual(load.errors, [], `${game}: no page errors`);
        assert.equal(load.game, game);
        loads.push(load);
      }
      const cold = loads.map((l) => l.cold.drawn), warm = loads.map((l) => l.warm.drawn);
      const busy = loads.map((l) => l.cold.busy);
      console.log(`${game}: board drawn ${cold.join(", ")} ms after navigation start cold (median ${median(cold)}; ` +
        `main thread busy ${busy.join(", ")} ms), ${warm.join(", ")} ms on reload (median ${median(warm)})`);
      for (const line of waterfall(loads[0].cold)) console.log(`  ${line}`);
      for (const t of [...cold, ...warm]) assert.ok(t < BOUND_MS, `${game}'s board drawn within ${BOUND_MS} ms (${t} ms)`);
    }
  }));
