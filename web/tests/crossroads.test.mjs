// Asia Crossroads in the browser: the British and the Russian players each see their own side of
// the grid and play its opening steps by clicking; at 1280 x 800 the map carries its key and the
// regions' names, cities read at a legible size, no name prints over another, and what a choice names is highlighted on every
// step; no square is named by grid coordinates. Both boards are captured at the start and after the opening steps.
import { test } from "node:test";
import assert from "node:assert/strict";
import { lastUpdate, newPlayer, playStep, screenshot, startPublicMatch, withFrontier } from "./harness.mjs";
import { assertLabelsClear, assertTargetsHighlighted, VIEWPORT } from "./board-checks.mjs";
import { gridCoordinates, shownText } from "./shown-text.mjs";

const STEPS = 12;

async function assertMapKeyAndNames(page) {
  const view = (await lastUpdate(page)).view.payload;
  const map = page.locator(".board-area .crossroads-map");
  const terrains = await map.locator(".cr-legend [data-terrain]").evaluateAll((els) => els.map((e) => e.getAttribute("data-terrain")));
  assert.deepEqual(terrains, ["clear", "desert", "mountain", "river", "coast", "sea"], "the key names every terrain");
  const labels = await map.locator(".region-label").allTextContents();
  assert.deepEqual(labels, view.regions.map((r) => r.name.toUpperCase()), "every region's name is on the map");
  // Legible at this size: city names and region names at least 9 px high on screen.
  const heights = await map.locator(".city text, .region-label").evaluateAll((els) =>
    els.map((e) => ({ text: e.textContent, h: e.getBoundingClientRect().height })));
  for (const { text, h } of heights) assert.ok(h >= 9, `"${text}" is ${h.toFixed(1)} px high`);
  // Every name reads on its own: no city's or region's name over another, nor over a city's mark.
  await assertLabelsClear(page, ".crossroads-map .city text, .crossroads-map .region-label",
    ".crossroads-map .city circle, .crossroads-map .city rect");
}

test("two players open an Asia Crossroads match and play its first steps by clicking", () =>
  withFrontier(async (server, browser) => {
    const british = await newPlayer(browser, server, "raj");
    const russian = await newPlayer(browser, server, "tsar");
    for (const p of [british, russian]) await p.setViewportSize(VIEWPORT);
    await startPublicMatch(british, russian, "crossroads", ["British", "Russian"]);
    await british.locator(".crossroads-map .region-label").first().waitFor();
    await assertMapKeyAndNames(british);
    await screenshot(british, "crossroads-british-start");
    let highlighted = 0;
    for (let step = 0; step < STEPS && !(await lastUpdate(british)).gameStatus?.finished; step++) {
      await playStep([british, russian]);
      for (const p of [british, russian]) highlighted += await assertTargetsHighlighted(p);
    }
    assert.ok(((await lastUpdate(british)).seq ?? 0) >= STEPS, "every click made a move");
    assert.equal((await lastUpdate(russian)).view.payload["@type"], "type.googleapis.com/frontier.crossroads.CrossroadsView",
      "the Russian page holds a Crossroads view");
    await assertMapKeyAndNames(russian);
    // Squares are named by places, never by grid coordinates, in anything either page shows.
    for (const p of [british, russian]) assert.equal(gridCoordinates(await shownText(p)), null);
    await screenshot(british, "crossroads-british");
    await screenshot(russian, "crossroads-russian");
    assert.deepEqual([...british.errors, ...russian.errors], []);
  }));
