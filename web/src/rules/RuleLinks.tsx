// Rule numbers cited anywhere on a match page (prompts, log lines, panels, errors) become links
// that show the rule's text: <RuleLinks game> holds the game's index and the open rule, <RuleText>
// renders a text with its cited numbers as links. Outside a <RuleLinks> text stays plain. The links
// need only the numbers and titles; a rule's text is fetched when the first link is opened.
import type { ComponentChildren } from "preact";
import { createContext } from "preact";
import { useContext, useEffect, useMemo, useState } from "preact/hooks";
import { loadRuleTexts, ruleNumber, useRuleTitles, type RulePlace, type RuleTitles } from "./ruleIndex";
import { useFocusOnShow } from "../app/useFocusOnShow";

interface Rules {
  index?: RuleTitles;
  open: (number: string) => void;
}

const RulesContext = createContext<Rules>({ open: () => undefined });

export function RuleLinks({ game, children }: { game: string; children: ComponentChildren }) {
  const index = useRuleTitles(game);
  const [shown, setShown] = useState<string | null>(null);
  // The same value until the titles arrive: the texts under it are not drawn again for nothing.
  const rules = useMemo(() => ({ index, open: setShown }), [index]);
  return (
    <RulesContext.Provider value={rules}>
      {children}
      {shown && index?.[shown] && (
        <RuleDialog game={game} number={shown} titles={index[shown]} onClose={() => setShown(null)} />
      )}
    </RulesContext.Provider>
  );
}

// `text` with every rule number the game's rulebook has as a link; other numbers stay text.
export function RuleText({ text }: { text: string }) {
  const { index } = useContext(RulesContext);
  if (!index) return <>{text}</>;
  const parts: ComponentChildren[] = [];
  let last = 0;
  for (const m of text.matchAll(ruleNumber)) {
    if (!index[m[1]]) continue;
    parts.push(text.slice(last, m.index), <RuleLink key={m.index} number={m[1]} />);
    last = m.index + m[1].length;
  }
  parts.push(text.slice(last));
  return <>{parts}</>;
}

// Only the links of the rules `text` cites (a panel row's "29.1" or "4.2: turn 1 only").
export function RuleRefs({ text }: { text: string }) {
  const { index } = useContext(RulesContext);
  if (!index) return null;
  const cited = [...text.matchAll(ruleNumber)].map((m) => m[1]).filter((n) => index[n]);
  return <>{cited.map((n) => <RuleLink key={n} number={n} />)}</>;
}

// Named in words for a screen reader ("rule 29.11: Nile flood"), not as a bare number.
function RuleLink({ number }: { number: string }) {
  const { index, open } = useContext(RulesContext);
  const name = `rule ${number}: ${index?.[number]?.[0] ?? ""}`;
  return (
    <button type="button" class="rule-link" data-rule={number} title={name} aria-label={name}
      onClick={(e) => {
        e.stopPropagation();  // a rule cited inside a clickable thing opens the rule only
        open(number);
      }}>
      {number}
    </button>
  );
}

// The rule's text, fetched with the game's other texts when the first rule is opened.
function useRuleText(game: string, number: string): { places?: RulePlace[]; error?: string } {
  const [state, setState] = useState<{ places?: RulePlace[]; error?: string }>({});
  useEffect(() => {
    let live = true;
    loadRuleTexts(game).then(
      (texts) => live && setState({ places: texts[number] ?? [] }),
      (e: unknown) => live && setState({ error: String(e) }),
    );
    return () => {
      live = false;
    };
  }, [game, number]);
  return state;
}

function RuleDialog({ game, number, titles, onClose }: { game: string; number: string; titles: string[]; onClose: () => void }) {
  const { places, error } = useRuleText(game, number);
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && onClose();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onClose]);
  const close = useFocusOnShow<HTMLButtonElement>();
  return (
    <div class="popover rule-dialog" role="dialog" aria-label={`Rule ${number}`} data-rule={number}>
      <header>
        <h2>{number} {titles[0]}</h2>
        <button type="button" onClick={onClose} ref={close}>Close</button>
      </header>
      {!places && <p class="muted" role="status">{error ? `The rule's text cannot be loaded: ${error}` : "Loading…"}</p>}
      {places?.map((p, i) => (
        <div key={i}>
          {i > 0 && <h3>Also numbered {number}: {p.title}</h3>}
          <pre class="rule-text">{p.text}</pre>
        </div>
      ))}
    </div>
  );
}
