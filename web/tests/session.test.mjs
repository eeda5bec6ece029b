// The session lives in an HttpOnly, SameSite=Strict cookie set by frontierd: a reload keeps the
// player logged in, page scripts (and so other sites) cannot read it, and logging out ends it.
import { test } from "node:test";
import assert from "node:assert/strict";
import { newPlayerPage, registerUser, uniqueName, withFrontier } from "./harness.mjs";

test("a reload keeps the session; the cookie is HttpOnly and SameSite=Strict; log out ends it", () =>
  withFrontier(async (server, browser) => {
    const page = await newPlayerPage(browser);
    const name = uniqueName("reload");
    await registerUser(page, server.url, name);

    const cookies = await page.context().cookies(server.url);
    assert.ok(cookies.length > 0, "the server set a session cookie");
    for (const cookie of cookies) {
      assert.equal(cookie.httpOnly, true, `${cookie.name} is HttpOnly`);
      assert.equal(cookie.sameSite, "Strict", `${cookie.name} is SameSite=Strict`);
    }
    const visible = await page.evaluate(() => document.cookie);
    for (const cookie of cookies) assert.ok(!visible.includes(cookie.value), "scripts cannot read the session");
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }));
    assert.ok(!/[0-9a-f]{64}/.test(stored), "no token is kept in web storage");

    await page.reload();
    await page.getByTestId("user-name").filter({ hasText: name }).waitFor();
    await page.getByRole("heading", { name: "Lobby" }).waitFor();

    await page.getByRole("button", { name: "Log out" }).click();
    await page.getByRole("link", { name: "Log in or register" }).waitFor();
    await page.reload();
    await page.getByRole("button", { name: "Register" }).waitFor();
    assert.equal(await page.getByTestId("user-name").count(), 0, "logged out after the reload");
    assert.deepEqual(page.errors, []);
  }));
