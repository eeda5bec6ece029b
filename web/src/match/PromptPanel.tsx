// The seat's prompts: what is asked (with the rule it cites) and a button for every legal choice
// that is not a place or unit on the board (those are clicked on the board itself). Where the
// game has no board of its own (the generic board, or no view to draw), nothing is clicked on
// the picture, so every choice is a button. With nothing to decide, the panel says who is to
// play; while the computer thinks it says so, with its moves as they arrive.
import type { ComponentChildren } from "preact";
import type { LegalChoice, Prompt } from "../gen/game_pb";
import { RuleText } from "../rules/RuleLinks";
import { plural } from "../app/plural";
import { refKey } from "../boards/board";

// Several choices naming one thing ("Play K-07", "Hold K-07") are one spot on the board, which
// would only ask "Which do you mean?"; choices naming only things off the map (a unit in a box,
// a card: chips among the tracks, perhaps below the screen's edge) are not "on the board" to a
// player looking at the map. Both are buttons as well, as long as they are few.
const kMaxExtraButtons = 12;

// The choices of `prompt` shown as buttons, and how many are left to the board alone. `onMap`:
// the refs the map itself draws (all of them when not given).
export function promptButtons(prompt: Prompt, onBoard: boolean, onMap?: ReadonlySet<string>): { buttons: LegalChoice[]; onBoard: number } {
  if (!onBoard) return { buttons: prompt.choices, onBoard: 0 };
  const naming = new Map<string, number>();
  for (const c of prompt.choices) for (const r of c.refs) naming.set(refKey(r.type, r.id), (naming.get(refKey(r.type, r.id)) ?? 0) + 1);
  const shared = (c: LegalChoice) => c.refs.some((r) => (naming.get(refKey(r.type, r.id)) ?? 0) > 1);
  const offMap = (c: LegalChoice) => onMap !== undefined && c.refs.every((r) => !onMap.has(refKey(r.type, r.id)));
  const extra = (c: LegalChoice) => c.refs.length > 0 && (shared(c) || offMap(c));
  const extraCount = prompt.choices.filter(extra).length;
  const asButton = (c: LegalChoice) => c.refs.length === 0 || (extraCount <= kMaxExtraButtons && extra(c));
  const buttons = prompt.choices.filter(asButton);
  return { buttons, onBoard: prompt.choices.filter((c) => !asButton(c)).length };
}

// What the page shows while the seat has nothing to decide: whether the computer is the one
// to play, and the latest line of the log (its moves arriving).
export interface Waiting {
  computer: boolean;
  toPlay: string;  // "Empire to play", "" when nobody is
  latest?: string;
}

interface Props {
  prompts: Prompt[];
  refsOnBoard: boolean;  // whether the board draws what choices refer to (a game's own board does)
  onMap?: ReadonlySet<string>;  // the refs its map draws (promptButtons)
  onChoose: (choice: LegalChoice) => void;
  waiting?: Waiting;
  children?: ComponentChildren;  // more buttons about the decision (Undo)
}

export function IdlePrompt({ waiting, children }: { waiting?: Waiting; children?: ComponentChildren }) {
  return (
    <section class="prompt idle" aria-label="Your decision">
      <p role="status" data-testid="prompt-idle">
        {waiting?.computer ? "The computer is thinking…" : `Nothing for you to do now${waiting?.toPlay ? `: ${waiting.toPlay}` : ""}.`}
      </p>
      {waiting?.latest && (
        <p class="latest-move" aria-live="polite" data-testid="latest-move">
          <span class="muted">Last move:</span> <RuleText text={waiting.latest} />
        </p>
      )}
      {children}
    </section>
  );
}

export function PromptPanel(props: Props) {
  if (props.prompts.length === 0) return <IdlePrompt waiting={props.waiting}>{props.children}</IdlePrompt>;
  return (
    <section class="prompt" aria-live="polite" aria-label="Your decision">
      {props.prompts.map((p, i) => {
        const { buttons, onBoard } = promptButtons(p, props.refsOnBoard, props.onMap);
        return (
          <div key={i} data-prompt={p.kind}>
            <p class="prompt-text"><RuleText text={p.text} /></p>
            {onBoard > 0 && <p class="hint">{plural(onBoard, "choice")} on the board (highlighted).</p>}
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
      {props.children}
    </section>
  );
}
