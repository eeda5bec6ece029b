// The buttons around the game: a takeback offered and accepted, resignation, a rematch with the
// sides swapped, and an abort before anyone has moved — each by clicking, seen on both pages.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  lastUpdate, newPlayer, pageToMove, playStep, startPublicMatch, waitForSeq, withFrontier,
} from "./harness.mjs";

const labels = (update) => (update.prompts ?? []).flatMap((p) => p.choices.map((c) => c.label));
const status = (page, value) => page.locator(`[data-testid="match-status"][data-status="${value}"]`).waitFor();

test("takeback, resign, rematch with sides swapped, abort", () =>
  withFrontier(async (server, browser) => {
    const alice = await newPlayer(browser, server, "alice");
    const bob = await newPlayer(browser, server, "bob");
    for (const p of [alice, bob]) p.on("dialog", (d) => d.accept());

    await startPublicMatch(alice, bob, "khartoum", ["Mahdist", "Empire"]);
    const matchId = (await lastUpdate(alice)).matchId;

    // The player to move moves, thinks better of it and asks; the opponent accepts: the same
    // choices are back.
    const mover = await pageToMove([alice, bob]);
    const opponent = mover === alice ? bob : alice;
    const before = await lastUpdate(mover);
    const askButton = (p) => p.getByRole("button", { name: "Ask to take back my last move" });
    for (const p of [alice, bob]) assert.equal(await askButton(p).count(), 0, "nobody has moved: nothing to take back");
    await playStep([alice, bob]);
    const moved = (await lastUpdate(mover)).seq;
    assert.equal(await askButton(opponent).count(), 0, "the opponent has not moved yet");
    await askButton(mover).click();
    await mover.getByRole("button", { name: "Withdraw the request" }).waitFor();
    await opponent.getByText("Your opponent asks to take back their last move").waitFor();
    await opponent.getByRole("button", { name: "Accept" }).click();
    await waitForSeq(mover, moved + 1);
    await mover.locator(".log li", { hasText: "took back moves" }).waitFor();
    assert.deepEqual(labels(await lastUpdate(mover)), labels(before), "the position before the move is back");
    for (const p of [mover, opponent]) {
      await p.locator(".log li", { hasText: "took back moves" }).waitFor();
      assert.equal(await p.locator(`.log li[data-seq="${moved}"]`).count(), 0, "the log is cut back");
    }

    // Bob resigns; both see the end.
    await bob.getByRole("button", { name: "Resign" }).click();
    for (const p of [alice, bob]) await status(p, "FINISHED");
    assert.match(await alice.getByTestId("match-status").innerText(), /resignation/);

    // Alice offers a rematch; Bob accepts and is taken to it, as the Mahdist now.
    await alice.getByRole("button", { name: "Offer a rematch (sides swapped)" }).click();
    await alice.getByText("Rematch offered; waiting for your opponent.").waitFor();
    await bob.getByRole("button", { name: "Accept the rematch" }).click();
    await bob.getByTestId("your-side").filter({ hasText: "You play Mahdist." }).waitFor();
    await alice.getByRole("link", { name: "Go to the rematch" }).click();
    await alice.getByTestId("your-side").filter({ hasText: "You play Empire." }).waitFor();
    const rematch = await lastUpdate(alice);
    assert.notEqual(rematch.matchId, matchId);

    // Nobody has moved in the rematch: it can be aborted without a result.
    await alice.getByRole("button", { name: "Abort" }).click();
    for (const p of [alice, bob]) await status(p, "FINISHED");
    assert.match(await bob.getByTestId("match-status").innerText(), /aborted/);
    assert.deepEqual([...alice.errors, ...bob.errors], []);
  }));
