// The replay's controls: to the set-up or the end, one event or one whole turn back or forward,
// a slider over every position, and (once the match is over) whose view to see. The keys of
// useStepKeys do the same from anywhere on the page.
import type { SeatInfo } from "../gen/wire_pb";
import type { Steps } from "./useStepKeys";

interface Props {
  seq: number;
  last: number;
  steps: Steps;
  onSeek: (seq: number) => void;
  // Whose view: -1 the spectators'; the choice is offered once the match is over.
  seat: number;
  seats: readonly SeatInfo[] | null;
  onSeat: (seat: number) => void;
}

export function ReplayControls({ seq, last, steps, onSeek, seat, seats, onSeat }: Props) {
  const atStart = seq === 0;
  const atEnd = seq >= last;
  return (
    <div class="replay-controls" role="group" aria-label="Step through the match">
      <button type="button" onClick={steps.first} disabled={atStart}>First</button>
      <button type="button" onClick={() => steps.turn(-1)} disabled={atStart}>One turn back</button>
      <button type="button" onClick={() => steps.event(-1)} disabled={atStart}>Previous</button>
      <span data-testid="replay-position">Event {seq} of {last}</span>
      <button type="button" onClick={() => steps.event(1)} disabled={atEnd}>Next</button>
      <button type="button" onClick={() => steps.turn(1)} disabled={atEnd}>One turn forward</button>
      <button type="button" onClick={steps.last} disabled={atEnd}>Last</button>
      <input type="range" class="replay-slider" aria-label="Position in the match" min={0} max={last} value={seq}
        onInput={(e) => onSeek(Number(e.currentTarget.value))} />
      {seats && (
        <label>
          Seen by
          <select name="seat" value={seat} onChange={(e) => onSeat(Number(e.currentTarget.value))}>
            <option value={-1}>Spectators</option>
            {seats.map((s) => (
              <option key={s.seat} value={s.seat}>{s.side}</option>
            ))}
          </select>
        </label>
      )}
      <p class="hint">Keys: ← → one event; Shift+← →, ↑ ↓ or Page Up/Down one turn; Home and End the start and the end.</p>
    </div>
  );
}
