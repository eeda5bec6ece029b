// The registered players: pairing number (seed), seeding rating, status and late entry.
import type { TournamentInfo } from "../gen/wire_pb";
import { playerName } from "../app/players";

export function PlayersTable({ info }: { info: TournamentInfo }) {
  const players = [...info.players].sort(
    (a, b) => (a.pairingNumber || Infinity) - (b.pairingNumber || Infinity),
  );
  const anyLate = players.some((p) => p.entryRound > 1);
  return (
    <table class="players">
      <thead>
        <tr>
          <th>No.</th>
          <th>Player</th>
          <th>Rating</th>
          <th>Status</th>
          {anyLate && <th>Entered in round</th>}
        </tr>
      </thead>
      <tbody>
        {players.map((p) => (
          <tr key={String(p.userId)} class={p.status === "active" ? "" : "inactive"}>
            <td>{p.pairingNumber || "—"}</td>
            <td>{playerName(p.userName, p.bot)}</td>
            <td>{Math.round(p.seedRating)}</td>
            <td>{p.status}</td>
            {anyLate && <td>{p.entryRound}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
