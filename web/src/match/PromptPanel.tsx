// The seat's prompts: what is asked (with the rule it cites) and a button for every legal choice
// that is not a place or unit on the board (those are clicked on the board itself). Where the
// game has no board of its own (the generic board, or no view to draw), nothing is clicked on
// the picture, so every choice is a button.
import type { LegalChoice, Prompt } from "../gen/game_pb";
import { RuleText } from "../rules/RuleLinks";

// The choices of `prompt` shown as buttons, and how many are left to the board.
export function promptButtons(prompt: Prompt, onBoard: boolean): { buttons: LegalChoice[]; onBoard: number } {
  const buttons = onBoard ? prompt.choices.filter((c) => c.refs.length === 0) : prompt.choices;
  return { buttons, onBoard: prompt.choices.length - buttons.length };
}

// `refsOnBoard`: whether the board draws what choices refer to (a game's own board does).
export function PromptPanel(props: { prompts: Prompt[]; refsOnBoard: boolean; onChoose: (choice: LegalChoice) => void }) {
  if (props.prompts.length === 0) return <section class="prompt idle" aria-live="polite"><p>Nothing for you to do now.</p></section>;
  return (
    <section class="prompt" aria-live="polite" aria-label="Your decision">
      {props.prompts.map((p, i) => {
        const { buttons, onBoard } = promptButtons(p, props.refsOnBoard);
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
