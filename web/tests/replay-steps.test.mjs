// Stepping a replay by event and by whole turn: a Lion of Khartoum match played to its end, then
// its replay walked with the keys (Right, Left, Home, End), the turn buttons and keys (Shift+arrow,
// Up/Down, Page Up/Down) and the position slider. The turn of every event, read from the frames
// the walk shows, says where each turn step must land.
import { test } from "node:test";
import assert from "node:assert/strict";
import { clickFirstChoice, createMatch, lastUpdate, newPlayer, withFrontier } from "./harness.mjs";

const MAX_STEPS = 400;

// Waits until the page says it is at `seq` and shows that event's frame.
async function expectAt(page, seq, last) {
  await page.getByTestId("replay-position").filter({ hasText: new RegExp(`^Event ${seq} of ${last}$`) }).waitFor();
  await page.waitForFunction((s) => (window.__frontier?.lastViewAt?.seq ?? 0) === s, seq);
}

// Where a turn step from `seq` must land, from the turn of every event (`turns[seq]`): the
// event that begins the next turn (the last event in the last turn), or the event that begins
// the turn before this one (the set-up in the first turn).
function nextTurnStart(turns, seq) {
  for (let s = seq + 1; s < turns.length; s++) if (turns[s] > turns[seq]) return s;
  return turns.length - 1;
}
function turnStart(turns, seq) {
  let s = seq;
  while (s > 0 && turns[s - 1] >= turns[seq]) s--;
  return s;
}
function previousTurnStart(turns, seq) {
  const start = turnStart(turns, seq);
  return start === 0 ? 0 : turnStart(turns, start - 1);
}

test("a replay steps by event, by whole turn, by slider and by keys", () =>
  withFrontier(async (server, browser) => {
    const page = await newPlayer(browser, server, "gordon");
    await createMatch(page, { game: "lion" });
    await page.locator('[data-testid="match-status"][data-status="RUNNING"]').waitFor();
    for (let steps = 0; !(await lastUpdate(page)).gameStatus?.finished; steps++) {
      assert.ok(steps < MAX_STEPS, "the match ends");
      await clickFirstChoice(page);
    }
    const last = (await lastUpdate(page)).seq;
    await page.getByRole("link", { name: "Replay and verify dice" }).click();
    await expectAt(page, 0, last);

    // Right arrow: one event at a time to the end, noting each event's turn.
    const turns = [await page.evaluate(() => window.__frontier.lastViewAt.gameStatus?.turn ?? 0)];
    for (let seq = 1; seq <= last; seq++) {
      await page.keyboard.press("ArrowRight");
      await expectAt(page, seq, last);
      turns.push(await page.evaluate(() => window.__frontier.lastViewAt.gameStatus?.turn ?? 0));
      assert.match(await page.getByTestId("replay-status").innerText(), new RegExp(`^Turn ${turns[seq]}\\b`));
    }
    await page.keyboard.press("ArrowRight");  // nothing past the end
    await page.keyboard.press("ArrowLeft");
    await expectAt(page, last - 1, last);
    await page.keyboard.press("Home");
    await expectAt(page, 0, last);
    await page.keyboard.press("End");
    await expectAt(page, last, last);
    await page.keyboard.press("Home");
    await expectAt(page, 0, last);
    assert.ok(new Set(turns).size >= 2, `the match has turns to step through: ${turns}`);

    // Whole turns forward with the button, then with each of the keys that mean it.
    const starts = [];
    let at = 0;
    const forward = [
      () => page.getByRole("button", { name: "One turn forward" }).click(),
      () => page.keyboard.press("Shift+ArrowRight"),
      () => page.keyboard.press("ArrowDown"),
      () => page.keyboard.press("PageDown"),
    ];
    for (let i = 0; at < last; i++) {
      await forward[i % forward.length]();
      at = nextTurnStart(turns, at);
      await expectAt(page, at, last);
      if (at < last) starts.push(at);
    }
    assert.ok(starts.length >= 1, "at least one turn began after the set-up");
    for (const s of starts) assert.ok(turns[s] > turns[s - 1], `event ${s} begins a turn`);

    // And back.
    const back = [
      () => page.getByRole("button", { name: "One turn back" }).click(),
      () => page.keyboard.press("Shift+ArrowLeft"),
      () => page.keyboard.press("ArrowUp"),
      () => page.keyboard.press("PageUp"),
    ];
    for (let i = 0; at > 0; i++) {
      await back[i % back.length]();
      at = previousTurnStart(turns, at);
      await expectAt(page, at, last);
    }

    // The slider: a click in its middle goes to the middle of the match; the keys go on from there.
    const slider = page.getByRole("slider", { name: "Position in the match" });
    const box = await slider.boundingBox();
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    const middle = Number(await slider.inputValue());
    assert.ok(middle > 0 && middle < last, `the slider moved into the match (${middle} of ${last})`);
    await expectAt(page, middle, last);
    await page.keyboard.press("ArrowRight");  // the slider has the focus: the page's keys still apply
    await expectAt(page, middle + 1, last);
    assert.equal(Number(await slider.inputValue()), middle + 1, "the slider follows the position");
    await page.keyboard.press("PageDown");
    await expectAt(page, nextTurnStart(turns, middle + 1), last);

    // Keys typed into a field are the field's: choosing whose view keeps the position.
    const before = Number(await slider.inputValue());
    await page.getByLabel("Seen by").focus();
    await page.keyboard.press("ArrowLeft");
    await page.waitForTimeout(300);
    assert.equal(Number(await slider.inputValue()), before);
    assert.deepEqual(page.errors, []);
  }));
