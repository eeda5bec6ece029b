// The create form's custom clock: what is plainly wrong is caught in the form (nothing is
// created), what only the server's limits refuse shows the server's own sentence (not its code name), and
// a good clock reaches the match — and the lobby shows its pace to whoever might join.
import { test } from "node:test";
import assert from "node:assert/strict";
import { lastUpdate, newPlayer, withFrontier } from "./harness.mjs";

const HOUR = 3600;
const DAY = 24 * HOUR;

test("a custom clock: checked in the form, refused by the server with its reason, else used", () =>
  withFrontier(async (server, browser) => {
    const creator = await newPlayer(browser, server, "pasha");
    const visitor = await newPlayer(browser, server, "visitor");
    const form = creator.locator("form.create-match");
    await form.locator("select[name=game]").selectOption("khartoum");
    await form.getByLabel("Your side").selectOption("Mahdist");
    await form.getByLabel("Clock").selectOption("custom");
    const fill = async (values) => {
      for (const [label, value] of Object.entries(values)) await form.getByLabel(label).fill(value);
    };
    const create = () => form.getByRole("button", { name: "Create match" }).click();
    const alert = form.getByRole("alert");

    // No time in the bank; a cap below the bank: the form says so and sends nothing.
    await fill({ "Bank days": "0", "Bank hours": "0" });
    await create();
    await alert.filter({ hasText: "The bank must hold some time" }).waitFor();
    await fill({ "Bank days": "3", "Cap days (0 = none)": "2" });
    await create();
    await alert.filter({ hasText: "The cap must be 0 (no cap) or at least the bank" }).waitFor();
    await fill({ "Bank hours": "1.5", "Cap days (0 = none)": "0" });
    await create();
    await alert.filter({ hasText: "The bank's hours must be a whole number" }).waitFor();

    // A bank beyond a year is for the server to refuse: its own words are shown.
    await fill({ "Bank days": "400", "Bank hours": "0" });
    await create();
    const refusal = alert.filter({ hasText: "between 60 s and 365 days" });
    await refusal.waitFor();
    assert.doesNotMatch(await refusal.innerText(), /INVALID_ARGUMENT|\([A-Z_]+\)/, "words, not the wire's code name");
    assert.equal(await creator.evaluate(() => location.hash), "#/lobby", "nothing was created");

    // 2 days 6 hours, +8 hours a move, capped at 4 days: the match has exactly that clock.
    await fill({ "Bank days": "2", "Bank hours": "6", "Increment hours per move": "8", "Cap days (0 = none)": "4" });
    await create();
    await creator.getByTestId("your-side").filter({ hasText: "You play Mahdist." }).waitFor();
    const update = await lastUpdate(creator);
    assert.equal(update.timeControl.initialSeconds, 2 * DAY + 6 * HOUR);
    assert.equal(update.timeControl.incrementSeconds, 8 * HOUR);
    assert.equal(update.timeControl.capSeconds, 4 * DAY);

    // Whoever might join sees the pace in the open matches list before joining.
    await visitor.getByRole("button", { name: "Refresh" }).click();
    const row = visitor.locator(`[data-testid="open-matches"] [data-match="${update.matchId}"]`);
    assert.equal(await row.getByTestId("pace").innerText(), "clock: 2 d 6 h bank, +8 h per move, cap 4 d");
    await row.getByRole("button", { name: "Join as Empire" }).click();
    await visitor.getByTestId("your-side").filter({ hasText: "You play Empire." }).waitFor();
    assert.equal(await visitor.getByTestId("pace").innerText(), "Pace: 2 d 6 h bank, +8 h per move, cap 4 d");
    assert.deepEqual([...creator.errors, ...visitor.errors], []);
  }));
