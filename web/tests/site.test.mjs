// What a visitor's browser fetches besides the game (issue 15): the icon, the script compressed,
// and the Tournaments page of a fresh server, which has none yet.
import { test } from "node:test";
import assert from "node:assert/strict";
import { newPlayer, withFrontier } from "./harness.mjs";

test("the icon is served, the script goes gzipped, an empty tournament list reads as empty", () =>
  withFrontier(async (server, browser) => {
    const icon = await fetch(new URL("favicon.ico", server.url));
    assert.equal(icon.status, 200);
    assert.equal(icon.headers.get("content-type"), "image/x-icon");

    // The page's own script, as the browser asked for it (node's fetch accepts gzip, and says so).
    const page = await newPlayer(browser, server, "visitor");
    const script = await page.evaluate(() => document.querySelector("script[type=module]").getAttribute("src"));
    const packed = await fetch(new URL(script, server.url), { headers: { "Accept-Encoding": "gzip" } });
    assert.equal(packed.status, 200);
    assert.equal(packed.headers.get("content-encoding"), "gzip");
    const plain = await fetch(new URL(script, server.url), { headers: { "Accept-Encoding": "identity" } });
    assert.equal(plain.headers.get("content-encoding"), null);
    const wire = Number(packed.headers.get("content-length"));
    const full = Number(plain.headers.get("content-length"));
    assert.ok(wire > 0 && wire < full / 2, `gzip sends ${wire} of ${full} bytes`);

    await page.getByRole("link", { name: "Tournaments" }).click();
    await page.getByText("No tournaments yet.").waitFor();
    assert.equal(await page.getByRole("alert").count(), 0, "no error is shown");
  }));
