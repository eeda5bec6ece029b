// Stepping through a match event by event. After the end any seat's view (or the spectators') may
// be chosen; while it runs, a player steps back through their own seat's history. "Verify dice"
// asks the server to re-run the match and recomputes the seed commitment here in the browser.
import { useEffect, useState } from "preact/hooks";
import { toJson } from "@bufbuild/protobuf";
import type { Connection } from "../net/connection";
import type { SessionUser } from "../app/session";
import { MatchStatus, ViewAtSchema, type MatchUpdate, type ViewAt } from "../gen/wire_pb";
import { errorText } from "../app/format";
import { links } from "../app/router";
import { exposeForTests } from "../app/testing";
import { Board } from "../boards";
import { VerifyPanel } from "./VerifyPanel";

// `invite`: a private match's code, which lets someone holding no seat watch (and so replay) it.
export function ReplayPage(props: { conn: Connection; user: SessionUser | null; matchId: bigint; invite: string }) {
  const { conn, matchId, invite } = props;
  const [match, setMatch] = useState<MatchUpdate | null>(null);
  const [seat, setSeat] = useState<number | null>(null);
  const [seq, setSeq] = useState(0);
  const [frame, setFrame] = useState<ViewAt | null>(null);
  const [error, setError] = useState("");

  // The match's seats, status and commitment, from a one-off spectator subscription.
  useEffect(() => {
    conn
      .call({ case: "watchMatch", value: { matchId, sinceSeq: 0xffffffff, inviteCode: invite } }, "update")
      .then((u) => {
        setMatch(u);
        const mine = props.user ? u.seats.find((s) => s.userId === props.user!.id) : undefined;
        setSeat(mine ? mine.seat : -1);
        setSeq(u.status === MatchStatus.FINISHED ? 0 : u.seq);
      })
      .catch((e) => setError(errorText(e)));
    return () => {
      conn.request({ case: "unsubscribe", value: { matchId } }).catch(() => undefined);
      exposeForTests({ lastViewAt: undefined });
    };
  }, [conn, matchId, invite]);

  useEffect(() => {
    if (seat === null) return;
    conn
      .call({ case: "fetchViewAt", value: { matchId, seq, seat } }, "viewAt")
      .then((v) => {
        setFrame(v);
        setError("");
        exposeForTests({ lastViewAt: toJson(ViewAtSchema, v) });
      })
      .catch((e) => setError(errorText(e)));
  }, [conn, matchId, seq, seat]);

  if (!match || seat === null) {
    return <section><h1>Replay of match {matchId.toString()}</h1>{error ? <p class="error" role="alert">{error}</p> : <p>Loading…</p>}</section>;
  }
  const finished = match.status === MatchStatus.FINISHED;
  const last = frame?.lastSeq ?? match.seq;
  const step = (to: number) => setSeq(Math.max(0, Math.min(last, to)));

  return (
    <div class="replay">
      <h1>Replay of match {matchId.toString()}</h1>
      <p><a href={links.match(matchId, invite)}>Back to the match</a></p>
      {error && <p class="error" role="alert">{error}</p>}
      <div class="replay-controls" role="group" aria-label="Step through the match">
        <button type="button" onClick={() => step(0)} disabled={seq === 0}>First</button>
        <button type="button" onClick={() => step(seq - 1)} disabled={seq === 0}>Previous</button>
        <span data-testid="replay-position">Event {seq} of {last}</span>
        <button type="button" onClick={() => step(seq + 1)} disabled={seq >= last}>Next</button>
        <button type="button" onClick={() => step(last)} disabled={seq >= last}>Last</button>
        {finished && (
          <label>
            Seen by
            <select name="seat" value={seat} onChange={(e) => setSeat(Number(e.currentTarget.value))}>
              <option value={-1}>Spectators</option>
              {match.seats.map((s) => (
                <option key={s.seat} value={s.seat}>{s.side}</option>
              ))}
            </select>
          </label>
        )}
      </div>
      {frame && (
        <div class="match-body">
          <div class="board-area" aria-label="Board">
            {frame.view && <Board view={frame.view} choices={[]} onChoose={() => undefined} yourSeat={-1} />}
          </div>
          <aside class="side-panel">
            <p data-testid="replay-status">
              Turn {frame.gameStatus?.turn ?? 0}{frame.gameStatus?.phase ? `, ${frame.gameStatus.phase}` : ""}
              {frame.gameStatus?.finished ? ` — ${frame.gameStatus.result}` : ""}
            </p>
            <section class="log" aria-label="This event">
              <h2>Event {frame.seq}</h2>
              <ol>{frame.log.map((e, i) => <li key={i}>{e.text}</li>)}</ol>
            </section>
            {finished && <VerifyPanel conn={conn} matchId={matchId} commitment={match.seedCommitment} />}
          </aside>
        </div>
      )}
    </div>
  );
}
