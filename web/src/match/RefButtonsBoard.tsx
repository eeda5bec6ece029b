// Stand-in for the game boards: every place or unit a legal choice refers to, as a button with
// the board contract's data-ref, so a match can be played by clicking before the drawings exist.
import { choicesByRef, type BoardProps } from "../boards/board";

export function RefButtonsBoard(props: BoardProps) {
  const byRef = [...choicesByRef(props.choices).entries()];
  return (
    <div class="ref-board" data-board={props.view.game.case ?? "none"}>
      {byRef.length === 0 ? (
        <p class="muted">Nothing to choose on the board.</p>
      ) : (
        byRef.map(([key, choices]) => (
          <button type="button" key={key} data-ref={key} onClick={() => props.onChoose(choices)}>
            {key}
          </button>
        ))
      )}
    </div>
  );
}
