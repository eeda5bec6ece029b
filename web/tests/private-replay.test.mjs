// Someone who watches a private match by its link can step back through it while it runs and,
// after the end, replay it as any seat saw it and verify its dice — the invite code travels with
// every link from the match page to its replay and back. Without the code the replay is refused.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createMatch, lastUpdate, newPlayer, playStep, withFrontier } from "./harness.mjs";

test("a spectator of a private match replays it and verifies the dice through its link", () =>
  withFrontier(async (server, browser) => {
    const mahdist = await newPlayer(browser, server, "mahdi");
    const empire = await newPlayer(browser, server, "gordon");
    const invite = await createMatch(mahdist, { game: "khartoum", side: "Mahdist", privately: true });
    await mahdist.getByRole("link", { name: "Open the match" }).click();
    await empire.goto(invite);
    await empire.getByTestId("your-side").filter({ hasText: "You play Empire." }).waitFor();
    for (let i = 0; i < 3; i++) await playStep([mahdist, empire]);
    const { matchId, seq } = await lastUpdate(empire);
    const code = invite.split("/").pop();

    const fan = await newPlayer(browser, server, "kibitzer");
    await fan.goto(invite);
    await fan.getByRole("link", { name: "Watch the match instead" }).click();
    await fan.getByTestId("your-side").filter({ hasText: "You are watching." }).waitFor();

    // While it runs the spectator steps back as the spectators saw it, and comes back with the code.
    await fan.getByRole("link", { name: "Step back through the match" }).click();
    assert.equal(await fan.evaluate(() => location.hash), `#/replay/${matchId}/${code}`);
    const position = fan.getByTestId("replay-position");
    await position.filter({ hasText: `Event ${seq} of ${seq}` }).waitFor();
    await fan.getByRole("button", { name: "Previous" }).click();
    await fan.waitForFunction((s) => window.__frontier?.lastViewAt?.seq === s, seq - 1);
    assert.equal(await fan.evaluate(() => window.__frontier.lastViewAt.seat), -1, "the spectators' view");
    await fan.getByRole("link", { name: "Back to the match" }).click();
    await fan.getByTestId("your-side").filter({ hasText: "You are watching." }).waitFor();

    // The Empire resigns; the spectator replays the finished match from its page.
    empire.on("dialog", (d) => d.accept());
    await empire.getByRole("button", { name: "Resign" }).click();
    await fan.locator('[data-testid="match-status"][data-status="FINISHED"]').waitFor();
    await fan.getByRole("link", { name: "Replay and verify dice" }).click();
    await position.filter({ hasText: "Event 0 of" }).waitFor();
    await fan.getByRole("button", { name: "Next" }).click();
    await fan.waitForFunction(() => window.__frontier?.lastViewAt?.seq === 1);
    await fan.getByLabel("Seen by").selectOption("Empire");
    await fan.waitForFunction(() => window.__frontier?.lastViewAt?.seat === 1);
    await fan.getByRole("button", { name: "Verify dice" }).click();
    for (const id of ["verify-browser", "verify-commitment", "verify-hash"]) {
      assert.equal(await fan.getByTestId(id).getAttribute("data-ok"), "true", id);
    }

    // The same replay without the code is refused, as the match itself would be.
    const stranger = await newPlayer(browser, server, "stranger");
    await stranger.goto(`${server.url}#/replay/${matchId}`);
    const refused = stranger.getByRole("alert").filter({ hasText: "is private" });
    await refused.waitFor();
    assert.doesNotMatch(await refused.innerText(), /BAD_INVITE/, "the refusal in words, not its wire code");
    assert.deepEqual([...mahdist.errors, ...empire.errors, ...fan.errors, ...stranger.errors], []);
  }));
