// Browser notifications: turned on from Settings (permission asked there), raised for a match
// the player is not looking at, never for the match on screen.
import { test } from "node:test";
import assert from "node:assert/strict";
import {
  clickFirstChoice, lastUpdate, newPlayer, startPublicMatch, waitForSeq, withFrontier,
} from "./harness.mjs";

// Records the notifications a page raises instead of showing them (headless has no desktop).
function recordNotifications() {
  window.__shown = [];
  window.Notification = class {
    static permission = "default";
    static async requestPermission() {
      this.permission = "granted";
      return "granted";
    }
    constructor(title, options) {
      window.__shown.push({ title, body: options?.body ?? "" });
      window.__notifications = [...(window.__notifications ?? []), this];
      this.closed = false;
    }
    close() {
      this.closed = true;
    }
  };
}

test("a browser notification is raised for your turn elsewhere, not for the match on screen", () =>
  withFrontier(async (server, browser) => {
    const mahdistPage = await newPlayer(browser, server, "mahdi");
    const empirePage = await newPlayer(browser, server, "gordon", { initScript: recordNotifications });

    await empirePage.getByRole("link", { name: "Settings" }).click();
    await empirePage.getByRole("button", { name: "Turn on browser notifications" }).click();
    await empirePage.getByRole("button", { name: "Turn off browser notifications" }).waitFor();

    // The Empire joins from the lobby and looks at the match: nothing is raised for it.
    await startPublicMatch(mahdistPage, empirePage, "khartoum", ["Mahdist", "Empire"]);
    const playUntilEmpireMoves = async () => {
      for (let i = 0; i < 60 && !((await lastUpdate(empirePage)).prompts ?? []).length; i++) {
        await clickFirstChoice(mahdistPage);
        await waitForSeq(empirePage, (await lastUpdate(mahdistPage)).seq);
      }
      assert.ok(((await lastUpdate(empirePage)).prompts ?? []).length, "the Empire gets a turn");
    };
    await playUntilEmpireMoves();
    assert.deepEqual(await empirePage.evaluate(() => window.__shown), [], "none for the match on screen");

    // The Empire plays until it is the Mahdist's turn again, then goes to the lobby.
    for (let i = 0; i < 60 && ((await lastUpdate(empirePage)).prompts ?? []).length; i++) {
      await clickFirstChoice(empirePage);
    }
    await empirePage.getByRole("link", { name: "Lobby" }).click();
    await empirePage.getByRole("heading", { name: "Lobby" }).waitFor();
    for (let i = 0; i < 60; i++) {
      const u = await lastUpdate(mahdistPage);
      if (!(u.prompts ?? []).length) break;
      await clickFirstChoice(mahdistPage);
    }
    await empirePage.waitForFunction(() => window.__shown.length > 0);
    const [first] = await empirePage.evaluate(() => window.__shown);
    assert.equal(first.title, "Frontier");
    assert.ok(first.body.length > 0, "the notification says what happened");

    // Clicking it (as the desktop would: onclick on the notification) opens that match.
    const matchId = (await lastUpdate(mahdistPage)).matchId;
    await empirePage.evaluate(() => window.__notifications[0].onclick(new Event("click")));
    await empirePage.getByTestId("your-side").filter({ hasText: "You play Empire." }).waitFor();
    assert.equal(await empirePage.evaluate(() => location.hash), `#/match/${matchId}`);
    assert.equal(await empirePage.evaluate(() => window.__notifications[0].closed), true, "and goes away");
  }));
