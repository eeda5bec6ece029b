// Round robin and Swiss pairings, round by round: board, the players of the game's first and
// second side (the server's sides A and B), result and matches.
import type { TournamentInfo } from "../gen/wire_pb";
import { MatchLinks } from "./MatchLinks";

// `sides`: the game's side names, seat 0 first.
export function RoundsTable({ info, sides }: { info: TournamentInfo; sides: readonly string[] }) {
  const rounds = new Map<number, typeof info.boards>();
  for (const b of info.boards) {
    if (b.round === 0) continue;  // bracket matches are drawn in the bracket
    const list = rounds.get(b.round);
    if (list) list.push(b);
    else rounds.set(b.round, [b]);
  }
  if (rounds.size === 0) return <p>No round has been paired yet.</p>;
  return (
    <div class="rounds">
      {[...rounds].map(([round, boards]) => (
        <table key={round} class="round" data-round={round}>
          <caption>Round {round}</caption>
          <thead>
            <tr>
              <th>Board</th>
              <th>{sides[0] ?? "First side"}{info.miniMatch ? " (game 1)" : ""}</th>
              <th>{sides[1] ?? "Second side"}{info.miniMatch ? " (game 1)" : ""}</th>
              <th>Result</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {boards.map((b) => (
              <tr key={b.board} data-board={b.board}>
                <td>{b.board}</td>
                <td>{b.aName}</td>
                <td>{b.bUser === 0n ? <em>bye</em> : b.bName}</td>
                <td class="result">{b.result === "bye" ? "" : b.result}</td>
                <td>
                  <MatchLinks ids={b.matchIds} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ))}
    </div>
  );
}
