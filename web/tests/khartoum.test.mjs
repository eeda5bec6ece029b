// Two players in two browser contexts create and join a private Khartoum match through its invite
// link and play it by clicking; after every step the Empire's page must not show a unit that
// 29.14 hides (a Mahdist unit under the top of its stack, where no Empire unit stands).
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  clickFirstChoice, createMatch, lastUpdate, newPlayer, screenshot, waitForSeq,
  withFrontier,
} from "./harness.mjs";

const STEPS = 40;

// The units the Mahdist's own view shows that the Empire may not see: all but the top unit of a
// Mahdist stack in a space without Empire units (29.14). The Mahdist sees its stacks whole.
function hiddenFromEmpire(mahdistView) {
  const hidden = [];
  for (const space of mahdistView.spaces ?? []) {
    if ((space.empireCount ?? 0) > 0) continue;
    const mahdist = (space.units ?? []).filter((u) => u.side === "Mahdist");
    hidden.push(...mahdist.slice(0, -1).map((u) => ({ ...u, space: space.name })));
  }
  return hidden;
}

// The text as a whole word ("Mahdi" must not match "Mahdist").
function word(text) {
  return new RegExp(`(^|[^\\w-])${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}($|[^\\w-])`);
}

// Checks one page that must not see under Mahdist stacks: the Empire's, or a spectator's.
async function assertFogHolds(mahdistPage, empirePage) {
  const mahdist = (await lastUpdate(mahdistPage)).view.khartoum;
  const empire = (await lastUpdate(empirePage)).view.khartoum;
  const hidden = hiddenFromEmpire(mahdist);
  const empireSpaces = new Map((empire.spaces ?? []).map((s) => [s.id, s]));
  // The page shows what it was given; anything the Empire's own view names (a card's text that
  // mentions "the Mahdi", another stack's top unit) proves nothing about a leak.
  const given = JSON.stringify(empire);
  // The log is history the Empire watched (a recruit is seen when placed, before others cover
  // it); the rules engine's own tests filter it. The board, prompts and status are checked here.
  const dom = await empirePage.evaluate(() => {
    const shown = [...document.querySelectorAll("*")].filter((el) => !el.closest(".log"));
    const attributes = shown.flatMap((el) => [...el.attributes].map((a) => a.value));
    const text = shown.flatMap((el) => [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent));
    return `${text.join("\n")}\n${attributes.join("\n")}`;
  });
  for (const unit of hidden) {
    const seen = empireSpaces.get(mahdist.spaces.find((s) => s.name === unit.space).id);
    assert.ok(!(seen?.units ?? []).some((u) => u.id === unit.id), `the Empire's view lists hidden ${unit.id}`);
    for (const token of [unit.id, unit.name]) {
      if (word(token).test(given)) continue;
      const found = word(token).exec(dom);
      assert.ok(!found, `the Empire page shows hidden unit ${token} (in ${unit.space}): ` +
        JSON.stringify(found ? dom.slice(Math.max(0, found.index - 80), found.index + 80) : ""));
    }
  }
  return hidden.length;
}

test("two players create, join and play Khartoum by clicking; the Empire never sees what 29.14 hides", () =>
  withFrontier(async (server, browser) => {
    const mahdistPage = await newPlayer(browser, server, "mahdi");
    const empirePage = await newPlayer(browser, server, "gordon");

    // The Mahdist creates a private Khartoum match and sends the invite link.
    const invite = await createMatch(mahdistPage, { game: "khartoum", side: "Mahdist", privately: true });
    assert.match(invite, /#\/join\/\d+\/\S+$/);
    await mahdistPage.getByRole("link", { name: "Open the match" }).click();
    await mahdistPage.getByTestId("your-side").filter({ hasText: "You play Mahdist." }).waitFor();

    await empirePage.goto(invite);
    await empirePage.getByTestId("your-side").filter({ hasText: "You play Empire." }).waitFor();
    await mahdistPage.locator('[data-testid="match-status"][data-status="RUNNING"]').waitFor();
    await screenshot(empirePage, "khartoum-empire-start");

    // A private match is watched through its invitation once the seats are taken.
    const spectatorPage = await newPlayer(browser, server, "kibitzer");
    await spectatorPage.goto(invite);
    await spectatorPage.getByRole("alert").filter({ hasText: "MATCH_FULL" }).waitFor();
    await spectatorPage.getByRole("link", { name: "Watch the match instead" }).click();
    await spectatorPage.getByTestId("your-side").filter({ hasText: "You are watching." }).waitFor();

    // Chat reaches the opponent and the spectators.
    await mahdistPage.getByLabel("Message").fill("Good luck, Pasha");
    await mahdistPage.getByRole("button", { name: "Send" }).click();
    for (const p of [empirePage, spectatorPage]) await p.locator(".chat li", { hasText: "Good luck, Pasha" }).waitFor();

    let maxHidden = 0;
    for (let step = 0; step < STEPS; step++) {
      const [m, e] = [await lastUpdate(mahdistPage), await lastUpdate(empirePage)];
      assert.equal(m.seq ?? 0, e.seq ?? 0, "both pages show the same event");
      if (m.gameStatus?.finished) break;
      const mover = (m.prompts ?? []).length ? mahdistPage : (e.prompts ?? []).length ? empirePage : null;
      assert.ok(mover, `someone holds a prompt at event ${m.seq ?? 0}`);
      await clickFirstChoice(mover);
      const seq = (await lastUpdate(mover)).seq;
      await waitForSeq(mahdistPage, seq);
      await waitForSeq(empirePage, seq);
      await waitForSeq(spectatorPage, seq);
      maxHidden = Math.max(maxHidden, await assertFogHolds(mahdistPage, empirePage));
      await assertFogHolds(mahdistPage, spectatorPage);
    }
    // The check above must have had something to hide at some point, or it proved nothing.
    assert.ok(maxHidden > 0, "no Mahdist stack was ever hidden from the Empire");
    const log = await empirePage.locator(".log li").count();
    assert.ok(log > 0, "the Empire's log shows what happened");
    await screenshot(mahdistPage, "khartoum-mahdist");
    await screenshot(empirePage, "khartoum-empire");
    await screenshot(spectatorPage, "khartoum-spectator");

    // In the lobby, "My matches" marks the match with "Your turn" for the seat that holds the prompt only.
    const now = await lastUpdate(mahdistPage);
    const matchId = now.matchId;
    const [toMove, waiting] = (now.prompts ?? []).length ? [mahdistPage, empirePage] : [empirePage, mahdistPage];
    for (const p of [toMove, waiting]) await p.getByRole("link", { name: "Lobby" }).click();
    await toMove.locator(`[data-testid="my-matches"] [data-match="${matchId}"] .badge.turn`).waitFor();
    await waiting.locator(`[data-testid="my-matches"] [data-match="${matchId}"]`).waitFor();
    assert.equal(await waiting.locator(`[data-match="${matchId}"] .badge.turn`).count(), 0);
    assert.deepEqual([...mahdistPage.errors, ...empirePage.errors, ...spectatorPage.errors], []);
  }));
