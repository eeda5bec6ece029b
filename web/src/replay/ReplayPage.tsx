// Stepping through a match event by event or turn by turn. After the end any seat's view (or the
// spectators') may be chosen; while it runs, a player steps back through their own seat's history.
// "Verify dice" asks the server to re-run the match and recomputes the seed commitment here in
// the browser. As on the match page, rule numbers link to the rule's text (rules/RuleLinks.tsx)
// and a click on a unit or card opens its details as the frame's view holds them
// (inspect/useInspection.ts); nothing on the board is a choice here.
import { useCallback, useEffect, useMemo, useRef, useState } from "preact/hooks";
import type { Connection } from "../net/connection";
import type { SessionUser } from "../app/session";
import { MatchStatus, type MatchUpdate } from "../gen/wire_pb";
import { errorText } from "../app/format";
import { gameTitle, scenarioName, useGames } from "../app/games";
import { links } from "../app/router";
import { sidesToPlay } from "../app/toPlay";
import { turnText } from "../app/turnText";
import { exposeForTests } from "../app/testing";
import { Board } from "../boards";
import { RuleLinks, RuleText } from "../rules/RuleLinks";
import { InspectContext } from "../inspect/context";
import { Inspector } from "../inspect/Inspector";
import { useInspection } from "../inspect/useInspection";
import { VerifyPanel } from "./VerifyPanel";
import { ReplayControls } from "./ReplayControls";
import { TurnIndex } from "./turns";
import { useStepKeys, type Steps } from "./useStepKeys";
import { useViewAt } from "./useViewAt";
import { decodedOf } from "../views/decode";
import { useDecodedView } from "../views/useDecodedView";

// `invite`: a private match's code, which lets someone holding no seat watch (and so replay) it.
export function ReplayPage(props: { conn: Connection; user: SessionUser | null; matchId: bigint; invite: string }) {
  const { conn, matchId, invite } = props;
  const games = useGames(conn);
  const [match, setMatch] = useState<MatchUpdate | null>(null);
  const [seat, setSeat] = useState<number | null>(null);
  const [seq, setSeq] = useState(0);
  const [loadError, setLoadError] = useState("");
  const { frame, error } = useViewAt(conn, matchId, seat, seq);
  const inspection = useInspection();
  const view = useDecodedView(frame?.view, games?.games.find((g) => g.id === match?.game));
  const decoded = decodedOf(view);
  const last = frame?.lastSeq ?? match?.seq ?? 0;

  // Moves run one after another, each from where the one before landed: a turn step waits for
  // the server to say where the turn begins, and keys pressed meanwhile follow it.
  const at = useRef(0);
  const lastRef = useRef(last);
  lastRef.current = last;
  const queue = useRef<Promise<void>>(Promise.resolve());
  const move = useCallback((target: (from: number, last: number) => number | Promise<number>) => {
    queue.current = queue.current.then(async () => {
      const to = Math.max(0, Math.min(lastRef.current, await target(at.current, lastRef.current)));
      at.current = to;
      setSeq(to);
    }).catch((e) => setLoadError(errorText(e)));
  }, []);

  // The match's seats, status and commitment, from a one-off spectator subscription.
  useEffect(() => {
    conn
      .call({ case: "watchMatch", value: { matchId, sinceSeq: 0xffffffff, inviteCode: invite } }, "update")
      .then((u) => {
        setMatch(u);
        const mine = props.user ? u.seats.find((s) => s.userId === props.user!.id) : undefined;
        setSeat(mine ? mine.seat : -1);
        // A finished match is replayed from the set-up; a running one steps back from now.
        const start = u.status === MatchStatus.FINISHED ? 0 : u.seq;
        lastRef.current = u.seq;
        at.current = start;
        setSeq(start);
      })
      .catch((e) => setLoadError(errorText(e)));
    return () => {
      conn.request({ case: "unsubscribe", value: { matchId } }).catch(() => undefined);
      exposeForTests({ lastViewAt: undefined });
    };
  }, [conn, matchId, invite]);

  // Turns are the same in every seat's view; asked as the seat the page shows (always allowed).
  const seatRef = useRef(seat);
  seatRef.current = seat;
  const turns = useMemo(() => new TurnIndex(async (s) => {
    const v = await conn.call({ case: "fetchViewAt", value: { matchId, seq: s, seat: seatRef.current ?? -1 } }, "viewAt");
    return v.gameStatus?.turn ?? 0;
  }), [conn, matchId]);
  useEffect(() => {
    if (frame) turns.remember(frame.seq, frame.gameStatus?.turn ?? 0);
  }, [frame, turns]);

  const steps: Steps = useMemo(() => ({
    event: (by) => move((from) => from + by),
    turn: (by) => move((from, end) => (by > 0 ? turns.nextTurnStart(from, end) : turns.previousTurnStart(from))),
    first: () => move(() => 0),
    last: () => move((_, end) => end),
  }), [move, turns]);
  useStepKeys(steps);

  const title = match ? `${gameTitle(games, match.game)} — ${scenarioName(games?.games.find((g) => g.id === match.game), match.scenario)}` : "";
  if (!match || seat === null) {
    return <section><h1>Replay of match {matchId.toString()}</h1>{loadError ? <p class="error" role="alert">{loadError}</p> : <p>Loading…</p>}</section>;
  }
  const finished = match.status === MatchStatus.FINISHED;

  return (
    <RuleLinks game={match.game}>
    <InspectContext.Provider value={inspection.open}>
    <div class="replay">
      <h1>Replay: {title} <span class="muted">#{matchId.toString()}</span></h1>
      <p><a href={links.match(matchId, invite)}>Back to the match</a></p>
      {(loadError || error) && <p class="error" role="alert">{loadError || error}</p>}
      <ReplayControls seq={seq} last={last} steps={steps} onSeek={(to) => move(() => to)}
        seat={seat} seats={finished ? match.seats : null} onSeat={setSeat} />
      {frame && (
        <div class="match-body">
          <div class="board-area" id="board" tabIndex={-1} role="region" aria-label="Board" {...inspection.boardHandlers}>
            {view && <Board view={view} choices={[]} onChoose={() => undefined} yourSeat={-1}
              toPlay={sidesToPlay(frame.gameStatus, match.seats)} phase={frame.gameStatus?.phase ?? ""} />}
          </div>
          <aside class="side-panel">
            <p data-testid="replay-status">
              <RuleText text={frame.gameStatus?.finished ? `Turn ${frame.gameStatus.turn} — ${frame.gameStatus.result}` : turnText(frame.gameStatus, match.seats)} />
            </p>
            {/* The details follow the frame: stepping on shows the unit as the next event left it. */}
            {inspection.inspected && decoded && <Inspector view={decoded} target={inspection.inspected} onClose={inspection.close} />}
            <section class="log" aria-label="This event">
              <h2>Event {frame.seq}</h2>
              <ol>{frame.log.map((e, i) => <li key={i}><RuleText text={e.text} /></li>)}</ol>
            </section>
            {finished && <VerifyPanel conn={conn} matchId={matchId} commitment={match.seedCommitment} />}
          </aside>
        </div>
      )}
    </div>
    </InspectContext.Provider>
    </RuleLinks>
  );
}
