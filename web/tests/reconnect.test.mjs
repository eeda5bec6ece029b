// A server restart in the middle of a match: both pages say the connection is lost, reconnect by
// themselves (the cookie authenticates the new socket), catch up from the last event they saw
// without missing or repeating a log line, and play on.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  clickFirstChoice, createMatch, joinFromLobby, lastUpdate, newPlayer, waitForSeq,
  withFrontier,
} from "./harness.mjs";

const moverOf = async (pages) => {
  for (const p of pages) if (((await lastUpdate(p)).prompts ?? []).length) return p;
  throw new Error("nobody holds a prompt");
};
const logSeqs = (page) => page.locator(".log li").evaluateAll((items) => items.map((li) => li.dataset.seq + li.textContent));

test("pages reconnect after a server restart and play on", () =>
  withFrontier(async (server, browser) => {
    const a = await newPlayer(browser, server, "ansar");
    const b = await newPlayer(browser, server, "hussar");
    await createMatch(a, { game: "khartoum", side: "Mahdist" });
    await joinFromLobby(b, (await lastUpdate(a)).matchId, "Empire");
    for (let i = 0; i < 3; i++) await clickFirstChoice(await moverOf([a, b]));
    const seq = (await lastUpdate(a)).seq;
    await waitForSeq(b, seq);

    const banner = (p) => p.getByRole("status").filter({ hasText: "Connection lost" });
    const lost = Promise.all([a, b].map((p) => banner(p).waitFor()));
    await server.restart();
    await lost;
    for (const p of [a, b]) await banner(p).waitFor({ state: "detached" });
    // Still logged in (the cookie), still seated, and on the same event.
    assert.match(await b.getByTestId("your-side").innerText(), /You play Empire\./);
    assert.equal((await lastUpdate(a)).seq, seq);

    const before = await logSeqs(b);
    const mover = await moverOf([a, b]);
    await clickFirstChoice(mover);
    const next = (await lastUpdate(mover)).seq;
    await waitForSeq(a, next);
    await waitForSeq(b, next);
    const after = await logSeqs(b);
    assert.deepEqual(after.slice(0, before.length), before, "the log is kept");
    assert.ok(after.length > before.length, "the new event's lines arrive");
    assert.equal(new Set(after).size, after.length, "no line is repeated");
    assert.deepEqual([...a.errors, ...b.errors], []);
  }));
