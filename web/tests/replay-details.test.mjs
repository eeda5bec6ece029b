// A replay reads like the match page: the rule numbers its log lines (and the board's panels)
// cite are links to the rule's text, and a click on a unit on the board opens its details as the
// frame shows them, following the frame as the replay steps on. A Lion of Khartoum match is
// played a few steps by clicking, then stepped back through from its set-up.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { clickFirstChoice, createMatch, lastUpdate, newPlayer, ruleDialogText, screenshot, withFrontier } from "./harness.mjs";

const STEPS = 8;
const root = new URL("../../", import.meta.url).pathname;

// A rule's heading line as the Lion's rulebook in the repository has it.
function ruleHeading(number) {
  return readFileSync(`${root}docs/rulebooks/lion.txt`, "utf8").split("\n").find((l) => l.startsWith(`${number} `));
}

// The replay's own frame (JSON form of wire.ViewAt), once the page shows event `seq`.
async function frameAt(page, seq) {
  await page.getByTestId("replay-position").filter({ hasText: new RegExp(`^Event ${seq} of `) }).waitFor();
  await page.waitForFunction((s) => (window.__frontier?.lastViewAt?.seq ?? 0) === s, seq);
  return page.evaluate(() => window.__frontier.lastViewAt);
}

test("a replay links its rule numbers and opens a unit's details", () =>
  withFrontier(async (server, browser) => {
    const page = await newPlayer(browser, server, "gordon");
    await createMatch(page, { game: "lion" });
    await page.locator('[data-testid="match-status"][data-status="RUNNING"]').waitFor();
    for (let i = 0; i < STEPS; i++) await clickFirstChoice(page);
    const last = (await lastUpdate(page)).seq;

    await page.getByRole("link", { name: "Step back through your moves" }).click();
    await frameAt(page, last);
    await page.keyboard.press("Home");
    let seq = 0;
    let frame = await frameAt(page, seq);

    // Forward to the first event whose log line cites a rule (an action's "Gordon spends 1 AP:
    // Improve fortifications (6.1)" does): its number is a link that shows the rule.
    const logRule = page.locator('.replay .log[aria-label="This event"] button.rule-link').first();
    while (!(await logRule.count())) {
      assert.ok(seq < last, `some event up to ${last} cites a rule in its log line`);
      await page.getByRole("button", { name: "Next" }).click();
      frame = await frameAt(page, ++seq);
    }
    const number = await logRule.getAttribute("data-rule");
    await logRule.click();
    const rule = page.getByRole("dialog", { name: `Rule ${number}` });
    assert.ok((await ruleDialogText(rule)).includes(ruleHeading(number)), `the dialog shows ${number}'s text`);
    await rule.getByRole("button", { name: "Close" }).click();
    await rule.waitFor({ state: "detached" });
    assert.ok((await page.locator(".replay .board-area button.rule-link").count()) > 0, "the board's panels link their rules too");

    // A banner on the board: nothing is a choice in a replay, so a click opens its details.
    const banner = frame.view.payload.banners[0];
    await page.locator(`.replay .board-area [data-ref="unit:${banner.id}"]`).click();
    const details = page.locator(`.replay [role="dialog"][data-inspect="unit:${banner.id}"]`);
    await details.waitFor();
    const text = await details.innerText();
    assert.match(text, new RegExp(banner.name));
    assert.match(text, new RegExp(`Strength\\s+${banner.strength ?? 0}`));
    assert.equal(await details.locator('button.rule-link[data-rule="11.5"]').count(), 1, "the details link the rule they cite");
    await screenshot(page, "replay-details");

    // The details follow the replay: one event on, they show the banner as that event left it.
    if (seq < last) {
      await page.keyboard.press("ArrowRight");
      const next = (await frameAt(page, seq + 1)).view.payload.banners.find((b) => b.id === banner.id);
      assert.match(await details.innerText(), new RegExp(`Strength\\s+${next.strength ?? 0}`));
    }
    await details.getByRole("button", { name: "Close" }).click();
    await details.waitFor({ state: "detached" });
    assert.deepEqual(page.errors, []);
  }));
