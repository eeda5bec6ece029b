// The seat's prompts: what is asked (with the rule it cites) and a button for every legal choice
// that is not a place or unit on the board (those are clicked on the board itself).
import type { LegalChoice, Prompt } from "../gen/game_pb";
import { RuleText } from "../rules/RuleLinks";

export function PromptPanel(props: { prompts: Prompt[]; onChoose: (choice: LegalChoice) => void }) {
  if (props.prompts.length === 0) return <section class="prompt idle" aria-live="polite"><p>Nothing for you to do now.</p></section>;
  return (
    <section class="prompt" aria-live="polite" aria-label="Your decision">
      {props.prompts.map((p, i) => {
        const buttons = p.choices.filter((c) => c.refs.length === 0);
        const onBoard = p.choices.length - buttons.length;
        return (
          <div key={i} data-prompt={p.kind}>
            <p class="prompt-text"><RuleText text={p.text} /></p>
            {onBoard > 0 && <p class="hint">{onBoard} choice{onBoard === 1 ? "" : "s"} on the board (highlighted).</p>}
            <div class="choices">
              {buttons.map((c, j) => (
                <button type="button" key={j} class="choice" onClick={() => props.onChoose(c)}>
                  {c.label}
                </button>
              ))}
            </div>
          </div>
        );
      })}
    </section>
  );
}
