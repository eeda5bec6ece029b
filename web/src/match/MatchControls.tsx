// The buttons around the game itself: take a seat, undo (beside the prompt: UndoButton),
// takeback offers and answers, abort, resign and rematch — each shown only when the server says
// it is possible.
import { MatchStatus, type MatchUpdate } from "../gen/wire_pb";
import type { RequestBody } from "../net/connection";
import type { SessionUser } from "../app/session";
import { links } from "../app/router";

export function MatchControls(props: {
  update: MatchUpdate;
  user: SessionUser | null;
  seated: boolean;
  onRequest: (body: RequestBody) => Promise<void>;
  onTakeSeat: (side: string) => Promise<void>;
}) {
  const { update, onRequest } = props;
  const matchId = update.matchId;
  const seat = update.yourSeat;
  const running = update.status === MatchStatus.RUNNING;
  const finished = update.status === MatchStatus.FINISHED;
  const offeredBy = update.takebackOfferedBy;
  const confirmThen = (question: string, body: RequestBody) => () => {
    if (window.confirm(question)) void onRequest(body);
  };
  const seatOf = (userId: bigint) => update.seats.some((s) => s.userId === userId);

  if (!props.seated) {
    const free = update.seats.filter((s) => s.userId === 0n);
    if (!props.user || update.status !== MatchStatus.OPEN || free.length === 0 || seatOf(props.user.id)) return null;
    return (
      <section class="controls" aria-label="Match controls">
        {free.map((s) => (
          <button type="button" key={s.seat} onClick={() => void props.onTakeSeat(s.side)}>Join as {s.side}</button>
        ))}
      </section>
    );
  }

  const takebackFromOpponent = running && offeredBy >= 0 && offeredBy !== seat;
  return (
    <section class="controls" aria-label="Match controls">
      {running && offeredBy < 0 && update.takebackAvailable && (
        <button type="button" onClick={() => void onRequest({ case: "offerTakeback", value: { matchId, seat } })}>
          Ask to take back my last move
        </button>
      )}
      {running && offeredBy === seat && (
        <>
          <span>You asked to take back your last move.</span>{" "}
          <button type="button" onClick={() => void onRequest({ case: "answerTakeback", value: { matchId, accept: false } })}>
            Withdraw the request
          </button>
        </>
      )}
      {takebackFromOpponent && (
        <div role="status">
          <span>Your opponent asks to take back their last move (back to event {update.takebackToSeq}).</span>{" "}
          <button type="button" onClick={() => void onRequest({ case: "answerTakeback", value: { matchId, accept: true } })}>Accept</button>{" "}
          <button type="button" onClick={() => void onRequest({ case: "answerTakeback", value: { matchId, accept: false } })}>Refuse</button>
        </div>
      )}
      {(running || update.status === MatchStatus.OPEN) && update.abortAvailable && (
        <button type="button" onClick={confirmThen("Abort this match without a result?", { case: "abortMatch", value: { matchId } })}>
          Abort
        </button>
      )}
      {running && (
        <button type="button" class="danger" onClick={confirmThen("Resign this match?", { case: "resign", value: { matchId, seat } })}>
          Resign
        </button>
      )}
      {finished && update.rematchMatchId !== 0n && <a href={links.match(update.rematchMatchId)}>Go to the rematch</a>}
      {finished && update.rematchMatchId === 0n && update.seats.length > 1 && (
        update.rematchAskedBy.includes(seat) ? (
          <span>Rematch offered; waiting for your opponent.</span>
        ) : (
          <button type="button" onClick={() => void onRequest({ case: "rematch", value: { matchId } })}>
            {update.rematchAskedBy.length > 0 ? "Accept the rematch" : "Offer a rematch (sides swapped)"}
          </button>
        )
      )}
    </section>
  );
}

// Undo, beside the prompt (docked with it on a phone): the seat takes back its own last choice.
export function UndoButton(props: { update: MatchUpdate; seated: boolean; onRequest: (body: RequestBody) => Promise<void> }) {
  const { update } = props;
  if (!props.seated || update.status !== MatchStatus.RUNNING || !update.undoAvailable) return null;
  const body: RequestBody = { case: "undo", value: { matchId: update.matchId, expectedSeq: update.seq, seat: update.yourSeat } };
  return (
    <div class="undo">
      <button type="button" onClick={() => void props.onRequest(body)}>Undo</button>
    </div>
  );
}
