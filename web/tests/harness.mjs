// Shared pieces of the browser tests: a real frontierd on a free loopback port with a temporary
// database, serving the built client (FRONTIERD, FRONTIER_WEB_DIST), and Debian's Chromium driven
// by playwright-core with a fresh profile. Every test starts its own server and browser.
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { chromium } from "playwright-core";

const here = new URL(".", import.meta.url).pathname;

export const frontierdPath = process.env.FRONTIERD ?? join(here, "../../build/release/server/frontierd");
// The test server (tests/server): frontierd serving the test games as well; unset, the tests that
// need it skip.
export const fixturePath = process.env.FRONTIERD_FIXTURE;
export const webDist = process.env.FRONTIER_WEB_DIST ?? join(here, "../../build/release/web/dist");
export const screenshotDir = process.env.FRONTIER_SCREENSHOTS ?? join(webDist, "..", "screenshots");
export const PASSWORD = "correct horse battery";
// How long one test body may run (a file's tests share ctest's 600 s), and how long a server or
// browser gets to stop.
const TEST_DEADLINE_MS = 360_000;
const STOP_GRACE_MS = 20_000;

// Whether `promise` settles (either way) within `ms`.
function settlesWithin(promise, ms) {
  let timer;
  const late = new Promise((resolve) => { timer = setTimeout(() => resolve(false), ms); });
  return Promise.race([promise.then(() => true, () => true), late]).finally(() => clearTimeout(timer));
}

// Starts frontierd (or `binary`, the test server); resolves once it prints the address it listens
// on. `restart()` stops it (SIGTERM) and starts it again on the same port and database, as an
// operator's restart would.
export async function startFrontier(extraArgs = [], binary = frontierdPath) {
  const dir = mkdtempSync(join(tmpdir(), "frontier-web-test-"));
  let output = "";
  const launch = (listen) => {
    const args = ["--listen", listen, "--db", join(dir, "test.db"), "--kdf", "min", "--web-root", webDist,
      "--log-level", "warn", ...extraArgs];
    const child = spawn(binary, args, { stdio: ["ignore", "pipe", "pipe"] });
    const started = output.length;
    const port = new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`frontierd did not start:\n${output}`)), 20_000);
      const read = (chunk) => {
        output += chunk;
        const found = /listening on 127\.0\.0\.1:(\d+)/.exec(output.slice(started));
        if (found) {
          clearTimeout(timer);
          resolve(Number(found[1]));
        }
      };
      child.stdout.on("data", read);
      child.stderr.on("data", read);
      child.on("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`frontierd exited with ${code}:\n${output}`));
      });
    });
    return { child, port };
  };
  // A server that does not stop on SIGTERM is a defect to report, not a test to hang: it is
  // killed after a while and the test fails saying so.
  const stopChild = async (child) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    if (await settlesWithin(exited, STOP_GRACE_MS)) return;
    child.kill("SIGKILL");
    await exited;
    throw new Error(`frontierd did not stop within ${STOP_GRACE_MS / 1000} s of SIGTERM:\n${output.slice(-4000)}`);
  };
  let running = launch("127.0.0.1:0");
  const port = await running.port;
  return {
    url: `http://127.0.0.1:${port}/`,
    port,
    log: () => output,
    async restart() {
      await stopChild(running.child);
      running = launch(`127.0.0.1:${port}`);
      await running.port;
    },
    async stop() {
      await stopChild(running.child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export async function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}

// A phone: the size of a common one in CSS pixels, touch, a dense screen (tests/phone.test.mjs).
export const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

// A page in its own browser context (its own cookies), failing the test on any page error.
// `contextOptions` (PHONE, say) replace the default desktop window.
export async function newPlayerPage(browser, contextOptions = { viewport: { width: 1400, height: 1000 } }) {
  const context = await browser.newContext(contextOptions);
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e));
  page.errors = errors;
  return page;
}

let counter = 0;
export function uniqueName(stem) {
  counter += 1;
  return `${stem}${process.pid % 10000}${counter}`;
}

export async function registerUser(page, baseUrl, name) {
  await page.goto(`${baseUrl}#/login`);
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Register" }).click();
  await page.getByTestId("user-name").filter({ hasText: name }).waitFor();
  await page.waitForFunction(() => location.hash === "#/lobby");
}

// A registered player in a browser context of their own; `initScript` runs in every page first.
export async function newPlayer(browser, server, stem, { initScript, contextOptions } = {}) {
  const page = await newPlayerPage(browser, contextOptions);
  if (initScript) await page.addInitScript(initScript);
  await registerUser(page, server.url, uniqueName(stem));
  return page;
}

// A screenshot is a record for people, not a check: it gets longer than Playwright's 30 s
// default, which a browser starved by a full `make test` on two cores once ran out of.
export async function screenshot(page, name) {
  mkdirSync(screenshotDir, { recursive: true });
  await page.screenshot({ path: join(screenshotDir, `${name}.png`), fullPage: true, timeout: 120_000 });
}

// Resolves once the page shows a running match other than `notId` ("" for any), e.g. after
// "Play again".
export async function awaitRunningMatch(page, notId) {
  await page.waitForFunction((old) => {
    const u = window.__frontier?.lastUpdate;
    return u && u.matchId !== old && u.status === "RUNNING";
  }, notId);
}

// The seat's own latest update as the page holds it (JSON form of wire.MatchUpdate).
export function lastUpdate(page) {
  return page.evaluate(() => window.__frontier?.lastUpdate ?? null);
}

export async function waitForSeq(page, seq) {
  await page.waitForFunction((s) => (window.__frontier?.lastUpdate?.seq ?? 0) >= s, seq);
}

// Clicks where the element itself shows on screen, as a person would: the middle of its box may
// belong to a neighbour (an arc-shaped area around the palace), so a point is sought where the
// element is the topmost thing. The page scrolls it into sight itself: Playwright's
// scrollIntoViewIfNeeded first waits for the element to keep one box over two animation frames,
// and a background page's frames can stall past that wait's timeout (it did once in CI, on a
// phone-sized Khartoum map) although nothing moves.
export async function clickVisiblePart(page, locator) {
  await locator.waitFor();
  const point = await locator.evaluate((el) => {
    el.scrollIntoView({ block: "center", inline: "center" });
    const box = el.getBoundingClientRect();
    for (let row = 0; row < 20; row++) {
      for (let col = 0; col < 20; col++) {
        const x = box.left + ((col + 0.5) / 20) * box.width;
        const y = box.top + ((row + 0.5) / 20) * box.height;
        const hit = document.elementFromPoint(x, y);
        if (hit && (hit === el || el.contains(hit))) return { x, y };
      }
    }
    return null;
  });
  if (!point) throw new Error(`no visible part of ${await locator.evaluate((el) => el.outerHTML.slice(0, 200))}`);
  await page.mouse.click(point.x, point.y);
}

// Takes the first legal choice of the page's first prompt (or the one whose index `pick`
// returns) the way a person would: by clicking the place or unit on the board when the choice
// names one, else the prompt's button. Returns the label chosen, after the page has shown the
// resulting update.
export async function clickFirstChoice(page, pick = () => 0) {
  return clickChoice(page, (update) => update.prompts[0].choices[pick(update.prompts[0].choices)]);
}

// The same for the choice `pick(update)` returns (one of update.prompts[*].choices). `where(choice)`
// may name another element to click for it (a counter standing on the place), or null.
export async function clickChoice(page, pick, where = async () => null) {
  const update = await lastUpdate(page);
  const choice = pick(update);
  const before = update.seq ?? 0;
  const elsewhere = await where(choice);
  if (elsewhere) await clickVisiblePart(page, elsewhere);
  if (choice.refs?.length) {
    const ref = choice.refs[0];
    if (!elsewhere) await clickVisiblePart(page, page.locator(`.board-area [data-ref="${ref.type}:${ref.id}"]`).first());
    // A place several choices refer to asks which one is meant.
    const chooser = page.getByRole("dialog", { name: "Which do you mean?" });
    const asked = await Promise.race([
      chooser.waitFor().then(() => true, () => false),
      waitForSeq(page, before + 1).then(() => false),
    ]);
    if (asked) await chooser.getByRole("button", { name: choice.label, exact: true }).click();
  } else {
    await page.locator(".prompt").getByRole("button", { name: choice.label, exact: true }).first().click();
  }
  // A choice that ends a phase with something left undone ("End the March Phase with 2 stacks
  // unmoved?") asks first; these tests mean the choice they click, so they confirm it.
  const confirm = confirmDialog(page);
  const askedToConfirm = await Promise.race([
    confirm.waitFor().then(() => true, () => false),
    waitForSeq(page, before + 1).then(() => false),
  ]);
  if (askedToConfirm) await confirm.getByRole("button", { name: /^Yes/ }).click();
  await waitForSeq(page, before + 1);
  return choice.label;
}

// The question asked before a choice that ends a phase early (match/ConfirmChoice.tsx).
export function confirmDialog(page) {
  return page.getByRole("alertdialog", { name: "Are you sure?" });
}

// The text of a rule dialog once its rule has loaded: the dialog opens at once with its title and
// "Loading…", and the text arrives from the rules file fetched on first use.
export async function ruleDialogText(dialog) {
  await dialog.waitFor();
  await dialog.locator(".rule-text").first().waitFor();
  return dialog.innerText();
}

// Runs `body(server, browser)` against a fresh frontierd (or `binary`) and Chromium, and always
// stops both. A body still running after TEST_DEADLINE_MS fails with the server's last words:
// some waits (page.evaluate, a mouse click) have no timeout of their own, and a stall there
// would otherwise hang silently until ctest kills the whole file at 600 s (it did once in CI).
// Closing the browser then ends whatever the body still waits for.
export async function withFrontier(body, serverArgs = [], binary = frontierdPath) {
  const server = await startFrontier(serverArgs, binary);
  const browser = await launchBrowser();
  let timer;
  const deadline = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error(
      `the test was still running after ${TEST_DEADLINE_MS / 1000} s; the server's log ends:\n${server.log().slice(-4000)}`)),
    TEST_DEADLINE_MS);
  });
  try {
    await Promise.race([body(server, browser), deadline]);
  } finally {
    clearTimeout(timer);
    if (!(await settlesWithin(browser.close(), STOP_GRACE_MS))) console.error("Chromium did not close in time");
    await server.stop();
  }
}

// Creates a match from the lobby form; a public one opens its page, a private one shows the
// invite link (returned).
// `opponent` is the computer's level ("easy", "normal", "hard") for a match against it; `options`
// maps an option id to the value chosen in its select.
export async function createMatch(page, { game, side = "", privately = false, opponent = "", options = {} }) {
  const form = page.locator("form.create-match");
  // By its name: the label "Game" is also part of another field's name once a scenario of
  // Asia Crossroads ("The Great Game") is on show.
  await form.locator("select[name=game]").selectOption(game);
  if (side) await form.getByLabel("Your side").selectOption(side);
  if (opponent) await form.getByLabel("Opponent").selectOption(opponent);
  for (const [id, value] of Object.entries(options)) await form.locator(`select[name=option-${id}]`).selectOption(value);
  if (privately) await form.getByLabel("Private (by invite link)").check();
  await form.getByRole("button", { name: "Create match" }).click();
  if (privately) return page.getByTestId("invite-link").inputValue();
  if (side) await page.getByTestId("your-side").filter({ hasText: `You play ${side}.` }).waitFor();
  return null;
}

// Takes `side` of an open public match from the lobby's list.
export async function joinFromLobby(page, matchId, side) {
  await page.getByRole("link", { name: "Lobby" }).click();
  await page.getByRole("button", { name: "Refresh" }).click();
  await page.locator(`[data-testid="open-matches"] [data-match="${matchId}"]`)
    .getByRole("button", { name: `Join as ${side}` }).click();
  await page.getByTestId("your-side").filter({ hasText: `You play ${side}.` }).waitFor();
}

// The first creates a public match of `game` as `sides[0]` from the lobby, the second joins it as
// `sides[1]`; resolves once both pages show it running.
export async function startPublicMatch(first, second, game, sides) {
  await createMatch(first, { game, side: sides[0] });
  await joinFromLobby(second, (await lastUpdate(first)).matchId, sides[1]);
  for (const p of [first, second]) {
    await p.locator('[data-testid="match-status"][data-status="RUNNING"]').waitFor();
  }
}

// The page among `pages` whose seat holds a prompt (null when none does).
export async function pageToMove(pages) {
  for (const p of pages) if (((await lastUpdate(p)).prompts ?? []).length) return p;
  return null;
}

// One step of a match: the page to move clicks its first legal choice (or the one `pick` picks)
// and every page shows the result. Returns the page that moved.
export async function playStep(pages, pick) {
  const mover = await pageToMove(pages);
  if (!mover) throw new Error(`nobody holds a prompt at event ${(await lastUpdate(pages[0])).seq ?? 0}`);
  await clickFirstChoice(mover, pick);
  const seq = (await lastUpdate(mover)).seq;
  for (const p of pages) await waitForSeq(p, seq);
  return mover;
}
