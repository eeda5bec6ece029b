// #/tournaments: every event on the server, and the form to create one (any logged-in user may
// organise; the creator is the event's organiser).
import { useCallback, useEffect, useState } from "preact/hooks";
import type { TournamentInfo } from "../gen/wire_pb";
import { gameTitle, useGames } from "../app/games";
import { CreateTournamentForm } from "./CreateTournamentForm";
import { FORMAT_NAMES, errorText } from "./format";
import type { PageProps } from "./types";
import "./tournaments.css";

const PHASE_ORDER: Record<string, number> = { registration: 0, running: 1, finished: 2 };

export function TournamentsPage({ conn, user }: PageProps) {
  const [events, setEvents] = useState<TournamentInfo[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const games = useGames(conn);

  const load = useCallback(() => {
    conn
      .call({ case: "listTournaments", value: {} }, "tournaments")
      .then((list) => {
        // Open for registration first, then running, then finished; newest first within each.
        const sorted = [...list.tournaments].sort(
          (a, b) =>
            (PHASE_ORDER[a.phase] ?? 3) - (PHASE_ORDER[b.phase] ?? 3) || Number(b.tournamentId - a.tournamentId),
        );
        setEvents(sorted);
        setError(null);
      })
      .catch((e) => setError(errorText(e)));
  }, [conn]);
  useEffect(load, [load]);

  return (
    <section class="tournaments">
      <h1>Tournaments</h1>
      {error && <p class="error" role="alert">{error}</p>}
      {events === null && !error && <p>Loading…</p>}
      {events?.length === 0 && <p>No tournaments yet.</p>}
      {events && events.length > 0 && (
        <table class="tournament-list">
          <thead>
            <tr>
              <th>Event</th>
              <th>Game</th>
              <th>Format</th>
              <th>Players</th>
              <th>State</th>
            </tr>
          </thead>
          <tbody>
            {events.map((t) => (
              <tr key={String(t.tournamentId)} data-tournament={String(t.tournamentId)}>
                <td>
                  <a href={`#/tournament/${t.tournamentId}`}>{t.name}</a>
                </td>
                <td>{gameTitle(games, t.game)}</td>
                <td>
                  {FORMAT_NAMES[t.format]}
                  {t.miniMatch ? ", mini-matches" : ""}
                  {t.rated ? ", rated" : ""}
                </td>
                <td>{t.playerCount}</td>
                <td>
                  {t.phase}
                  {t.paused ? " (paused)" : ""}
                  {t.phase === "running" && t.rounds > 0 ? ` — round ${t.currentRound} of ${t.rounds}` : ""}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {user ? (
        <CreateTournamentForm
          conn={conn}
          onCreated={(t) => {
            location.hash = `#/tournament/${t.tournamentId}`;
          }}
        />
      ) : (
        <p>Log in to organise a tournament or to register for one.</p>
      )}
    </section>
  );
}
