// The Asia Crossroads battle panel (boards/crossroads/battle.tsx), played to by two players
// clicking. The Russian sets up and then only passes; the British buys supply points and sends
// their flying column alone (everything else left behind) from its city to the nearest neutral
// city, square by square. Ending a move there violates that region's neutrality (5.41): it joins
// the Russians, and in the British combat phase the column must attack it (14.21). At the odds a
// lone column has against a doubled city (1.5:1 at best) the Raid table it chooses has no result
// that ends the combat without a choice (14.9), so the panel is seen both before the roll
// (strengths, units, what is yet to come) and after it, where attack, defence, multiple, odds and
// result must be the ones the log's line of the roll gives. Both players' pages show it;
// captured at 1280 x 800 and on a phone.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  clickChoice, lastUpdate, newPlayer, pageToMove, PHONE, screenshot, startPublicMatch, waitForSeq, withFrontier,
} from "./harness.mjs";
import { VIEWPORT } from "./board-checks.mjs";
import { assertPhoneFriendly } from "./phone-checks.mjs";
import { gridCoordinates, shownText } from "./shown-text.mjs";

const WIDTH = 42;  // squares are row * 42 + col; 1764 and up are the home bases
const SUPPLY = 4;  // one supply point for each operations phase after the first (12.2)

const crossroadsOf = async (page) => (await lastUpdate(page)).view.payload;
const squareOf = (choice) => Number(choice.refs?.find((r) => r.type === "square")?.id ?? -1);
const apart = (a, b) =>
  Math.abs(Math.floor(a / WIDTH) - Math.floor(b / WIDTH)) + Math.abs((a % WIDTH) - (b % WIDTH));

// Where the British flying column stands, and the nearest city of a neutral region with pieces
// (a city's square is named by the city alone; any other square "Region, 2 squares NE of City").
function column(view) {
  return view.stacks.find((s) => s.side === "British" && s.square < 1764 &&
    (s.units ?? []).some((u) => u.nation === "British" && u.type === "FC"))?.square;
}
function nearestNeutralCity(view, from) {
  const cities = view.stacks.filter((s) => s.side === "neutral" && s.square < 1764 && !s.name.includes(","));
  return cities.reduce((best, s) => (best < 0 || apart(from, s.square) < apart(from, best) ? s.square : best), -1);
}

// The choice each side makes on its way to the combat; the first one where the plan says nothing.
function towardsCombat(prompt, view, british) {
  const labelled = (re) => prompt.choices.find((c) => re.test(c.label));
  switch (prompt.kind) {
    case "initiative":
      return labelled(/^British first$/);
    case "expend":
      return ((view.supplyPoints ?? 0) < SUPPLY && labelled(/^Buy a supply point/)) || labelled(/^Finish income/);
    case "movement": {
      const here = column(view);
      const pick = british && prompt.choices.find((c) => /^Pick the force/.test(c.label) && squareOf(c) === here);
      return pick || labelled(/^End movement$/);
    }
    case "force": {
      const leave = prompt.choices.find((c) => /^Leave behind /.test(c.label) && !/flying column/.test(c.label));
      if (leave) return leave;
      const begin = labelled(/^Begin the move/);
      if (begin) return begin;
      const here = column(view), target = nearestNeutralCity(view, here);
      let best = null;
      for (const c of prompt.choices.filter((x) => /^Move to /.test(x.label))) {
        if (apart(squareOf(c), target) < apart(best ? squareOf(best) : here, target)) best = c;
      }
      return best ?? labelled(/^End this force's move$/);
    }
    case "negotiations":
      return labelled(/^End negotiations$/);
    case "combat":
      return labelled(/^Attack at /) ?? labelled(/^End combat$/);
    case "end_operation":
      return labelled(/^End the operations phase$/);
    case "crt":
      return labelled(/^Raid$/);
    default:
      return null;
  }
}

async function step(pages) {
  const mover = await pageToMove(pages);
  assert.ok(mover, "somebody holds a prompt");
  const british = mover === pages[0];
  await clickChoice(mover, (u) => towardsCombat(u.prompts[0], u.view.payload, british) ?? u.prompts[0].choices[0]);
  const seq = (await lastUpdate(mover)).seq;
  for (const p of pages) await waitForSeq(p, seq);
}

// The panel on `page` against its view: sides, units in the square and their strengths.
async function assertSides(page) {
  const view = await crossroadsOf(page);
  const combat = view.combat;
  const panel = page.locator(".board-area .crossroads-battle");
  await panel.waitFor();
  assert.match(await panel.locator("h3").innerText(), new RegExp(`^(Combat|Battle|Raid) at ${combat.name}$`));
  for (const [role, side, strength] of [["attacker", combat.attacker, combat.attack], ["defender", combat.defender, combat.defence]]) {
    const box = panel.locator(`[data-combat-side="${role}"]`);
    assert.match(await box.locator("h4").innerText(), new RegExp(`^${side}\\s+${role}$`));
    const stack = view.stacks.find((s) => s.square === combat.square && s.side === side);
    assert.ok(stack?.examined, `the ${side} stack at the combat square is open to this seat (22.1)`);
    const rows = await box.locator("[data-combat-unit]").evaluateAll((els) =>
      els.map((el) => ({ id: Number(el.dataset.combatUnit), strength: Number(el.dataset.strength) })));
    assert.deepEqual(rows, stack.units.map((u) => ({ id: u.id, strength: u.strength })), `the ${side} units`);
    assert.equal(rows.reduce((sum, r) => sum + r.strength, 0), strength ?? 0, `the ${side} strength is the sum of its units (14.4)`);
  }
  return { view, combat, panel };
}

// A track row's shown value ("Attack" -> "3").
async function row(panel, label) {
  return (await panel.locator(".track", { has: panel.page().locator(`dt:text-is("${label}")`) }).locator("dd").innerText()).trim();
}

test("an Asia Crossroads combat shown to both players: units, strengths, table, odds and result as the log has them", () =>
  withFrontier(async (server, browser) => {
    const british = await newPlayer(browser, server, "raj");
    const russian = await newPlayer(browser, server, "tsar");
    await startPublicMatch(british, russian, "crossroads", ["British", "Russian"]);
    for (const p of [british, russian]) await p.setViewportSize(VIEWPORT);
    const pages = [british, russian];

    // Until a combat is declared (the British choose its table), within two turns' steps.
    let guard = 0;
    while (!(await crossroadsOf(british)).combat) {
      assert.ok(guard++ < 300, "the British column attacks within 300 steps");
      assert.equal(await british.locator(".crossroads-battle").count(), 0, "no battle panel without a combat");
      await step(pages);
    }

    // Declared: both pages show both forces; the attacker has the table to choose.
    for (const page of pages) {
      const { combat, panel } = await assertSides(page);
      assert.equal(combat.attacker, "British");
      assert.equal(await row(panel, "Attack"), String(combat.attack));
      assert.equal(await row(panel, "Defence"), String(combat.defence));
      assert.equal(await row(panel, "Table"), "not chosen yet");
      const text = await panel.innerText();
      assert.match(text, /Still to decide\s+British to play\. Yet to come: the table, Battle or Raid \(14\.6\)/);
      assert.doesNotMatch(text, /Result/, "no result before the roll");
    }
    assert.equal((await lastUpdate(british)).prompts?.[0]?.kind, "crt", "the British choose the table");
    await screenshot(russian, "crossroads-battle-declared");

    // The Raid table, and the roll.
    const declared = (await crossroadsOf(british)).combat;
    await step(pages);
    const after = await crossroadsOf(british);
    assert.ok(after.combat?.result, `the result leaves a choice (14.9): ${JSON.stringify((await lastUpdate(british)).log.slice(-3))}`);
    const line = (await lastUpdate(british)).log.filter((e) => e.kind === "combat").at(-1).text;
    const [, table, where, attack, defence, multiple, odds, result] =
      /^(Battle|Raid) at (.+): (\d+) against (\d+) \(x(\d)\), odds (\S+), rolled \S+: (\w+)$/.exec(line);
    for (const page of pages) {
      const { combat, panel } = await assertSides(page);
      assert.equal(combat.square, declared.square, "the same combat");
      assert.equal(await panel.locator("h3").innerText(), `${table} at ${where}`);
      assert.equal(await row(panel, "Attack"), attack, "the attack is the log's");
      const shownDefence = await row(panel, "Defence");
      assert.equal(shownDefence, multiple === "1" ? defence : `${Number(defence) / Number(multiple)} \u00d7 ${multiple} = ${defence}`,
        "the defence and its multiple are the log's");
      assert.equal(await row(panel, "Table"), table);
      assert.equal(await row(panel, "Odds"), odds);
      assert.match(await row(panel, "Result"), new RegExp(`^${result}: `), "the result is the log's");
      assert.ok((await panel.locator(".battle-log").innerText()).includes(line), "the roll's line is in the panel");
      const who = combat.losing || combat.retreating;
      assert.match(await panel.locator(".to-decide").innerText(), new RegExp(`The ${who}s? choose`), "who chooses next");
    }
    // After a march and a battle: every place on either page is named in words (issue 49).
    for (const page of pages) assert.equal(gridCoordinates(await shownText(page)), null);
    await screenshot(british, "crossroads-battle");
    await russian.setViewportSize(PHONE.viewport);
    await assertPhoneFriendly(russian, "the Crossroads battle panel");
    await screenshot(russian, "phone-crossroads-battle");
    assert.deepEqual([...british.errors, ...russian.errors], []);
  }));
