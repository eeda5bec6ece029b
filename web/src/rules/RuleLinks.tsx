// Rule numbers cited anywhere on a match page (prompts, log lines, panels, errors) become links
// that show the rule's text: <RuleLinks game> holds the game's index and the open rule, <RuleText>
// renders a text with its cited numbers as links. Outside a <RuleLinks> text stays plain.
import type { ComponentChildren } from "preact";
import { createContext } from "preact";
import { useContext, useEffect, useState } from "preact/hooks";
import { ruleNumber, useRuleIndex, type RuleIndex } from "./ruleIndex";
import { useFocusOnShow } from "../app/useFocusOnShow";

interface Rules {
  index?: RuleIndex;
  open: (number: string) => void;
}

const RulesContext = createContext<Rules>({ open: () => undefined });

export function RuleLinks({ game, children }: { game: string; children: ComponentChildren }) {
  const index = useRuleIndex(game);
  const [shown, setShown] = useState<string | null>(null);
  return (
    <RulesContext.Provider value={{ index, open: setShown }}>
      {children}
      {shown && index?.[shown] && <RuleDialog number={shown} places={index[shown]} onClose={() => setShown(null)} />}
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
  const name = `rule ${number}: ${index?.[number]?.[0].title ?? ""}`;
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

function RuleDialog({ number, places, onClose }: { number: string; places: { title: string; text: string }[]; onClose: () => void }) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => e.key === "Escape" && onClose();
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [onClose]);
  const close = useFocusOnShow<HTMLButtonElement>();
  return (
    <div class="popover rule-dialog" role="dialog" aria-label={`Rule ${number}`} data-rule={number}>
      <header>
        <h2>{number} {places[0].title}</h2>
        <button type="button" onClick={onClose} ref={close}>Close</button>
      </header>
      {places.map((p, i) => (
        <div key={i}>
          {i > 0 && <h3>Also numbered {number}: {p.title}</h3>}
          <pre class="rule-text">{p.text}</pre>
        </div>
      ))}
    </div>
  );
}
