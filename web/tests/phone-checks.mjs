// What a page must be on a phone (390 x 844 CSS pixels), checked by tests/phone.test.mjs over
// every page and by the battle tests over their panels: it does not scroll sideways, and
// everything to tap is at least 40 x 40 pixels.
import assert from "node:assert/strict";
import { PHONE } from "./harness.mjs";

const MIN_TAP = 40;

// The page does not scroll sideways. (A phone browser zooms out to show a page wider than the
// screen, which widens innerWidth as well: the page is measured against the phone's own width.)
export async function assertNoSideScroll(page, where) {
  const { scroll, inner, wide } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    inner: innerWidth,
    // What sticks out, to say what to fix.
    wide: [...document.querySelectorAll("body *")]
      .filter((el) => el.getBoundingClientRect().right > 390.5 && !el.closest("svg"))
      .slice(0, 5).map((el) => `${el.tagName.toLowerCase()}.${el.className} ${Math.round(el.getBoundingClientRect().right)}`),
  }));
  const screen = PHONE.viewport.width;
  assert.ok(scroll <= screen && inner === screen,
    `${where}: the page is ${scroll} px wide (${inner} px shown) on a ${screen} px screen (${wide.join(", ")})`);
}

// Every visible control and every highlighted thing on the board is at least 40 x 40. A checkbox
// is tapped by its label; a link inside a sentence (a rule number) is text, not a target.
export async function assertTapTargets(page, where) {
  const small = await page.evaluate((min) => {
    const shown = (el) => {
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return r.width > 0 && r.height > 0 && style.visibility !== "hidden";
    };
    const inText = (el) => {
      const p = el.parentElement?.closest("p, dd, li");
      return p !== null && p !== undefined && el.closest(".prompt .choices, nav") === null &&
        p.textContent.trim().length > el.textContent.trim().length;
    };
    const found = [];
    const controls = document.querySelectorAll("button, a[href], select, input:not([type=hidden]), textarea, .board-area .choosable");
    for (const el of controls) {
      if (!shown(el)) continue;
      // A rule number is a reference in the text, as a footnote is.
      if (el.matches("button.rule-link") || (el.matches("a") && inText(el))) continue;
      let target = el;
      if (el.matches("input[type=checkbox], input[type=radio]")) target = el.closest("label") ?? el;
      const r = target.getBoundingClientRect();
      if (r.width < min - 0.5 || r.height < min - 0.5) {
        const name = (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 30);
        found.push(`${el.tagName.toLowerCase()}${el.getAttribute("data-ref") ? `[${el.getAttribute("data-ref")}]` : ""} "${name}" ${r.width.toFixed(0)}x${r.height.toFixed(0)}`);
      }
    }
    return found;
  }, MIN_TAP);
  assert.deepEqual(small, [], `${where}: targets smaller than ${MIN_TAP} px`);
}

export async function assertPhoneFriendly(page, where) {
  await assertNoSideScroll(page, where);
  await assertTapTargets(page, where);
}

