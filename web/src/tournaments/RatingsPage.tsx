// #/ratings: Glicko-2 leaderboards per game title and per side of a title, provisional ratings
// marked (and hidden unless asked for), and one player's rating history in the chosen pool.
import { useEffect, useState } from "preact/hooks";
import type { Leaderboard } from "../gen/wire_pb";
import { errorText, matchHref, unixToText } from "./format";
import { GameSelect } from "./GameSelect";
import type { PageProps } from "./types";
import { useTwoPlayerGames } from "./useTwoPlayerGames";
import "./tournaments.css";

export function RatingsPage({ conn, user }: PageProps) {
  const [game, setGame] = useState("");  // "" = the first game offered
  const [side, setSide] = useState("");  // "" = the title's pool
  const [provisional, setProvisional] = useState(false);
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
      {board && board.rows.length === 0 && <p>No rated games in this pool yet.</p>}
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
    </section>
  );
}
