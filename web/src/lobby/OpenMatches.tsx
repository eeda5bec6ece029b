// Public matches waiting for players: take a free side with one click.
import { useState } from "preact/hooks";
import type { Connection } from "../net/connection";
import type { GameList, MatchSummary } from "../gen/wire_pb";
import type { SessionUser } from "../app/session";
import { links } from "../app/router";
import { errorText } from "../app/format";
import { paceText } from "../app/pace";
import { MatchTitle, seatsText } from "./MatchRow";

export function OpenMatches(props: {
  conn: Connection;
  games: GameList | null;
  matches: MatchSummary[] | null;
  user: SessionUser;
  onChanged: () => void;
}) {
  const [error, setError] = useState("");
  const join = async (match: MatchSummary, side: string) => {
    try {
      await props.conn.call({ case: "joinMatch", value: { matchId: match.matchId, side } }, "update");
      location.hash = links.match(match.matchId);
    } catch (e) {
      setError(errorText(e));
      props.onChanged();
    }
  };
  const others = (props.matches ?? []).filter((m) => m.yourSeats.length === 0);
  return (
    <section aria-labelledby="open-matches">
      <h2 id="open-matches">Open matches</h2>
      {error && <p class="error" role="alert">{error}</p>}
      {others.length === 0 ? (
        <p>No open matches right now.</p>
      ) : (
        <ul class="match-list" data-testid="open-matches">
          {others.map((m) => (
            <li key={m.matchId.toString()} data-match={m.matchId.toString()}>
              <MatchTitle games={props.games} match={m} />
              <div class="muted">{seatsText(m)} · <span data-testid="pace">clock: {paceText(m.timeControl)}</span></div>
              {m.seats
                .filter((s) => s.userId === 0n)
                .map((s) => (
                  <button type="button" key={s.seat} onClick={() => void join(m, s.side)}>
                    Join as {s.side}
                  </button>
                ))}
              <a href={links.match(m.matchId)}>Watch</a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
