// The play experience of a Khartoum battle (issue: play experience): two players click their way to
// a battle at Khartoum (Mahdist cavalry set up at Omdurman rides in). On the way the Mahdist ends
// the March Phase early and is asked first; in the battle both pages show the battle panel with
// both sides' units and what each needs to hit (checked against the BRT in rules/data), a unit's
// details open on a click, and the rules a prompt and a log line cite open their text. A space to
// choose is chosen by a click on the stack standing on it (not the stack's details), and at
// 1280 x 800 the map, the prompt and the battle panel are all on the one screen, the side column
// staying put as the page scrolls; axe-core finds no serious accessibility violation there.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import {
  clickChoice, confirmDialog, createMatch, lastUpdate, newPlayer, pageToMove, ruleDialogText, screenshot, waitForSeq,
  withFrontier,
} from "./harness.mjs";
import { assertAccessible } from "./a11y-checks.mjs";

const root = new URL("../../", import.meta.url).pathname;

// The BRT (13.2) as the rules engine loads it: unit type name -> die faces that eliminate / panic.
function brtByTypeName() {
  const data = readFileSync(`${root}rules/data/khartoum.txtpb`, "utf8");
  const names = new Map([...data.matchAll(/unit_type \{ id: "(\w+)"\s+name: "([^"]+)"/g)].map((m) => [m[1], m[2]]));
  const columns = new Map();
  for (const [, type, faces] of data.matchAll(/brt \{ unit_type: "(\w+)"\s+faces: "([-EP]{6})"/g)) {
    const on = (letter) => [...faces].flatMap((f, i) => (f === letter ? [i + 1] : [])).join(",");
    columns.set(names.get(type), { eliminate: on("E"), panic: on("P") });
  }
  return columns;
}

// A rule's text as the rulebook in the repository has it: its heading line up to the next rule.
function ruleText(number) {
  const lines = readFileSync(`${root}docs/rulebooks/khartoum.txt`, "utf8").split("\n");
  const start = lines.findIndex((l) => l.startsWith(`${number} `));
  return lines[start];
}

// The Mahdist sets its cavalry up at Omdurman and rides into Khartoum; otherwise the first choice.
function towardsBattle(update) {
  const prompt = update.prompts[0];
  const choices = prompt.choices;
  const view = update.view.payload;
  const empireAt = new Set(view.spaces.filter((s) => (s.empireCount ?? 0) > 0).map((s) => s.id));
  const labelled = (re) => choices.find((c) => re.test(c.label));
  if (prompt.kind === "setup_mahdist") return labelled(/^Set up Cavalry . at Omdurman$/) ?? choices[0];
  if (prompt.kind === "march") return labelled(/^Move from Omdurman$/) ?? choices[0];
  return choices.find((c) => c.refs?.some((r) => r.type === "space" && empireAt.has(r.id)))
    ?? labelled(/^Set out$/) ?? choices[0];
}

// How many choices of a space were made by clicking the stack standing on it.
let stackClicks = 0;

// For a choice of a space where a stack stands whose counters are no choices: its top counter.
async function stackOn(page, choice) {
  const space = choice.refs?.find((r) => r.type === "space");
  if (!space) return null;
  const stack = page.locator(`.board-area [data-on="space:${space.id}"]`);
  const counters = stack.locator('[data-ref^="unit:"]');
  if ((await counters.count()) === 0 || (await stack.locator(".choosable").count()) > 0) return null;
  stackClicks += 1;
  return counters.last();
}

async function step(pages) {
  const mover = await pageToMove(pages);
  assert.ok(mover, "somebody holds a prompt");
  await clickChoice(mover, towardsBattle, (choice) => stackOn(mover, choice));
  assert.equal(await mover.getByRole("dialog", { name: "Details" }).count(), 0, "a click on the stack chose, not inspected");
  const seq = (await lastUpdate(mover)).seq;
  for (const p of pages) await waitForSeq(p, seq);
  return mover;
}

const khartoumOf = async (page) => (await lastUpdate(page)).view.payload;

test("a Khartoum battle shown: panel, to-hit numbers, unit details, rule links, and the warning before ending the March Phase", () =>
  withFrontier(async (server, browser) => {
    const mahdist = await newPlayer(browser, server, "ansar");
    const empire = await newPlayer(browser, server, "hicks");
    const invite = await createMatch(mahdist, { game: "khartoum", side: "Mahdist", privately: true });
    await mahdist.getByRole("link", { name: "Open the match" }).click();
    await empire.goto(invite);
    await mahdist.locator('[data-testid="match-status"][data-status="RUNNING"]').waitFor();
    const pages = [mahdist, empire];

    // Until the Mahdist's cavalry has moved and other stacks could still move.
    let guard = 0;
    for (;;) {
      assert.ok(guard++ < 60, "the Mahdist moves from Omdurman within 60 steps");
      const update = await lastUpdate(mahdist);
      const prompt = update.prompts?.[0];
      const moved = (update.view.payload.spaces.find((s) => s.id === "khartoum")?.mahdistCount ?? 0) > 0;
      if (prompt?.kind === "march" && moved) break;
      await step(pages);
    }

    // 4: ending the March Phase with stacks unmoved asks first; No keeps the phase, Yes ends it.
    const march = await lastUpdate(mahdist);
    const unmoved = march.prompts[0].choices.filter((c) => /^Move from /.test(c.label)).length;
    assert.ok(unmoved > 0, "some stack could still move");
    const end = mahdist.locator(".prompt").getByRole("button", { name: "End the March Phase", exact: true });
    await end.click();
    const ask = confirmDialog(mahdist);
    await ask.waitFor();
    assert.match(await ask.innerText(), new RegExp(`End the March Phase with ${unmoved} stacks? unmoved\\?`));
    assert.ok(await ask.evaluate((el) => el.contains(document.activeElement)), "the question takes the focus");
    await ask.getByRole("button", { name: "No" }).click();
    await ask.waitFor({ state: "detached" });
    assert.equal((await lastUpdate(mahdist)).seq, march.seq, "No keeps the March Phase");
    assert.equal((await lastUpdate(mahdist)).prompts[0].kind, "march");
    await end.click();
    await ask.getByRole("button", { name: /^Yes/ }).click();
    await waitForSeq(mahdist, march.seq + 1);
    assert.notEqual((await lastUpdate(mahdist)).prompts?.[0]?.kind, "march", "Yes ends the March Phase");

    // Into the battle, until someone is to fire.
    for (;;) {
      assert.ok(guard++ < 80, "a unit fires at Khartoum");
      const m = await lastUpdate(mahdist), e = await lastUpdate(empire);
      const firing = [m, e].some((u) => u.prompts?.[0]?.kind === "fire");
      if (firing && m.view.payload.battle) break;
      await step(pages);
    }

    // 1: both pages show the battle panel: both sides' units in the space, to-hit from the BRT.
    const brt = brtByTypeName();
    for (const page of pages) {
      const view = await khartoumOf(page);
      const battle = view.battle;
      const space = view.spaces.find((s) => s.id === battle.space);
      const panel = page.locator(".battle");
      await panel.waitFor();
      assert.match(await panel.locator("h3").innerText(), new RegExp(`Battle at ${space.name}`));
      assert.match(await panel.innerText(), new RegExp(`Tactical superiority\\s*(13\\.1)?\\s*${battle.superior}`));
      for (const side of ["Mahdist", "Empire"]) {
        const expected = (space.units ?? []).filter((u) => u.side === side);
        assert.ok(expected.length > 0, `${side} has units in the battle`);
        const rows = panel.locator(`[data-battle-side="${side}"] [data-battle-unit]`);
        assert.deepEqual(await rows.evaluateAll((els) => els.map((el) => el.dataset.battleUnit)), expected.map((u) => u.id));
        for (const unit of expected) {
          const row = panel.locator(`[data-battle-unit="${unit.id}"]`);
          const column = brt.get(unit.type);
          assert.equal(await row.getAttribute("data-eliminate"), column.eliminate, `${unit.name} eliminates on`);
          assert.equal(await row.getAttribute("data-panic"), column.panic, `${unit.name} panics on`);
          assert.match(await row.innerText(), new RegExp(`${unit.name}[\\s\\S]*${unit.type}, ${unit.strength} dic?e`));
          assert.match(await row.innerText(), /eliminates on \d/);
        }
      }
    }
    await screenshot(empire, "battle-panel-empire");
    assert.ok(stackClicks > 0, "some space was chosen by a click on its stack");

    // 5: at 1280 x 800 the map, the prompt and the battle panel are on the one screen, and the
    // side column holding the prompt and the panel stays put as the page scrolls.
    for (const page of pages) {
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.evaluate(() => scrollTo(0, 0));
      const boxes = await page.evaluate(() => Object.fromEntries(
        [["map", ".board-area .board-svg"], ["prompt", ".prompt"], ["battle", ".battle"]].map(([name, sel]) => {
          const r = document.querySelector(sel)?.getBoundingClientRect();
          return [name, r ? { top: r.top, bottom: r.bottom, left: r.left, right: r.right } : null];
        })));
      for (const [name, box] of Object.entries(boxes)) {
        assert.ok(box, `the ${name} is shown`);
        assert.ok(box.top >= 0 && box.bottom <= 800 && box.left >= 0 && box.right <= 1280,
          `the ${name} (${JSON.stringify(box)}) lies within the 1280 x 800 screen`);
      }
      // Half way down the page (the tracks under the map), the column has come along.
      const scrolled = await page.evaluate(() => {
        scrollTo(0, (document.documentElement.scrollHeight - innerHeight) / 2);
        return scrollY;
      });
      const promptTop = await page.evaluate(() => document.querySelector(".prompt").getBoundingClientRect().top);
      assert.ok(scrolled > 100 && promptTop >= 0 && promptTop < 100,
        `the prompt stays on screen as the page scrolls (top at ${promptTop} px at scrollY ${scrolled})`);
      await page.evaluate(() => scrollTo(0, 0));
    }
    await screenshot(mahdist, "battle-1280x800");
    // The page's first link is the skip link, which moves the focus to the board.
    const skip = mahdist.locator("a, button, [tabindex]").first();
    assert.equal(await skip.textContent(), "Skip to the board");
    await skip.focus();
    await mahdist.keyboard.press("Enter");
    assert.equal(await mahdist.evaluate(() => document.activeElement?.id), "board", "the skip link leads to the board");
    await assertAccessible(empire, "a Khartoum battle");

    // 2: a click on a unit that is no choice opens its details (the page without the prompt has none).
    const watcher = (await lastUpdate(mahdist)).prompts?.length ? empire : mahdist;
    const view = await khartoumOf(watcher);
    // The top of the stack (listed last), the counter a person sees and can click.
    const unit = view.spaces.find((s) => s.id === view.battle.space).units.at(-1);
    await watcher.locator(`.board-area [data-ref="unit:${unit.id}"]`).click();
    const details = watcher.getByRole("dialog", { name: "Details" });
    await details.waitFor();
    const text = await details.innerText();
    assert.match(text, new RegExp(unit.name));
    assert.match(text, new RegExp(`Side\\s+${unit.side}`));
    assert.match(text, new RegExp(`Type\\s+${unit.type}`));
    assert.match(text, new RegExp(`Strength\\s+${unit.strength}`));
    assert.match(text, /To hit[\s\S]*eliminates on/);
    assert.match(text, new RegExp(`Elite\\s+${unit.elite ? "yes" : "no"}`));
    await details.getByRole("button", { name: "Close" }).click();
    // The battle panel's info button opens the same details.
    await watcher.locator(`.battle [data-battle-unit="${unit.id}"] button.info`).click();
    assert.match(await details.innerText(), new RegExp(unit.name));
    await details.getByRole("button", { name: "Close" }).click();

    // 3: the rule the prompt cites opens its text.
    const firer = watcher === empire ? mahdist : empire;
    const promptRule = firer.locator('.prompt button.rule-link[data-rule="13.1"]');
    assert.match(await promptRule.getAttribute("aria-label"), /^rule 13\.1: Battle Procedure$/, "a rule link is named in words");
    const spaceName = await firer.locator('.board-area [data-ref="space:khartoum"]').getAttribute("aria-label");
    assert.match(spaceName, /^Khartoum \(/, `a space is named in words (${spaceName})`);
    await promptRule.click();
    const rule = firer.getByRole("dialog", { name: "Rule 13.1" });
    const ruleShown = await ruleDialogText(rule);
    assert.ok(ruleShown.includes(ruleText("13.1")), "the prompt's rule shows 13.1's text");
    assert.match(ruleShown, /Determine Tactical Superiority/);
    await rule.getByRole("button", { name: "Close" }).click();

    // The unit fires (by clicking it: a choice is still a choice), and the panel tells the result.
    const before = (await lastUpdate(firer)).seq;
    await step(pages);
    await waitForSeq(watcher, before + 1);
    const fired = watcher.locator('.battle .battle-log li[data-kind="battle.fire"]');
    await fired.first().waitFor();
    const logged = (await lastUpdate(watcher)).log.filter((e) => e.kind === "battle.fire").map((e) => e.text);
    assert.ok(logged.includes(await fired.last().innerText()), "the panel's result is the log's line");

    // A log line's rule opens too: the fire line cites 13.3.
    await watcher.locator('.log button.rule-link[data-rule="13.3"]').first().click();
    const brtRule = watcher.getByRole("dialog", { name: "Rule 13.3" });
    const brtShown = await ruleDialogText(brtRule);
    assert.ok(brtShown.includes(ruleText("13.3")));
    assert.match(brtShown, /Elimination: One enemy unit/);
    await screenshot(watcher, "battle-rule-13.3");
    assert.deepEqual([...mahdist.errors, ...empire.errors], []);
  }));
