// When one click on the board matches several legal choices (move there, or attack there), the
// player says which.
import type { LegalChoice } from "../gen/game_pb";
import { useFocusOnShow } from "../app/useFocusOnShow";

// The question takes the focus as it opens; Escape cancels it.
export function ChoiceChooser(props: { choices: LegalChoice[]; onPick: (c: LegalChoice) => void; onCancel: () => void }) {
  const dialog = useFocusOnShow<HTMLDivElement>();
  return (
    <div class="chooser" role="dialog" aria-label="Which do you mean?" tabIndex={-1} ref={dialog}
      onKeyDown={(e) => e.key === "Escape" && props.onCancel()}>
      <p>Which do you mean?</p>
      {props.choices.map((c, i) => (
        <button type="button" key={i} class="choice" onClick={() => props.onPick(c)}>{c.label}</button>
      ))}
      <button type="button" onClick={props.onCancel}>Cancel</button>
    </div>
  );
}
