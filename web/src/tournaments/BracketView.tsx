// An elimination bracket drawn as a bracket: the winners' bracket, the losers' bracket and the
// finals, each a row of round columns whose match boxes show both slots (a player, or where the
// player will come from), the winner, the result and links to the games.
import type { TournamentBoard, TournamentBracketMatch, TournamentInfo } from "../gen/wire_pb";
import { layoutBracket } from "./bracket";
import { MatchLinks } from "./MatchLinks";
import type { NameOf } from "./names";

const STATUS_TEXT: Record<string, string> = {
  waiting: "waiting",
  ready: "to play",
  walkover: "walkover",
  empty: "",
  decided: "",
  "not-needed": "not needed",
};

function Slot({ user, from, won, nameOf }: { user: bigint; from: string; won: boolean; nameOf: NameOf }) {
  return (
    <div class={`slot${won ? " won" : ""}${user === 0n ? " unknown" : ""}`}>
      {user === 0n ? <em>{from.replace(/of (\d+)$/, "of #$1")}</em> : nameOf(user)}
    </div>
  );
}

function MatchBox({ m, board, nameOf }: { m: TournamentBracketMatch; board?: TournamentBoard; nameOf: NameOf }) {
  const decided = m.status === "decided" || m.status === "walkover";
  return (
    <div class={`bracket-match status-${m.status}`} data-bracket-match={m.id}>
      <Slot user={m.topUser} from={m.topFrom} won={decided && m.winner !== 0n && m.winner === m.topUser} nameOf={nameOf} />
      <Slot
        user={m.bottomUser}
        from={m.bottomFrom}
        won={decided && m.winner !== 0n && m.winner === m.bottomUser}
        nameOf={nameOf}
      />
      <div class="match-footer">
        <span class="match-number">#{m.id}</span>
        {board && board.result !== "pending" ? <span class="result">{board.result}</span> : STATUS_TEXT[m.status]}
        {board && <MatchLinks ids={board.matchIds} />}
      </div>
    </div>
  );
}

export function BracketView({ info, nameOf }: { info: TournamentInfo; nameOf: NameOf }) {
  if (info.bracket.length === 0) return <p>The bracket is drawn when the event starts.</p>;
  const boards = new Map<number, TournamentBoard>();
  for (const b of info.boards) if (b.round === 0) boards.set(b.board, b);
  return (
    <div class="bracket">
      {layoutBracket(info.bracket).map((section) => (
        <section key={section.title} class="bracket-section">
          <h3>{section.title}</h3>
          <div class="bracket-columns">
            {section.columns.map((column) => (
              <div key={column.title} class="bracket-column">
                <h4>{column.title}</h4>
                <div class="bracket-column-matches">
                  {column.matches.map((m) => (
                    <MatchBox key={m.id} m={m} board={boards.get(m.id)} nameOf={nameOf} />
                  ))}
                </div>
              </div>
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}
