// Builds, per game, an index from rule number ("13.3") to the rule's text out of the rulebooks in
// docs/rulebooks/, into public/data/rules-<game>.json (served as data/rules-<game>.json), so that
// the page can show the rule a prompt or a log line cites; and beside it rules-<game>-titles.json,
// the numbers and titles only (a twentieth of the size), which is all a page needs to draw its
// rule links: the texts are fetched when a link is first opened. Run by `npm run build`; not
// committed.
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const web = join(dirname(fileURLToPath(import.meta.url)), "..");
const books = join(web, "..", "docs", "rulebooks");
const out = join(web, "public", "data");

// Game id (as the server names it) -> rulebook file: docs/rulebooks/<game id>.txt, found, not listed.
const games = Object.fromEntries(
  readdirSync(books).filter((f) => f.endsWith(".txt")).sort().map((f) => [f.slice(0, -".txt".length), f]),
);

// A rule starts on a line of its own with its number: "13.3 BRT Results", "2.11 Regions. The map…",
// "[3.0] SEQUENCE OF PLAY" (the Crossroads book brackets its sections).
const heading = /^\[?(\d{1,2}\.\d{1,2})\]?(?=[\s:.)]|$)(.*)$/;
// A rule's text runs on over its own sub-rules (13.0 over 13.1…, 2.1 over 2.11…), not its siblings.
const longest = 8000;

function within(parent, number) {
  const [major, minor] = parent.split(".");
  if (minor === "0") return number.split(".")[0] === major && number !== parent;
  return number.startsWith(parent) && number.length > parent.length;
}

// "BRT Results" from "13.3 BRT Results", "Regions" from "2.11 Regions. The map is…".
function titleOf(rest) {
  const line = rest.trim().replace(/^[:.]\s*/, "");
  const stop = line.search(/[.:](\s|$)/);
  const title = stop < 0 ? line : line.slice(0, stop);
  return title.length > 80 ? `${title.slice(0, 77)}…` : title;
}

function indexOf(text) {
  const lines = text.split(/\r?\n/);
  const starts = [];
  lines.forEach((line, i) => {
    const m = heading.exec(line);
    if (m) starts.push({ number: m[1], title: titleOf(m[2]), line: i });
  });
  // number -> [{ title, text }]: a number the book uses twice (a scenario's own 1.0, 2.0…) keeps
  // every place, the first one first.
  const index = {};
  starts.forEach((start, k) => {
    let end = k + 1;
    while (end < starts.length && within(start.number, starts[end].number)) end++;
    const stopLine = end < starts.length ? starts[end].line : lines.length;
    let body = lines.slice(start.line, stopLine).join("\n").trim();
    if (body.length > longest) body = `${body.slice(0, longest)}…`;
    (index[start.number] ??= []).push({ title: start.title, text: body });
  });
  return index;
}

mkdirSync(out, { recursive: true });
for (const [game, file] of Object.entries(games)) {
  const index = indexOf(readFileSync(join(books, file), "utf8"));
  writeFileSync(join(out, `rules-${game}.json`), JSON.stringify(index));
  const titles = Object.fromEntries(Object.entries(index).map(([number, places]) => [number, places.map((p) => p.title)]));
  writeFileSync(join(out, `rules-${game}-titles.json`), JSON.stringify(titles));
}
