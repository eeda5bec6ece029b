// Clocks and the settings around them, on a server whose clock moves only when told
// (frontierd --manual-clock, AdvanceClock): the banks shown to both players, a move that spends a
// day, a loss on time, vacation and the webhook setting.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  clickFirstChoice, lastUpdate, newPlayer, screenshot, startPublicMatch, waitForSeq, withFrontier,
} from "./harness.mjs";

const DAY = 86400;

// AdvanceClock is for test servers only and has no place in the client: the test sends it over a
// WebSocket of its own, encoded by hand (ClientMessage: request_id = 1, hello = 10 / advance_clock
// = 36; Hello.protocol_version = 1, AdvanceClock.seconds = 1).
async function advanceClock(page, seconds) {
  await page.evaluate(async (secs) => {
    const varint = (n) => {
      const out = [];
      for (let v = BigInt(n); ; v >>= 7n) {
        if (v < 0x80n) return [...out, Number(v)];
        out.push(Number(v & 0x7fn) | 0x80);
      }
    };
    const field = (tag, bytes) => [...varint(tag), ...varint(bytes.length), ...bytes];
    const hello = [0x08, 1, ...field((10 << 3) | 2, [0x08, 1])];
    const advance = [0x08, 2, ...field((36 << 3) | 2, [0x08, ...varint(secs)])];
    const ws = new WebSocket(`ws://${location.host}/ws`);
    ws.binaryType = "arraybuffer";
    let replies = 0;
    await new Promise((resolve, reject) => {
      ws.onopen = () => ws.send(new Uint8Array(hello));
      ws.onmessage = () => {
        replies += 1;
        if (replies === 1) ws.send(new Uint8Array(advance));
        else resolve();
      };
      ws.onerror = () => reject(new Error("AdvanceClock failed"));
    });
    ws.close();
  }, seconds);
}

const clockText = (page, seat) => page.getByTestId(`clock-${seat}`).innerText();

test("clocks count, a day spent shows, a loss on time ends the match; vacation and webhook settings", () =>
  withFrontier(async (server, browser) => {
    const mahdist = await newPlayer(browser, server, "mahdi");
    const empire = await newPlayer(browser, server, "gordon");

    // The Settings page: vacation days and the webhook.
    await empire.getByRole("link", { name: "Settings" }).click();
    const left = await empire.getByTestId("vacation-days-left").innerText();
    const [daysLeft] = left.match(/\d+/);
    await empire.getByLabel("Days").fill("2");
    await empire.getByRole("button", { name: "Start vacation" }).click();
    await empire.getByText(/On vacation until/).waitFor();
    assert.match(await empire.getByTestId("vacation-days-left").innerText(), new RegExp(`^${Number(daysLeft) - 2} of`));
    await empire.getByRole("button", { name: "End vacation now" }).click();
    await empire.getByRole("button", { name: "Start vacation" }).waitFor();
    await empire.getByLabel("Webhook URL").fill("http://127.0.0.1:9/frontier");
    await empire.getByRole("button", { name: "Save webhook" }).click();
    await empire.getByText("Webhook saved.").waitFor();
    await screenshot(empire, "settings");
    await empire.reload();
    assert.equal(await empire.getByLabel("Webhook URL").inputValue(), "http://127.0.0.1:9/frontier");

    // A "fast" match: 3 days each, +12 h a move, cap 5 days.
    const form = mahdist.locator("form.create-match");
    await form.getByLabel("Clock").selectOption("fast");
    await startPublicMatch(mahdist, empire, "khartoum", ["Mahdist", "Empire"]);
    const first = await lastUpdate(mahdist);
    const [mover, moverSeat, waiting, waitingSeat] = (first.prompts ?? []).length
      ? [mahdist, 0, empire, 1] : [empire, 1, mahdist, 0];
    for (const p of [mahdist, empire]) {
      assert.equal(await clockText(p, waitingSeat), "3 d 00:00:00", "the waiting seat's bank is whole");
      assert.match(await clockText(p, moverSeat), /^(3 d 00:00:00|2 d 23:5\d:\d\d)$/);
    }

    // The mover takes a day over a move: the bank shows less than three days, the other's is whole.
    await advanceClock(mover, DAY);
    await clickFirstChoice(mover);
    const seq = (await lastUpdate(mover)).seq;
    await waitForSeq(waiting, seq);
    // (Real seconds pass too, on a slow machine: a day and a few seconds may have gone.)
    assert.match(await clockText(waiting, moverSeat), /^(2 d |1 d 23:5\d:\d\d)/);
    // (It may be the other seat's turn now: then its bank has just begun to run.)
    assert.match(await clockText(waiting, waitingSeat), /^(3 d 00:00:00|2 d 23:5\d:\d\d)$/);

    // Whoever holds the prompt now runs out of time: the match ends on time, on both pages.
    await advanceClock(mover, 6 * DAY);
    for (const p of [mahdist, empire]) {
      await p.locator('[data-testid="match-status"][data-status="FINISHED"]').waitFor();
      assert.match(await p.getByTestId("match-status").innerText(), /on time/);
    }
    assert.deepEqual([...mahdist.errors, ...empire.errors], []);
  }, ["--manual-clock"]));
