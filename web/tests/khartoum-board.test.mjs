// The Khartoum board as a map at 1280 x 800: the Nile with its cataracts, the Red Sea coast,
// routes by kind, the turn, Nile and VP tracks agreeing with the view, counters large enough to
// read, names that print over nothing, stacks that show no more than 29.14 lets the Empire see,
// and the things a choice names highlighted on every step, played by clicking until a battle is
// fought. Screenshots at the start, in mid-game and in the battle.
import { test } from "node:test";
import assert from "node:assert/strict";
import { lastUpdate, newPlayer, playStep, screenshot, startPublicMatch, withFrontier } from "./harness.mjs";
import { assertCountersAtLeast, assertLabelsClear, assertTargetsHighlighted, VIEWPORT } from "./board-checks.mjs";

const MAX_STEPS = 300;
// The names of the spaces, the cataracts and the lands, clear of each other, of the spaces'
// marks, of the piled counters (a stack spread out for a choice lies over its neighbours on
// purpose) and of the printed tracks and key.
const NAMES = [".space-name", ".cataract-name", ".label-region", ".label-country"].map((c) => `.khartoum-map ${c}`).join(", ");
const UNDER_NAMES = [".space-mark", ".stack.pile .counter-face", ".stack.pile .stack-count", ".track-frame"]
  .map((c) => `.khartoum-map ${c}`).join(", ");
const MID_GAME = 30;

// A seeded random player that marches rather than waits (first choices end every march, and
// no battle is ever fought): it never backs out of a move, and ends a march only now and then.
function marcher(seed) {
  let state = seed;
  const random = () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
  return (choices) => {
    const end = choices.findIndex((c) => /^End the March Phase/.test(c.label));
    if (end >= 0 && random() < 0.2) return end;
    const keen = choices.map((c, i) => [c, i]).filter(([c]) => !/^(Cancel|End the March Phase)/.test(c.label));
    const from = keen.length ? keen : choices.map((c, i) => [c, i]);
    return from[Math.floor(random() * from.length)][1];
  };
}

// The geography and the tracks on the map, against the seat's view.
async function assertMap(page) {
  const view = (await lastUpdate(page)).view.payload;
  const map = page.locator(".board-area .khartoum-map");
  assert.equal(await map.locator(".river.nile").count(), 1, "the Nile");
  assert.equal(await map.locator("[data-river]").count(), 4, "the Nile, the White and Blue Niles and the Atbara");
  assert.ok((await map.locator(".cataract").count()) >= 5, "the cataracts of the Nile");
  assert.equal(await map.locator(".coast").count(), 1, "the Red Sea coast");
  for (const kind of ["land", "river", "desert"]) {
    const n = (view.routes ?? []).filter((r) => r.kind === kind).length;
    assert.ok(n > 0, `the view has ${kind} routes`);
    assert.equal(await map.locator(`[data-route="${kind}"]`).count(), n, `every ${kind} route is drawn`);
  }
  // The three kinds are drawn differently: a desert track is dotted, a road is not.
  const dash = (kind) => map.locator(`path.route-${kind}`).first().evaluate((el) => getComputedStyle(el).strokeDasharray);
  assert.equal(await dash("land"), "none");
  assert.notEqual(await dash("desert"), "none");
  assert.notEqual(await dash("desert"), await dash("river"));

  const current = map.locator(".turn-box.current");
  assert.equal(await current.count(), 1, "one turn marked");
  assert.equal(await current.getAttribute("data-turn"), String(view.turn), "the turn track marks the view's turn");
  assert.equal(await map.locator(".turn-box").count(), 9, "nine turns (26.0)");
  assert.equal(await map.locator(".nile-flood").getAttribute("data-flood"), String(view.nileFlood ?? false));
  assert.match(await map.locator(".nile-flood").textContent(), view.nileFlood ? /IN FLOOD/ : /LOW/);
  assert.equal(await map.locator(".vp-box.current").getAttribute("data-vp"), String(Math.min(view.empireVp ?? 0, 21)));

  for (const space of view.spaces) {
    const mark = map.locator(`[data-ref="space:${space.id}"]`);
    assert.ok((await mark.getAttribute("class")).includes(`terrain-${space.terrain.toLowerCase()}`), `${space.id} by its terrain`);
    // A stack shows as many units as the view gives, hidden ones as blank backs: never more.
    const units = space.units ?? [];
    const hidden = space.hiddenUnits ?? 0;
    const drawn = await page.evaluate((id) => {
      const mark = document.querySelector(`.khartoum-map [data-ref="space:${id}"]`);
      const t = mark.parentElement.getAttribute("transform");
      const group = [...document.querySelectorAll(".khartoum-map .kh-stacks")]
        .map((s) => s.parentElement).find((p) => p.getAttribute("transform") === t);
      if (!group) return { counters: 0, backs: 0, counts: [] };
      return {
        counters: group.querySelectorAll(".counter[data-ref]").length,
        backs: group.querySelectorAll(".counter-back").length,
        counts: [...group.querySelectorAll(".stack")].map((s) => Number(s.getAttribute("data-count"))),
      };
    }, space.id);
    assert.equal(drawn.counters, units.length, `${space.id}: the view's units`);
    assert.ok(drawn.backs <= hidden, `${space.id}: no more backs than hidden units (29.14)`);
    assert.equal(drawn.counts.reduce((a, b) => a + b, 0), units.length + hidden, `${space.id}: the stacks' counts`);
  }
}

test("the Khartoum board is a map of the Sudan, with tracks, readable counters and highlighted choices", () =>
  withFrontier(async (server, browser) => {
    const mahdist = await newPlayer(browser, server, "mahdi");
    const empire = await newPlayer(browser, server, "gordon");
    for (const p of [mahdist, empire]) await p.setViewportSize(VIEWPORT);
    await startPublicMatch(mahdist, empire, "khartoum", ["Mahdist", "Empire"]);
    await empire.locator(".khartoum-map .turn-box").first().waitFor();
    await assertMap(empire);
    // Every name has a spot clear of every space's mark and the room its piles may take, in the
    // page's fonts, so that no stack a game brings there later covers it.
    assert.equal(await empire.locator(".khartoum-map .geography").getAttribute("data-names-crossed"), "",
      "names placed over a space's mark or piles");
    await assertLabelsClear(empire, NAMES, UNDER_NAMES);
    await screenshot(empire, "khartoum-board-start");

    let highlighted = 0;
    let battle = null;
    const pick = marcher(7);
    for (let step = 0; step < MAX_STEPS; step++) {
      if ((await lastUpdate(mahdist)).gameStatus?.finished) break;
      await playStep([mahdist, empire], pick);
      for (const p of [mahdist, empire]) highlighted += await assertTargetsHighlighted(p);
      if (step === MID_GAME) {
        await assertMap(empire);
        await assertMap(mahdist);
        await assertCountersAtLeast(empire, ".khartoum-map .counter[data-ref]");
        for (const p of [mahdist, empire]) await assertLabelsClear(p, NAMES, UNDER_NAMES);
        await screenshot(empire, "khartoum-board-mid-empire");
        await screenshot(mahdist, "khartoum-board-mid-mahdist");
      }
      const view = (await lastUpdate(empire)).view.payload;
      if (view.battle && step > 0) {
        battle = view.battle;
        break;
      }
    }
    assert.ok(highlighted > 0, "some step had something on the map to choose");
    assert.ok(battle, "a battle was fought");
    for (const p of [mahdist, empire]) {
      await assertMap(p);
      await assertCountersAtLeast(p, ".khartoum-map .counter[data-ref]");
      await assertLabelsClear(p, NAMES, UNDER_NAMES);
      assert.equal(await p.locator(`.khartoum-map [data-ref="space:${battle.space}"]`).locator(".battle-ring").count(), 1,
        "the battle's space is marked");
    }
    const mover = (await lastUpdate(mahdist)).prompts?.length ? mahdist : empire;
    await screenshot(mover, "khartoum-board-battle");
    await screenshot(mover === mahdist ? empire : mahdist, "khartoum-board-battle-other");
    assert.deepEqual([...mahdist.errors, ...empire.errors], []);
  }));
