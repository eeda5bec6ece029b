// Standings: rank, points and the tiebreaks in the event's order, each column named.
import { type TournamentInfo, TournamentFormat } from "../gen/wire_pb";
import { halfPoints, tiebreakLabel, tiebreakValue } from "./format";

// `sides`: the game's side names, seat 0 first (the tiebreaks by side are named after them).
export function StandingsTable({ info, sides }: { info: TournamentInfo; sides: readonly string[] }) {
  if (info.standings.length === 0) return <p>Standings appear once the event starts.</p>;
  // Elimination ranks by how far each player got: no tiebreaks, and points are only for information.
  const elimination =
    info.format === TournamentFormat.SINGLE_ELIMINATION || info.format === TournamentFormat.DOUBLE_ELIMINATION;
  const tiebreaks = elimination ? [] : info.tiebreaks;
  return (
    <table class="standings">
      <thead>
        <tr>
          <th>Rank</th>
          <th>Player</th>
          <th>{elimination ? "Points won" : "Points"}</th>
          {tiebreaks.map((t) => (
            <th key={t} data-tiebreak={t}>
              {tiebreakLabel(t, sides)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {info.standings.map((row) => (
          <tr key={String(row.userId)} class={row.userId === info.winner && info.winner !== 0n ? "winner" : ""}>
            <td>{row.rank}</td>
            <td>{row.userName}</td>
            <td>{halfPoints(row.halfPoints)}</td>
            {tiebreaks.map((t, i) => (
              <td key={t}>{row.tiebreaks[i] === undefined ? "" : tiebreakValue(t, row.tiebreaks[i])}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
