// "Play again" under a finished solitaire game (the Lion of Khartoum): a new match of the same
// game, scenario and options, with the same clock, opened at once. Every press starts a fresh
// game, unlike a rematch, which a match has only one of. The options are read from the finished
// match's record (the update does not carry them; the record is open once the game is over).
import { useState } from "preact/hooks";
import type { Connection } from "../net/connection";
import { MatchStatus, Visibility, type MatchUpdate } from "../gen/wire_pb";
import { errorText } from "../app/format";
import { links } from "../app/router";

export function PlayAgain({ conn, update }: { conn: Connection; update: MatchUpdate }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  if (update.status !== MatchStatus.FINISHED || update.seats.length !== 1) return null;

  const start = async () => {
    setBusy(true);
    setError("");
    try {
      // from_seq past every action: only the set-up is wanted.
      const replay = await conn.call({ case: "fetchReplay", value: { matchId: update.matchId, fromSeq: 0xffffffff } }, "replay");
      const created = await conn.call({
        case: "createMatch",
        value: {
          game: update.game,
          scenario: update.scenario,
          options: replay.record?.setup?.options ?? [],
          visibility: update.inviteCode ? Visibility.PRIVATE : Visibility.PUBLIC,
          timeControl: update.timeControl,
        },
      }, "created");
      location.hash = links.match(created.matchId);
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section class="controls" aria-label="Play again">
      <button type="button" disabled={busy} onClick={() => void start()}>Play again</button>
      {error && <p class="error" role="alert">{error}</p>}
    </section>
  );
}
