// "My matches" exactly in the server's order: your turn first (longest waiting first), then unread
// chat, then finished matches not yet seen, then the rest.
import type { GameList, MatchSummary } from "../gen/wire_pb";
import { MatchStatus } from "../gen/wire_pb";
import type { SessionUser } from "../app/session";
import { links } from "../app/router";
import { formatTime } from "../app/format";
import { MatchTitle, seatsText, statusText } from "./MatchRow";

export function MyMatches(props: { games: GameList | null; matches: MatchSummary[] | null; user: SessionUser }) {
  const { matches } = props;
  return (
    <section aria-labelledby="my-matches">
      <h2 id="my-matches">My matches</h2>
      {matches === null ? (
        <p>Loading…</p>
      ) : matches.length === 0 ? (
        <p>You have no matches yet: create one or join an open one.</p>
      ) : (
        <ul class="match-list" data-testid="my-matches">
          {matches.map((m) => (
            <li key={m.matchId.toString()} data-match={m.matchId.toString()}>
              <a href={links.match(m.matchId)}>
                <MatchTitle games={props.games} match={m} />
              </a>
              <Badges match={m} />
              <div class="muted">
                {seatsText(m)} · {statusText(m)}
                {m.yourTurn && m.turnSince > 0n && <> · waiting since {formatTime(m.turnSince)}</>}
              </div>
              {m.status === MatchStatus.FINISHED && <a href={links.replay(m.matchId)}>Replay</a>}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Badges(props: { match: MatchSummary }) {
  const m = props.match;
  return (
    <span class="badges">
      {m.yourTurn && <span class="badge turn">Your turn</span>}
      {m.unreadChat > 0 && <span class="badge chat">{m.unreadChat} unread</span>}
      {m.unseenResult && <span class="badge result">New result</span>}
      {m.status === MatchStatus.OPEN && <span class="badge">Waiting for players</span>}
    </span>
  );
}
