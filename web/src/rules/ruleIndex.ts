// The rule texts of a game, by rule number, as scripts/gen-rules.mjs indexes them out of
// docs/rulebooks/ into public/data/rules-<game>.json. Fetched once per page and game.
import { useEffect, useState } from "preact/hooks";

// A number the book uses in several places (a scenario's own 1.0) keeps each, the main rule first.
export interface RulePlace {
  title: string;
  text: string;
}
export type RuleIndex = Record<string, RulePlace[]>;

const loads = new Map<string, Promise<RuleIndex>>();

function load(game: string): Promise<RuleIndex> {
  let pending = loads.get(game);
  if (!pending) {
    pending = fetch(new URL(`data/rules-${game}.json`, document.baseURI)).then((response) => {
      if (!response.ok) throw new Error(`data/rules-${game}.json: HTTP ${response.status}`);
      return response.json() as Promise<RuleIndex>;
    });
    // A failed fetch is not cached, so that the next page tries again.
    pending.catch(() => loads.delete(game));
    loads.set(game, pending);
  }
  return pending;
}

// The game's index, or undefined while it loads or for a game without a rulebook here.
export function useRuleIndex(game: string): RuleIndex | undefined {
  const [index, setIndex] = useState<RuleIndex | undefined>(undefined);
  useEffect(() => {
    let live = true;
    setIndex(undefined);
    load(game).then(
      (i) => live && setIndex(i),
      () => undefined,  // no rulebook: the numbers stay plain text
    );
    return () => {
      live = false;
    };
  }, [game]);
  return index;
}

// Rule numbers as the texts cite them: "(13.3)", "29.17,", "6.6)", "14.71". Not part of a longer
// number ("1883.5", "2.0.1") nor of a word.
export const ruleNumber = /(?<![\w.])(\d{1,2}\.\d{1,2})(?![\w]|\.\d)/g;
