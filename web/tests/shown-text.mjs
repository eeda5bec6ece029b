// What a person can read on a page, and the internal ids that must not be part of it: a machine
// name in snake_case ("move_step", "wadi_halfa", "lion_cub") or a seat called "Side A"/"Side B"
// instead of the game's side name.

// Every text the page shows or speaks: the rendered text, every option of every select (the
// closed ones too), tooltips (title attributes and SVG <title>s), labels for screen readers and
// placeholders. data-* attributes, ids and classes are for the code, not for the reader.
export function shownText(page) {
  return page.evaluate(() => {
    const parts = [document.body.innerText];
    for (const el of document.querySelectorAll("[title], [aria-label], [placeholder], [alt]")) {
      for (const name of ["title", "aria-label", "placeholder", "alt"]) {
        const value = el.getAttribute(name);
        if (value) parts.push(value);
      }
    }
    for (const el of document.querySelectorAll("svg title, option")) parts.push(el.textContent ?? "");
    return parts.join("\n");
  });
}

// A square named by grid coordinates ("square 28,22", "rows 21-27, columns 21-27") in `text`, with
// a little of the text around it; null when there is none (issue 49: Crossroads names places).
export function gridCoordinates(text) {
  return text.match(/.{0,40}(?:square \d+,\s?\d+|rows \d+|columns \d+).{0,40}/)?.[0] ?? null;
}

const INTERNAL_IDS = [
  { what: "a snake_case id", pattern: /\b[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+\b/g },
  { what: "a seat letter", pattern: /\b[Ss]ides? [AB]\b/g },
];

// The internal ids in `text`: { id, line } with a little of the text around each.
export function internalIds(text) {
  const found = [];
  for (const { what, pattern } of INTERNAL_IDS) {
    for (const m of text.matchAll(pattern)) {
      const around = text.slice(Math.max(0, m.index - 40), m.index + m[0].length + 40).replace(/\s+/g, " ");
      found.push({ id: m[0], line: `${what} "${m[0]}" in "…${around}…"` });
    }
  }
  return found;
}

// Collects the ids the visited pages show, each id once with the first place it was seen, so
// that one run lists them all.
export class IdCollector {
  constructor() {
    this.found = new Map();
  }

  async check(page, where) {
    for (const { id, line } of internalIds(await shownText(page))) {
      if (!this.found.has(id)) this.found.set(id, `${where}: ${line}`);
    }
  }

  report() {
    return [...this.found.values()];
  }
}
