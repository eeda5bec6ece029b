// A game nobody wrote a board for: Dispatches, a test game of the test server (FRONTIERD_FIXTURE),
// whose view type this client has no code for. The page reads the view with the schema the
// catalogue sends and shows it on the generic board; every choice is a button. Two players
// play the whole game by clicking those buttons. Before the end neither page shows the other
// side's dispatches (only how many lie sealed at each fort); at the end both see every value,
// who holds each fort and the result.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  fixturePath, lastUpdate, newPlayer, pageToMove, screenshot, startPublicMatch, waitForSeq, withFrontier,
} from "./harness.mjs";

const SIDES = ["North", "South"];
const FORTS = { "Fort Ali": "fort-a", "Fort Baker": "fort-b", "Fort Cole": "fort-c" };
const ROUNDS = 4;

// The page's own view, as the page decoded it (JSON of frontier.dispatches.DispatchesView).
async function viewOf(page) {
  const payload = (await lastUpdate(page)).view?.payload;
  assert.equal(payload?.["@type"], "type.googleapis.com/frontier.dispatches.DispatchesView",
    "the page read the view with the catalogue's schema");
  return payload;
}

// The generic board as a person reads it: its facts ("Hand" → "3, 8") and its table of forts,
// one object per row keyed by the column headers.
async function readBoard(page) {
  const board = page.locator(".board-area .board-generic");
  await board.waitFor();
  return board.evaluate((el) => {
    const facts = {};
    for (const row of el.querySelectorAll(":scope > table.key-values tr")) {
      facts[row.querySelector("th").textContent] = row.querySelector("td").textContent;
    }
    const table = [...el.querySelectorAll("table.generic-table")].find((t) => t.caption?.textContent === "Forts");
    const headers = table ? [...table.querySelectorAll("thead th")].map((th) => th.textContent) : [];
    const forts = table
      ? [...table.querySelectorAll("tbody tr")].map((tr) =>
          Object.fromEntries([...tr.children].map((cell, i) => [headers[i], cell.textContent])))
      : [];
    return { label: el.getAttribute("aria-label"), facts, headers, forts };
  });
}

// Values as a cell or a fact shows them, in the order of `values`; a cell read back in order.
const list = (values) => values.join(", ");
const sorted = (values) => [...values].sort((a, b) => a - b);
const cellValues = (text) => sorted((text ?? "").split(", ").filter(Boolean).map(Number));
const sum = (values) => values.reduce((a, b) => a + b, 0);

// What the board must show `side` of the forts: its own dispatches' values, the other side's only
// as a count of sealed ones, before the end.
function assertFortsWhileSealed(board, side, sent) {
  const other = SIDES.find((s) => s !== side);
  assert.ok(!board.headers.includes(other), `${side}'s board has no column of ${other}'s values: ${board.headers}`);
  assert.deepEqual(board.forts.map((f) => f.Name), Object.keys(FORTS), "the three forts by name");
  for (const fort of board.forts) {
    assert.deepEqual(cellValues(fort[side]), sorted(sent[side][fort.Name]), `${side}'s own dispatches at ${fort.Name}`);
    const sealed = sent[other][fort.Name].length;
    assert.equal(fort[`${other} sealed`] ?? "", sealed ? String(sealed) : "", `${other}'s sealed dispatches at ${fort.Name}`);
  }
}

// One move: the player to move sees all its choices as buttons (no board to click them on), and
// clicks one sending a dispatch to `fortId`. Returns the side and the choice's label.
async function sendOne(pages, sent, fortId) {
  const mover = await pageToMove(pages);
  assert.ok(mover, "someone holds a prompt");
  const side = SIDES[pages.indexOf(mover)];
  const update = await lastUpdate(mover);
  const choices = update.prompts[0].choices;
  const hand = (await viewOf(mover)).hand ?? [];
  for (const c of choices) {
    const m = /^Send (\d) to (Fort \w+)$/.exec(c.label);
    assert.ok(m, `a choice reads like "Send 5 to Fort Ali": ${c.label}`);
    assert.ok(hand.includes(Number(m[1])), `${c.label} sends a dispatch of the hand ${hand}`);
    assert.deepEqual(c.refs, [{ type: "place", id: FORTS[m[2]] }], `${c.label} names its fort`);
  }
  const prompt = mover.locator(".prompt");
  assert.equal(await prompt.locator("button.choice").count(), choices.length, "every choice is a button");
  assert.equal(await prompt.locator(".hint").count(), 0, "no choice is said to be on the board");
  const board = await readBoard(mover);
  assert.equal(board.facts.Hand, list(hand), "the board shows the page's own hand");

  const label = (choices.find((c) => c.refs[0].id === fortId) ?? choices[0]).label;
  await prompt.getByRole("button", { name: label, exact: true }).first().click();
  await waitForSeq(mover, (update.seq ?? 0) + 1);
  const seq = (await lastUpdate(mover)).seq;
  for (const p of pages) await waitForSeq(p, seq);
  const [, value, fort] = /^Send (\d) to (Fort \w+)$/.exec(label);
  sent[side][fort].push(Number(value));
  return { side, label };
}

test("a game without a board of its own is played on the generic board, every choice a button", {
  skip: fixturePath ? false : "FRONTIERD_FIXTURE is not set (the test server with the test games)",
}, () =>
  withFrontier(async (server, browser) => {
    const pages = await Promise.all(SIDES.map((side) => newPlayer(browser, server, side.toLowerCase())));
    await startPublicMatch(pages[0], pages[1], "dispatches", SIDES);

    const dealt = {};
    for (const [i, side] of SIDES.entries()) {
      const hand = (await viewOf(pages[i])).hand ?? [];
      assert.equal(hand.length, 4, `${side} holds 4 dispatches`);
      assert.ok(hand.every((v) => v >= 1 && v <= 8), `values from 1 to 8: ${hand}`);
      dealt[side] = hand;
      const board = await readBoard(pages[i]);
      assert.equal(board.label, "Dispatches view", "the board is named for screen readers");
      assert.equal(board.facts.Hand, list(hand));
    }

    const sent = Object.fromEntries(SIDES.map((s) => [s, Object.fromEntries(Object.keys(FORTS).map((f) => [f, []]))]));
    for (let move = 0; move < 2 * ROUNDS; move++) {
      // The forts in turn, so that every fort gets dispatches from both sides.
      const { side, label } = await sendOne(pages, sent, Object.values(FORTS)[move % 3]);
      if (move === 3) await screenshot(pages[0], "generic-board-dispatches");
      if (move === 2 * ROUNDS - 1) break;
      // Until the end, each page shows the other side's dispatches only as sealed counts, and
      // never the words of the other side's last choice.
      for (const [i, own] of SIDES.entries()) {
        assertFortsWhileSealed(await readBoard(pages[i]), own, sent);
        if (own !== side) {
          const text = await pages[i].locator("body").innerText();
          assert.ok(!text.includes(label.replace(/^Send /, "")), `${own}'s page does not show "${label}"`);
        }
      }
    }

    // The end: every value on both pages, each fort held by the larger total, and the result.
    for (const [i, side] of SIDES.entries()) {
      await pages[i].locator('[data-testid="match-status"][data-status="FINISHED"]').waitFor();
      const board = await readBoard(pages[i]);
      assert.equal(board.facts.Hand, undefined, `${side} has sent every dispatch`);
      const held = { North: 0, South: 0 };
      for (const fort of board.forts) {
        const north = sent.North[fort.Name], south = sent.South[fort.Name];
        assert.deepEqual(cellValues(fort.North), sorted(north), `North's values at ${fort.Name}, shown to ${side}`);
        assert.deepEqual(cellValues(fort.South), sorted(south), `South's values at ${fort.Name}, shown to ${side}`);
        const holder = sum(north) > sum(south) ? "North" : sum(south) > sum(north) ? "South" : "nobody";
        assert.equal(fort["Held by"], holder, `${fort.Name} is held by the larger total`);
        if (holder !== "nobody") held[holder]++;
      }
      const result = board.facts.Result;
      assert.equal(result, (await viewOf(pages[i])).result, "the board shows the view's result");
      if (held.North === held.South) assert.match(result, /^Drawn/);
      else assert.match(result, new RegExp(`^${held.North > held.South ? "North" : "South"} wins`));
    }
    const shown = (await viewOf(pages[0])).forts.flatMap((f) => [...(f.north ?? []), ...(f.south ?? [])]);
    assert.deepEqual(sorted(shown), sorted([...dealt.North, ...dealt.South]), "every dispatch dealt was sent and shown");
    for (const [i, side] of SIDES.entries()) await screenshot(pages[i], `generic-board-dispatches-end-${side.toLowerCase()}`);
    assert.deepEqual(pages.flatMap((p) => p.errors), []);
  }, [], fixturePath));
