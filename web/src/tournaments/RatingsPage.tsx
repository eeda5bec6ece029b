// #/ratings (#/ratings/<game>): Glicko-2 leaderboards per game title and per side of a title,
// provisional ratings marked (shown unless unticked: on a young server nearly everyone is
// provisional), one player's rating history in the chosen pool, and in words which games are
// rated, so a newcomer knows how to get a rating.
import { useEffect, useState } from "preact/hooks";
import type { GameInfo } from "../gen/game_pb";
import type { Leaderboard } from "../gen/wire_pb";
import { links } from "../app/router";
import { errorText, matchHref, unixToText } from "./format";
import { GameSelect } from "./GameSelect";
import type { PageProps } from "./types";
import { useTwoPlayerGames } from "./useTwoPlayerGames";
import "./tournaments.css";

export function RatingsPage({ conn, user, game: asked }: PageProps & { game?: string }) {
  const [game, setGame] = useState(asked ?? "");  // "" = the first game offered
  const [side, setSide] = useState("");  // "" = the title's pool
  const [provisional, setProvisional] = useState(true);
  const [historyOf, setHistoryOf] = useState<bigint>(user?.id ?? 0n);
  const [board, setBoard] = useState<Leaderboard | null>(null);
  const [error, setError] = useState<string | null>(null);
  const games = useTwoPlayerGames(conn, setError);
  const shown = game || games[0]?.id || "";

  useEffect(() => {
    if (!shown) return;
    conn
      .call(
        { case: "getRatings", value: { game: shown, side, includeProvisional: provisional, historyOf } },
        "leaderboard",
      )
      .then((b) => {
        setBoard(b);
        setError(null);
      })
      .catch((e) => setError(errorText(e)));
  }, [conn, shown, side, provisional, historyOf]);

  const info = games.find((g) => g.id === shown);
  const nameOf = (id: bigint) => board?.rows.find((r) => r.userId === id)?.userName ?? "a player not listed here";

  return (
    <section class="ratings">
      <h1>Ratings</h1>
      <div class="ratings-controls">
        <label>
          Game
          <GameSelect
            games={games}
            value={shown}
            onChange={(id) => {
              setGame(id);
              setSide("");
            }}
          />
        </label>
        <label>
          Pool
          <select name="side" value={side} onChange={(e) => setSide(e.currentTarget.value)}>
            <option value="">All games of the title</option>
            {info?.seats.map((seat, i) => (
              <option key={seat} value={i === 0 ? "A" : "B"}>
                Playing {seat}
              </option>
            ))}
          </select>
        </label>
        <label class="check">
          <input
            type="checkbox"
            name="provisional"
            checked={provisional}
            onChange={(e) => setProvisional(e.currentTarget.checked)}
          />{" "}
          Include provisional ratings
        </label>
      </div>
      {error && <p class="error" role="alert">{error}</p>}
      {board && board.rows.length === 0 && board.provisionalHidden > 0 && (
        <p data-testid="ratings-empty">
          No established ratings in this pool yet: {board.provisionalHidden}{" "}
          {board.provisionalHidden === 1 ? "player has a provisional rating" : "players have provisional ratings"}{" "}
          (too few games for a steady one).{" "}
          <button type="button" class="link" onClick={() => setProvisional(true)}>Show provisional ratings</button>
        </p>
      )}
      {board && board.rows.length === 0 && board.provisionalHidden === 0 && (
        <p data-testid="ratings-empty">
          No rated games of {info?.title ?? "this game"} yet{side ? " on this side" : ""}. To get a rating, finish a
          rated game: <a href={links.lobby}>create a match</a> against the computer or a public match against a
          person (both rated unless you choose casual).
        </p>
      )}
      {board && board.rows.length > 0 && (
        <table class="leaderboard" data-pool={board.pool}>
          <thead>
            <tr>
              <th>#</th>
              <th>Player</th>
              <th>Rating</th>
              <th>Deviation</th>
              <th>Volatility</th>
              <th>Games</th>
            </tr>
          </thead>
          <tbody>
            {board.rows.map((r, i) => (
              <tr key={String(r.userId)} class={r.provisional ? "provisional" : ""}>
                <td>{i + 1}</td>
                <td>
                  <button type="button" class="link" onClick={() => setHistoryOf(r.userId)}>
                    {r.userName}
                  </button>
                  {r.bot && <span title="a computer opponent (docs/ai.md)"> (computer)</span>}
                  {r.provisional && <span title="provisional: rating deviation still high"> (provisional)</span>}
                </td>
                <td>{Math.round(r.rating)}</td>
                <td>{Math.round(r.deviation)}</td>
                <td>{r.volatility.toFixed(4)}</td>
                <td>{r.games}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {historyOf !== 0n && board && board.history.length > 0 && (
        <section class="rating-history">
          <h2>History of {nameOf(historyOf)}</h2>
          <table>
            <thead>
              <tr>
                <th>Finished</th>
                <th>Opponent</th>
                <th>Score</th>
                <th>Rating</th>
                <th>Match</th>
              </tr>
            </thead>
            <tbody>
              {board.history.map((h) => (
                <tr key={String(h.matchId)}>
                  <td>{unixToText(h.finishedAt)}</td>
                  <td>{nameOf(h.opponent)}</td>
                  <td>{h.score === 0.5 ? "½" : h.score}</td>
                  <td>
                    {Math.round(h.ratingBefore)} → {Math.round(h.ratingAfter)} (±{Math.round(h.deviationAfter)})
                  </td>
                  <td>
                    <a href={matchHref(h.matchId)}>{String(h.matchId)}</a>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      <RatingsExplained games={games} />
    </section>
  );
}

// Which games are rated and how, in a newcomer's words (docs/play-by-web.md, "Rated and casual").
function RatingsExplained({ games }: { games: GameInfo[] }) {
  return (
    <section class="ratings-explained" aria-labelledby="ratings-how" data-testid="ratings-explained">
      <h2 id="ratings-how">Which games are rated</h2>
      <ul>
        <li>
          <strong>Rated:</strong> games against the computer and public matches between two players, unless whoever
          created the match chose <em>casual</em>; private matches between people only when their creator chose{" "}
          <em>rated</em>; the games of rated tournaments.
        </li>
        <li>
          <strong>Never rated:</strong> casual matches, solitaire games, matches aborted before both sides moved, and
          a match where one player holds both sides.
        </li>
        <li>
          A finished rated game — won, lost, drawn, resigned or lost on time — moves both players' ratings once, the
          winner's up and the loser's down, more so against a stronger or weaker opponent (Glicko-2; everyone starts
          at 1500). A rating is <em>provisional</em> until enough games have settled it.
        </li>
        <li>
          Each game has its own pool
          {games.length > 0 && (
            <>
              {" ("}
              {games.map((g, i) => (
                <span key={g.id}>
                  {i > 0 && ", "}
                  <a href={links.ratingsOf(g.id)}>{g.title}</a>
                </span>
              ))}
              {")"}
            </>
          )}
          , and one per side of it (<em>Playing …</em> above), which counts only the games played on that side.
        </li>
      </ul>
    </section>
  );
}
