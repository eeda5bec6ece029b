// The Lion's battle panel (boards/lion/battle.tsx), played to by clicking: on turn 2 Gordon forms
// a raid (target, infantry, leader, a light gun) and, before he launches it, the panel names the
// banner and its strength, lists his stack with each counter's raid factor, and shows the
// modifier as the sum of its terms with the throws that give each outcome of the raid table
// (AOT.2 in rules/lion/data/lion.txtpb). Then he sets up defensive positions ahead of every banner
// and ends the action phase: a banner attacks, and at the "spend an RP?" prompt the panel shows
// the defence the same way, fortification and the RP's +1 included; once rolled, its outcome
// is the one the log's roll line names. Both are captured at 1280 x 800 and on a phone, where the
// defenders deployed on the map are counters of 24 px and more with short name and factor.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { awaitRunningMatch, clickChoice, createMatch, lastUpdate, newPlayer, PHONE, screenshot, withFrontier } from "./harness.mjs";
import { VIEWPORT } from "./board-checks.mjs";
import { assertPhoneFriendly } from "./phone-checks.mjs";

const root = new URL("../../", import.meta.url).pathname;

// The rows of one outcome table (AOT) as the rules engine loads them.
function outcomeTable(name) {
  const data = readFileSync(`${root}rules/lion/data/lion.txtpb`, "utf8");
  return [...data.matchAll(new RegExp(`^${name} \\{ min: (-?\\d+) max: (-?\\d+) name: "([^"]+)"`, "gm"))]
    .map((m) => ({ min: Number(m[1]), max: Number(m[2]), name: m[3] }));
}

// The view's combat with proto3's left-out zeros put back.
async function combatOf(page) {
  const c = (await lastUpdate(page)).view.payload.combat;
  if (!c) return null;
  const zero = ["drm", "unitsDrm", "tracksDrm", "bannerDrm", "fortification", "outcomeMin", "outcomeMax",
    "casualtyDrm", "stepsToLose", "gunsToLose"];
  return { ...c, units: c.units ?? [], ...Object.fromEntries(zero.map((k) => [k, c[k] ?? 0])) };
}

// Takes the choice `pick` returns from the page's prompt (the first when it returns none).
async function choose(page, pick) {
  return clickChoice(page, (u) => pick(u.prompts[0], u.view.payload) ?? u.prompts[0].choices[0]);
}

const labelled = (prompt, re) => prompt.choices.find((c) => re.test(c.label));

// What the panel shows before a roll, against the view: banner, the stack and its factors, the
// terms and their sum, and one line per row of the outcome table.
async function assertBeforeTheRoll(page, table) {
  const combat = await combatOf(page);
  const panel = page.locator(".board .lion-battle");
  await panel.waitFor();
  const text = await panel.innerText();
  assert.match(text, new RegExp(`${combat.banner}, strength ${combat.bannerStrength}`), "the banner and its strength");
  const units = await panel.locator("[data-unit-name]").evaluateAll((els) =>
    els.map((el) => ({ name: el.dataset.unitName, factor: Number(el.dataset.factor), text: el.innerText })));
  assert.deepEqual(units.map(({ name, factor }) => ({ name, factor })), combat.units.map(({ name, factor }) => ({ name, factor: factor ?? 0 })));
  for (const u of units) assert.match(u.text, new RegExp(`${u.name.replace(/[()]/g, "\\$&")}\\s+[+\u2212]${Math.abs(u.factor)}`));
  const terms = await panel.locator("[data-term]").evaluateAll((els) =>
    els.map((el) => ({ label: el.dataset.term, value: Number(el.dataset.value) })));
  const total = Number(await panel.locator("[data-drm]").getAttribute("data-drm"));
  assert.equal(total, combat.drm, "the modifier shown is the view's");
  assert.equal(terms.reduce((sum, t) => sum + t.value, 0), total, `the modifier is the sum of its terms ${JSON.stringify(terms)}`);
  assert.equal(terms[0].value, units.reduce((sum, u) => sum + u.factor, 0), "the units' term is the sum of their factors");
  assert.equal(await panel.locator(".lion-outcomes tbody tr").count(), outcomeTable(table).length, "a line per outcome");
  return { combat, text };
}

// The defenders on the map are counters like the other boards' (issue 49): 24 px and more, each
// with its short name and its defence factor.
async function assertDefendersReadable(page, where) {
  const counters = await page.locator(".lion-map .lion-unit").evaluateAll((els) => els.map((el) => {
    const r = el.querySelector("rect").getBoundingClientRect();
    return { w: r.width, h: r.height, texts: [...el.querySelectorAll("text")].map((t) => t.textContent) };
  }));
  assert.ok(counters.length > 0, `${where}: defenders are deployed`);
  for (const c of counters) {
    assert.ok(c.w >= 24 && c.h >= 24, `${where}: a defender's counter is ${c.w.toFixed(1)} x ${c.h.toFixed(1)} px`);
    assert.ok(c.texts.length === 2 && /^[A-Z]{1,3}$/.test(c.texts[0]) && /^\d+$/.test(c.texts[1]),
      `${where}: a counter shows its short name and factor (${c.texts.join(" ")})`);
  }
}

test("Lion battles shown: a raid being formed and a defence asking for an RP, with stack, factors and modifier", () =>
  withFrontier(async (server, browser) => {
    const page = await newPlayer(browser, server, "gordon");
    await createMatch(page, { game: "lion" });
    await page.locator('[data-testid="match-status"][data-status="RUNNING"]').waitFor();
    await page.setViewportSize(VIEWPORT);

    // Turn 1 allows no raid (4.2): Gordon ends its action phase and comes to turn 2's actions.
    let guard = 0;
    for (;;) {
      assert.ok(guard++ < 30, "turn 2 offers a raid");
      const prompt = (await lastUpdate(page)).prompts[0];
      if (labelled(prompt, /^Raid \(6\.5\)$/)) break;
      await choose(page, (p) => labelled(p, /^End the action phase$/));
    }
    await choose(page, (p) => labelled(p, /^Raid \(6\.5\)$/));
    assert.equal(await page.locator(".board .lion-battle").count(), 0, "no panel before a target is chosen");
    await choose(page, (p) => labelled(p, /^Raid the /));
    await page.locator(".board .lion-battle .none").filter({ hasText: "no unit yet" }).waitFor();

    // The raid's infantry, a leader and a light gun, then the panel as Gordon is about to launch.
    await choose(page, (p) => labelled(p, /^Add .*infantry/));
    await choose(page, (p) => labelled(p, /^Add (?!the|a )/));
    if (labelled((await lastUpdate(page)).prompts[0], /^Add a light gun$/)) await choose(page, (p) => labelled(p, /^Add a light gun$/));
    const { combat: raid, text: raidText } = await assertBeforeTheRoll(page, "raid_table");
    assert.equal(raid.kind, "raid");
    assert.equal(raid.units.length, 3, "infantry, leader and gun");
    assert.match(await page.locator(".lion-battle h3").innerText(), new RegExp(`^Raid on the ${raid.banner}$`));
    assert.match(raidText, new RegExp(`half of ${raid.bannerStrength}, rounded up`));
    assert.match(raidText, /Still to decide\s+Add the raid's units, then launch it \(6\.5\)/);
    await screenshot(page, "lion-battle");
    await page.setViewportSize(PHONE.viewport);
    await assertPhoneFriendly(page, "the Lion's raid panel");
    await screenshot(page, "phone-lion-battle");
    await page.setViewportSize(VIEWPORT);

    await choose(page, (p) => labelled(p, /^Launch the raid$/));
    const rolled = (await lastUpdate(page)).log.filter((e) => e.kind === "raid.roll").at(-1);
    assert.ok(rolled, "the raid's roll is logged");

    // Defensive positions ahead of every banner (the action is offered once a turn, 4.1), two
    // kinds of infantry where there are enough, so that a step loss is Gordon's to assign
    // (11.11); then the banners' turn: one attacks.
    // The match's dice can end a game first: a turn of 1 AP spent on the raid leaves none for
    // defences, and an unopposed banner reaches the Palace (6.7). What is checked is the panel,
    // so Gordon then plays again, up to five more games.
    let games = 1;
    for (let steps = 0; ; steps++) {
      assert.ok(steps < 80 * games, "a banner attacks a defended area");
      const update = await lastUpdate(page);
      if (update.gameStatus?.finished) {
        assert.ok(games++ < 6, "one of six games comes to a defence");
        await page.getByRole("button", { name: "Play again" }).click();
        await awaitRunningMatch(page, update.matchId);
        continue;
      }
      const prompt = update.prompts[0];
      if (prompt.kind === "spend_rp") break;
      await choose(page, (p, v) => {
        if (p.kind === "choose_action") return labelled(p, /^Set up defensive positions/) ?? labelled(p, /^End the action phase$/);
        if (p.kind === "defence_area") return labelled(p, /^Defend (?!Governor)/) ?? labelled(p, /^Done setting up/);
        if (p.kind === "defence_units") {
          const here = v.areas.find((a) => p.text.includes(` in ${a.name} (`))?.units ?? [];
          const another = p.choices.find((c) => /^Add .*(infantry|Bachi)/.test(c.label) && !here.includes(c.label.slice(4)));
          return (here.length < 2 && another) || labelled(p, /^Garrison of .* complete$/) || labelled(p, /^Add .*(infantry|Bachi)/);
        }
        return null;
      });
    }

    const { combat: defence, text: defenceText } = await assertBeforeTheRoll(page, "defence_table");
    assert.equal(defence.kind, "defence");
    assert.ok(defence.units.length > 0, "the area's defenders are listed");
    assert.match(await page.locator(".lion-battle h3").innerText(), new RegExp(`^${defence.banner} attacks ${defence.area}$`));
    const fortification = Number(await page.locator(".lion-battle [data-term^='Fortification']").getAttribute("data-value"));
    assert.equal(fortification, defence.fortification, "the area's fortification is a term");
    assert.match(defenceText, /With 1 RP/, "the throws with the RP's +1 stand beside");
    assert.match(defenceText, /Still to decide\s+Spend one Resource Point for \+1 before the roll\? \(7\.2\)/);
    await screenshot(page, "lion-defence");
    await assertDefendersReadable(page, "at 1280 x 800");
    await page.setViewportSize(PHONE.viewport);
    await assertPhoneFriendly(page, "the Lion's defence panel");
    await assertDefendersReadable(page, "on a phone");
    await screenshot(page, "phone-lion-defence");
    await page.setViewportSize(VIEWPORT);

    // Spend the RP. Where a step loss is left to Gordon the panel stays, with the outcome the log
    // gives; else the defence is over (and another banner may be attacking already).
    await choose(page, (p) => labelled(p, /^Spend 1 RP/));
    const roll = (await lastUpdate(page)).log.filter((e) => e.kind === "defence.roll").at(-1);
    assert.match(roll.text, /, 1 RP \+1,/, "the roll counts the RP");
    const after = await combatOf(page);
    if (after?.rolled) {
      const [, modified, outcome] = /→ (-?\d+): (.+) \(AOT\.1\)$/.exec(roll.text);
      assert.equal(after.outcome, outcome);
      assert.ok(after.outcomeMin <= Number(modified) && Number(modified) <= after.outcomeMax, "the roll falls in the outcome's range");
      const panel = page.locator(".board .lion-battle");
      const text = await panel.innerText();
      assert.match(text, new RegExp(`Outcome\\s*(AOT\\.1)?\\s*${outcome}`));
      assert.match(text, /Resource Point spent\s*(7\.2)?\s*yes, \+1/);
      assert.ok(text.includes(roll.text), "the roll's log line is in the panel");
      if (after.stepsToLose > 0) assert.match(text, /Still to decide\s+Which units? lose/);
      await screenshot(page, "lion-defence-rolled");
    }
    assert.deepEqual(page.errors, []);
  }));
