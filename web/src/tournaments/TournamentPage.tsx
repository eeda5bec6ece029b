// #/tournament/<id>: one event. Everyone sees the players, the rounds (or the bracket) with links
// to watch each match, the standings with the tiebreaks named, and the adjustments log; a
// logged-in player can register or withdraw; the organiser starts the event and has the tools.
import { useState } from "preact/hooks";
import { type TournamentInfo, TournamentFormat } from "../gen/wire_pb";
import { gameTitle, scenarioName, sideNames, useGames } from "../app/games";
import { AdjustmentsLog } from "./AdjustmentsLog";
import { BracketView } from "./BracketView";
import { FORMAT_NAMES, errorText } from "./format";
import { namesOf } from "./names";
import { OrganiserTools } from "./OrganiserTools";
import { PlayersTable } from "./PlayersTable";
import { RoundsTable } from "./RoundsTable";
import { StandingsTable } from "./StandingsTable";
import type { PageProps } from "./types";
import { useTournament } from "./useTournament";
import "./tournaments.css";

type Props = PageProps & { id: bigint };

function isElimination(info: TournamentInfo): boolean {
  return info.format === TournamentFormat.SINGLE_ELIMINATION || info.format === TournamentFormat.DOUBLE_ELIMINATION;
}

function describe(info: TournamentInfo): string {
  const parts = [FORMAT_NAMES[info.format]];
  if (info.rounds > 0) parts.push(info.rounds === 1 ? "1 round" : `${info.rounds} rounds`);
  if (info.miniMatch) parts.push("two games per pairing, sides swapped");
  parts.push(info.rated ? "rated" : "unrated");
  return parts.join(", ");
}

export function TournamentPage({ conn, user, id }: Props) {
  const { info, setInfo, error, reload } = useTournament(conn, id);
  const games = useGames(conn);
  const [actionError, setActionError] = useState<string | null>(null);

  if (!info) return <section class="tournament">{error ? <p class="error">{error}</p> : <p>Loading…</p>}</section>;

  const nameOf = namesOf(info);
  const me = user ? info.players.find((p) => p.userId === user.id) : undefined;
  const organiser = user !== null && user.id === info.organiser;
  const lateEntryOpen =
    info.phase === "running" && info.format === TournamentFormat.SWISS && info.currentRound <= info.rounds / 2;
  const canRegister = user !== null && !me && (info.phase === "registration" || lateEntryOpen);
  const canWithdraw = me?.status === "active" && info.phase !== "finished";

  const act = async (body: Parameters<typeof conn.call>[0]) => {
    setActionError(null);
    try {
      setInfo(await conn.call(body, "tournament"));
    } catch (e) {
      setActionError(errorText(e));
      void reload();
    }
  };

  return (
    <section class="tournament" data-tournament={String(info.tournamentId)}>
      <h1>{info.name}</h1>
      <p class="summary">
        {gameTitle(games, info.game)}
        {info.scenario ? ` (${scenarioName(games?.games.find((g) => g.id === info.game), info.scenario)})` : ""} — {describe(info)} — <span class="phase">{info.phase}</span>
        {info.paused && <strong class="paused"> paused</strong>}
        {info.phase === "running" && info.rounds > 0 && ` — round ${info.currentRound} of ${info.rounds}`}
        {info.winner !== 0n && (
          <>
            {" "}
            — won by <strong class="champion">{nameOf(info.winner)}</strong>
          </>
        )}
      </p>
      {error && <p class="error">{error}</p>}
      {actionError && <p class="error" role="alert">{actionError}</p>}
      <div class="actions">
        {canRegister && (
          <button
            type="button"
            name="register"
            onClick={() => void act({ case: "joinTournament", value: { tournamentId: id } })}
          >
            {info.phase === "running" ? "Enter late" : "Register"}
          </button>
        )}
        {canWithdraw && (
          <button
            type="button"
            name="withdraw"
            onClick={() => {
              if (confirm("Withdraw from this event? You will not be paired again."))
                void act({ case: "leaveTournament", value: { tournamentId: id } });
            }}
          >
            Withdraw
          </button>
        )}
        {organiser && info.phase === "registration" && (
          <button
            type="button"
            name="start"
            onClick={() => void act({ case: "startTournament", value: { tournamentId: id } })}
          >
            Start now
          </button>
        )}
        {!user && <span>Log in to register.</span>}
      </div>

      <h2>Players ({info.players.length})</h2>
      <PlayersTable info={info} />

      {info.phase !== "registration" && (
        <>
          <h2>Standings</h2>
          <StandingsTable info={info} sides={sideNames(games, info.game)} />
          {isElimination(info) ? (
            <>
              <h2>Bracket</h2>
              <BracketView info={info} nameOf={nameOf} />
            </>
          ) : (
            <>
              <h2>Rounds</h2>
              <RoundsTable info={info} sides={sideNames(games, info.game)} />
            </>
          )}
        </>
      )}
      <AdjustmentsLog info={info} />
      {organiser && <OrganiserTools conn={conn} info={info} nameOf={nameOf} onChanged={setInfo} />}
    </section>
  );
}
