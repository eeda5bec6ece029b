// A server restart in the middle of a match: both pages say the connection is lost, reconnect by
// themselves (the cookie authenticates the new socket), catch up from the last event they saw
// without missing or repeating a log line, and play on.
import { test } from "node:test";
import assert from "node:assert/strict";
import { lastUpdate, newPlayer, playStep, startPublicMatch, withFrontier } from "./harness.mjs";

const logSeqs = (page) => page.locator(".log li").evaluateAll((items) => items.map((li) => li.dataset.seq + li.textContent));

test("pages reconnect after a server restart and play on", () =>
  withFrontier(async (server, browser) => {
    const a = await newPlayer(browser, server, "ansar");
    const b = await newPlayer(browser, server, "hussar");
    await startPublicMatch(a, b, "khartoum", ["Mahdist", "Empire"]);
    for (let i = 0; i < 3; i++) await playStep([a, b]);
    const seq = (await lastUpdate(a)).seq;

    const banner = (p) => p.getByRole("status").filter({ hasText: "Connection lost" });
    const lost = Promise.all([a, b].map((p) => banner(p).waitFor()));
    await server.restart();
    await lost;
    for (const p of [a, b]) await banner(p).waitFor({ state: "detached" });
    // Still logged in (the cookie), still seated, and on the same event.
    assert.match(await b.getByTestId("your-side").innerText(), /You play Empire\./);
    assert.equal((await lastUpdate(a)).seq, seq);

    const before = await logSeqs(b);
    await playStep([a, b]);
    const after = await logSeqs(b);
    assert.deepEqual(after.slice(0, before.length), before, "the log is kept");
    assert.ok(after.length > before.length, "the new event's lines arrive");
    assert.equal(new Set(after).size, after.length, "no line is repeated");
    assert.deepEqual([...a.errors, ...b.errors], []);
  }));
