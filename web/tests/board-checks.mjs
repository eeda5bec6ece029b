// Checks of what a board shows, shared by the game tests: the things a legal choice names are
// highlighted (and nothing else is), counters are big enough to read, and the tracks on the
// map agree with the view. Each check reads the page as a person sees it (classes, computed
// styles, boxes on screen) against the seat's own latest update.
import assert from "node:assert/strict";
import { lastUpdate } from "./harness.mjs";

// The size the boards are judged at: a common laptop screen.
export const VIEWPORT = { width: 1280, height: 800 };

// The data-ref keys the page's prompts name ("space:khartoum", ...).
async function namedRefs(page) {
  const update = await lastUpdate(page);
  const keys = new Set();
  for (const prompt of update.prompts ?? []) {
    for (const choice of prompt.choices ?? []) {
      for (const ref of choice.refs ?? []) keys.add(`${ref.type}:${ref.id}`);
    }
  }
  return keys;
}

// Every board element a choice names carries the highlight and no other does; where the
// board draws a highlight ring for it, the ring shows, thick, in the highlight colour.
// Returns how many highlighted elements were seen.
export async function assertTargetsHighlighted(page) {
  const named = await namedRefs(page);
  const shown = await page.evaluate(() =>
    [...document.querySelectorAll(".board-area [data-ref]")].map((el) => {
      const ring = el.querySelector(":scope > .target-ring");
      const style = ring ? getComputedStyle(ring) : null;
      return {
        key: el.getAttribute("data-ref"),
        choosable: el.classList.contains("choosable"),
        ring: style && { display: style.display, width: parseFloat(style.strokeWidth), stroke: style.stroke },
      };
    }),
  );
  let highlighted = 0;
  for (const el of shown) {
    assert.equal(el.choosable, named.has(el.key), `${el.key} is highlighted iff a choice names it`);
    if (!el.ring) continue;
    if (el.choosable) {
      highlighted += 1;
      assert.notEqual(el.ring.display, "none", `the ring of ${el.key} shows`);
      assert.ok(el.ring.width >= 4, `the ring of ${el.key} is thick (${el.ring.width})`);
      // Yellow, or orange under the pointer or the keyboard focus.
      assert.ok(["rgb(255, 210, 31)", "rgb(255, 77, 0)"].includes(el.ring.stroke),
        `the ring of ${el.key} is in the highlight colour (${el.ring.stroke})`);
    } else {
      assert.equal(el.ring.display, "none", `${el.key} shows no ring`);
    }
  }
  for (const key of named) {
    assert.ok(shown.some((el) => el.key === key), `${key}, named by a choice, is on the page`);
  }
  return highlighted;
}

// The on-screen boxes of the map's counters at the page's current size (the map as it opens,
// not zoomed): each at least `min` pixels wide and high.
export async function assertCountersAtLeast(page, selector, min = 24) {
  const boxes = await page.evaluate(
    (sel) => [...document.querySelectorAll(sel)].map((el) => {
      const face = el.querySelector(".counter-face") ?? el;
      const r = face.getBoundingClientRect();
      return { key: el.getAttribute("data-ref"), w: r.width, h: r.height };
    }),
    selector,
  );
  assert.ok(boxes.length > 0, `there are counters (${selector})`);
  for (const b of boxes) {
    assert.ok(b.w >= min && b.h >= min, `${b.key} is ${b.w.toFixed(1)} x ${b.h.toFixed(1)} px, at least ${min}`);
  }
  return boxes;
}

// The names written on a map (`labels`, a selector) as they show on screen: no two boxes
// intersect, and none crosses any of `obstacles` (a selector: counters, place marks). A label's
// box is its font's full height (getBoundingClientRect of the text), so two names that merely
// come close pass and two that would print over each other fail. Touching edges (within
// `slack` pixels) are not an intersection. Returns how many labels were measured.
export async function assertLabelsClear(page, labels, obstacles = null, slack = 0.5) {
  const found = await page.evaluate(([labelSel, obstacleSel]) => {
    const box = (el) => {
      const r = el.getBoundingClientRect();
      return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    };
    // An obstacle is named for the message by the data-ref of what it belongs to, else by its
    // class and the text of its group (a city's dot by the city's name).
    const name = (el) => el.closest("[data-ref]")?.getAttribute("data-ref") ??
      `${el.getAttribute("class") ?? el.tagName} of "${el.parentElement?.textContent.trim().slice(0, 30)}"`;
    const shown = (el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden";
    return {
      labels: [...document.querySelectorAll(labelSel)].filter(shown).map((el) => ({ name: el.textContent.trim(), ...box(el) })),
      obstacles: obstacleSel ? [...document.querySelectorAll(obstacleSel)].filter(shown).map((el) => ({ name: name(el), ...box(el) })) : [],
    };
  }, [labels, obstacles]);
  const cross = (a, b) =>
    Math.min(a.right, b.right) - Math.max(a.left, b.left) > slack && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > slack;
  const where = (a) => `[${a.left.toFixed(0)},${a.top.toFixed(0)} ${a.right.toFixed(0)},${a.bottom.toFixed(0)}]`;
  const clashes = [];
  found.labels.forEach((a, i) => {
    for (const b of found.labels.slice(i + 1)) if (cross(a, b)) clashes.push(`"${a.name}" ${where(a)} and "${b.name}" ${where(b)}`);
    for (const b of found.obstacles) if (cross(a, b)) clashes.push(`"${a.name}" ${where(a)} and ${b.name} ${where(b)}`);
  });
  assert.ok(found.labels.length > 0, `there are labels (${labels})`);
  assert.deepEqual(clashes, [], `names on the map print over each other or over ${obstacles}`);
  return found.labels.length;
}
