// Time to the board (issue 49) of two or more builds, side by side: each build (a frontierd and the
// web client it serves) gets its own server with a Khartoum, an Asia Crossroads and a Lion match,
// and the builds take turns loading each match page cold (a fresh browser context) and warm (a
// reload), so that the machine's changing load falls on all of them alike. Prints every figure
// and the medians, in ms from the start of the navigation to the board drawn with its data, and
// how long the page's main thread had been busy by then (web/tests/board-load.mjs says how). Needs Chromium (CHROMIUM, default
// /usr/bin/chromium) and web/node_modules (npm ci in web/).
//
//   node bench/web/board_load.mjs [--rounds N] LABEL=FRONTIERD:WEB_DIST ...
//   node bench/web/board_load.mjs --rounds 5 \
//     before=/tmp/frontierd-main:/tmp/web-dist-main after=build/release/server/frontierd:build/release/web/dist
import { resolve } from "node:path";
import { launchBrowser, startFrontier } from "../../web/tests/harness.mjs";
import { loadTwice, median, setUpMatches, waterfall } from "../../web/tests/board-load.mjs";

const args = process.argv.slice(2);
let rounds = 5;
const builds = [];
for (let i = 0; i < args.length; i++) {
  if (args[i] === "--rounds") rounds = Number(args[++i]);
  else {
    const [label, paths] = args[i].split("=");
    const [binary, dist] = (paths ?? "").split(":");
    if (!label || !binary || !dist) throw new Error(`expected LABEL=FRONTIERD:WEB_DIST, got ${args[i]}`);
    builds.push({ label, binary: resolve(binary), dist: resolve(dist) });
  }
}
if (builds.length === 0) {
  console.error("usage: node bench/web/board_load.mjs [--rounds N] LABEL=FRONTIERD:WEB_DIST ...");
  process.exit(2);
}

const browser = await launchBrowser();
try {
  for (const b of builds) {
    b.server = await startFrontier(["--web-root", b.dist], b.binary);
    Object.assign(b, await setUpMatches(browser, b.server));
    b.times = {};
  }
  const games = Object.keys(builds[0].matches);
  for (let round = 0; round < rounds; round++) {
    for (const game of games) {
      // Alternate which build goes first, so neither always follows the other.
      const order = round % 2 ? [...builds].reverse() : builds;
      for (const b of order) {
        const load = await loadTwice(browser, b.server, b.cookies, b.matches[game]);
        if (load.errors.length) throw new Error(`${b.label} ${game}: ${load.errors.join("; ")}`);
        const t = (b.times[game] ??= { cold: [], warm: [], busy: [], first: load.cold });
        t.cold.push(load.cold.drawn);
        t.busy.push(load.cold.busy);
        t.warm.push(load.warm.drawn);
      }
    }
  }
  for (const game of games) {
    console.log(`${game}:`);
    for (const b of builds) {
      const t = b.times[game];
      console.log(`  ${b.label}: cold ${t.cold.join(", ")} (median ${median(t.cold)}); ` +
        `main thread busy by then ${t.busy.join(", ")} (median ${median(t.busy)}); ` +
        `warm ${t.warm.join(", ")} (median ${median(t.warm)})`);
    }
  }
  console.log("\nWhere the first cold load of each went:");
  for (const b of builds) {
    for (const game of games) {
      console.log(`${b.label} ${game}:`);
      for (const line of waterfall(b.times[game].first)) console.log(`  ${line}`);
    }
  }
} finally {
  await browser.close();
  for (const b of builds) await b.server?.stop();
}
