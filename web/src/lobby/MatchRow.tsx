// One match in a lobby list: game, scenario, players by side, status and the player's badges.
import type { GameList, MatchSummary } from "../gen/wire_pb";
import { MatchStatus } from "../gen/wire_pb";
import { gameTitle, scenarioName } from "../app/games";
import { seatsText as seatsOf } from "../app/players";
import { toPlayText } from "../app/toPlay";

export function seatsText(match: MatchSummary): string {
  return seatsOf(match.seats);
}

export function statusText(match: MatchSummary): string {
  switch (match.status) {
    case MatchStatus.OPEN:
      return "waiting for players";
    case MatchStatus.RUNNING:
      return toPlayText(match.activeSides) || "running";
    case MatchStatus.FINISHED:
      return match.result || "finished";
    default:
      return "";
  }
}

export function MatchTitle(props: { games: GameList | null; match: MatchSummary }) {
  const { games, match } = props;
  const game = games?.games.find((g) => g.id === match.game);
  return (
    <span class="match-title">
      <strong>{gameTitle(games, match.game)}</strong> — {scenarioName(game, match.scenario)}{" "}
      <span class="muted">#{match.matchId.toString()}</span>
      {match.seats.length >= 2 && (
        <span class="muted" data-testid="rated-badge"> · {match.rated ? "rated" : "casual"}</span>
      )}
    </span>
  );
}
