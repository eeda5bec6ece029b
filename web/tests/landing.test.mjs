// The front page: a visitor who is not logged in learns what Frontier is, sees the server's
// games with a line each and how to start, in plain words; logging in leads to the lobby, and a
// logged-in player opening the site goes to the lobby as before.
import { test } from "node:test";
import assert from "node:assert/strict";
import { newPlayerPage, registerUser, uniqueName, withFrontier } from "./harness.mjs";
import { IdCollector } from "./shown-text.mjs";

test("a visitor sees the landing page with the server's games; a player goes to the lobby", () =>
  withFrontier(async (server, browser) => {
    const page = await newPlayerPage(browser);
    await page.goto(server.url);
    await page.getByRole("heading", { name: "Frontier", exact: true }).waitFor();
    const games = page.getByTestId("landing-games").locator("li");
    await games.first().waitFor();
    const listed = await games.evaluateAll((items) => items.map((li) => ({
      title: li.querySelector("strong").textContent,
      line: li.textContent.slice(li.querySelector("strong").textContent.length).replace(/^\s*—\s*/, ""),
    })));
    assert.equal(listed.length, 3, "the three games");
    for (const g of listed) assert.ok(g.line.length > 20, `a line about ${g.title}`);
    assert.match(listed.find((g) => /Lion/.test(g.title)).line, /solitaire/);
    await page.getByRole("heading", { name: "How to start" }).waitFor();
    const ids = new IdCollector();
    await ids.check(page, "landing page");
    assert.deepEqual(ids.report(), []);
    // The lobby needs an account: a visitor sent there sees the same front page.
    await page.goto(`${server.url}#/lobby`);
    await page.getByTestId("landing-games").waitFor();
    for (const name of ["Tournaments", "Ratings"]) {
      assert.equal(await page.locator(".landing").getByRole("link", { name, exact: true }).count(), 1, name);
    }

    // From the landing page to an account, and into the lobby, whose catalogue lists the same games.
    await page.goto(server.url);
    await page.getByRole("link", { name: "Register or log in" }).click();
    await page.waitForFunction(() => location.hash === "#/login");
    const name = uniqueName("visitor");
    await registerUser(page, server.url, name);
    await page.getByRole("heading", { name: "Lobby" }).waitFor();
    const catalogue = await page.locator(".catalogue dt").allTextContents();
    assert.deepEqual(catalogue, listed.map((g) => g.title), "the landing page's games are the server's");

    // A logged-in player opening the site goes to the lobby.
    await page.goto(server.url);
    await page.getByRole("heading", { name: "Lobby" }).waitFor();
    assert.equal(await page.getByTestId("landing-games").count(), 0);

    // Logged out again, the front page is back.
    await page.getByRole("button", { name: "Log out" }).click();
    await page.getByRole("link", { name: "Log in or register" }).waitFor();
    await page.goto(`${server.url}#/`);
    await page.getByTestId("landing-games").waitFor();
    assert.deepEqual(page.errors, []);
  }));
