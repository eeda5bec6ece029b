// When one click on the board matches several legal choices (move there, or attack there), the
// player says which.
import type { LegalChoice } from "../gen/game_pb";

export function ChoiceChooser(props: { choices: LegalChoice[]; onPick: (c: LegalChoice) => void; onCancel: () => void }) {
  return (
    <div class="chooser" role="dialog" aria-label="Which do you mean?">
      <p>Which do you mean?</p>
      {props.choices.map((c, i) => (
        <button type="button" key={i} class="choice" onClick={() => props.onPick(c)}>{c.label}</button>
      ))}
      <button type="button" onClick={props.onCancel}>Cancel</button>
    </div>
  );
}
