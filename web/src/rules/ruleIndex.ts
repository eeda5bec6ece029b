// The rule texts of a game, by rule number, as scripts/gen-rules.mjs indexes them out of
// docs/rulebooks/ into public/data/: rules-<game>-titles.json holds each number's titles (what a
// page needs to draw its links, a few KB), rules-<game>.json the texts as well (up to 220 KB), which
// are fetched only when a link is first opened. Each file is fetched once per page.
import { useEffect, useState } from "preact/hooks";

// A number the book uses in several places (a scenario's own 1.0) keeps each, the main rule first.
export interface RulePlace {
  title: string;
  text: string;
}
export type RuleIndex = Record<string, RulePlace[]>;
export type RuleTitles = Record<string, string[]>;

const loads = new Map<string, Promise<unknown>>();

function load<T>(file: string): Promise<T> {
  let pending = loads.get(file);
  if (!pending) {
    pending = fetch(new URL(`data/${file}`, document.baseURI)).then((response) => {
      if (!response.ok) throw new Error(`data/${file}: HTTP ${response.status}`);
      return response.json() as Promise<T>;
    });
    // A failed fetch is not cached, so that the next page tries again.
    pending.catch(() => loads.delete(file));
    loads.set(file, pending);
  }
  return pending as Promise<T>;
}

// The game's rule numbers and titles, or undefined while they load or for a game without a
// rulebook here.
export function useRuleTitles(game: string): RuleTitles | undefined {
  const [titles, setTitles] = useState<RuleTitles | undefined>(undefined);
  useEffect(() => {
    let live = true;
    setTitles(undefined);
    load<RuleTitles>(`rules-${game}-titles.json`).then(
      (t) => live && setTitles(t),
      () => undefined,  // no rulebook: the numbers stay plain text
    );
    return () => {
      live = false;
    };
  }, [game]);
  return titles;
}

// The game's rule texts (fetched on the first call).
export function loadRuleTexts(game: string): Promise<RuleIndex> {
  return load<RuleIndex>(`rules-${game}.json`);
}

// Rule numbers as the texts cite them: "(13.3)", "29.17,", "6.6)", "14.71". Not part of a longer
// number ("1883.5", "2.0.1") nor of a word.
export const ruleNumber = /(?<![\w.])(\d{1,2}\.\d{1,2})(?![\w]|\.\d)/g;
