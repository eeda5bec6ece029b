// Where the match stands: waiting, whose turn and phase, or how it ended.
import { EndReason, MatchStatus, type MatchUpdate } from "../gen/wire_pb";
import { links } from "../app/router";
import { seatsText } from "../app/players";
import { turnText } from "../app/turnText";

const endings: Record<number, string> = {
  [EndReason.END_BY_RESIGNATION]: "by resignation",
  [EndReason.END_BY_TIMEOUT]: "on time",
  [EndReason.END_BY_ABORT]: "aborted, no result",
  [EndReason.END_BY_FORFEIT]: "by forfeit",
};

export function MatchStatusLine(props: { update: MatchUpdate }) {
  const { update } = props;
  const status = update.gameStatus;
  const players = seatsText(update.seats);
  let text: string;
  if (update.status === MatchStatus.OPEN) text = "Waiting for players.";
  else if (update.status === MatchStatus.FINISHED) {
    const how = endings[update.endReason];
    const result = (status?.result || "no result").replace(/[.\s]+$/, "");
    text = `Finished: ${result}${how ? ` (${how})` : ""}.`;
  } else {
    text = `${turnText(status, update.seats)}.`;
  }
  return (
    <div class="status">
      <p data-testid="match-status" data-status={MatchStatus[update.status]}>{text}</p>
      <p class="muted">
        {players}
        {update.seats.length >= 2 && (
          <span data-testid="match-rated">
            {" · "}
            {update.rated ? <a href={links.ratingsOf(update.game)}>rated</a> : "casual"}
          </span>
        )}
      </p>
    </div>
  );
}
