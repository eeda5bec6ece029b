// The automated accessibility check of the browser tests (WCAG 2.1 AA as the yardstick, issue 49):
// axe-core (npm, web/package.json) is run inside the page as it stands, and a page passes when it
// has no serious or critical violation. axe's source is evaluated through the DevTools protocol,
// which the page's Content-Security-Policy (no inline scripts) does not govern, so the page is
// tested as served.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

// The serious and critical violations on `page` now, one line each with where they are.
export async function seriousViolations(page) {
  if (!(await page.evaluate(() => typeof window.axe === "object"))) await page.evaluate(axeSource);
  return page.evaluate(async (tags) => {
    const result = await window.axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return result.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id} (${v.impact}, ${v.nodes.length}×): ${v.help} — ${v.nodes.slice(0, 3)
        .map((n) => `${n.target.join(" ")}${n.failureSummary ? ` [${n.failureSummary.split("\n").slice(1, 2).join("").trim()}]` : ""}`)
        .join("; ")}`);
  }, TAGS);
}

export async function assertAccessible(page, where) {
  assert.deepEqual(await seriousViolations(page), [], `${where}: accessibility violations (axe-core)`);
}
