// The Lion of Khartoum asks before its action phase ends with action points unused (4.1) or a banner
// path left without defenders (6.7); No keeps the phase, Yes ends it. Its prompt's "4.1" opens 4.1.
import { test } from "node:test";
import assert from "node:assert/strict";
import { confirmDialog, createMatch, lastUpdate, newPlayer, ruleDialogText, waitForSeq, withFrontier } from "./harness.mjs";

test("ending the Lion's action phase with AP left asks first; the prompt's rule opens", () =>
  withFrontier(async (server, browser) => {
    const page = await newPlayer(browser, server, "gordon");
    await createMatch(page, { game: "lion" });
    await page.locator('[data-testid="match-status"][data-status="RUNNING"]').waitFor();
    await page.waitForFunction(() => window.__frontier?.lastUpdate?.prompts?.[0]?.kind === "choose_action");
    const start = await lastUpdate(page);
    const ap = start.view.payload.actionPoints ?? 0;
    assert.ok(ap > 0, "the first action phase has action points");

    // The prompt cites 4.1: its link shows the rule.
    await page.locator('.prompt button.rule-link[data-rule="4.1"]').click();
    const rule = page.getByRole("dialog", { name: "Rule 4.1" });
    assert.match(await ruleDialogText(rule), /4\.1 Sequence of play/);
    await rule.getByRole("button", { name: "Close" }).click();

    const end = page.locator(".prompt").getByRole("button", { name: "End the action phase", exact: true });
    await end.click();
    const ask = confirmDialog(page);
    await ask.waitFor();
    assert.match(await ask.innerText(), new RegExp(`End the action phase with ${ap} action points? unused`));
    await ask.getByRole("button", { name: "No" }).click();
    await ask.waitFor({ state: "detached" });
    assert.equal((await lastUpdate(page)).seq, start.seq, "No keeps the action phase");

    await end.click();
    await ask.getByRole("button", { name: /^Yes/ }).click();
    await waitForSeq(page, (start.seq ?? 0) + 1);
    // The phase is over: a later turn, or another step of this one (a new turn may deal the same AP).
    const after = await lastUpdate(page);
    assert.ok(
      (after.view.payload.turn ?? 0) !== (start.view.payload.turn ?? 0) || after.prompts?.[0]?.kind !== "choose_action",
      "Yes ends the action phase",
    );
    assert.deepEqual(page.errors, []);
  }));
