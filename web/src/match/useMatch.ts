// One match as this tab follows it: subscribes as the user's seat (or as a spectator), keeps the
// latest update and the log it has accumulated, resubscribes after a reconnect from the last seq
// it saw (so no line is missed or doubled), and unsubscribes when the page goes away.
import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import type { Connection, RequestBody } from "../net/connection";
import { ServerError } from "../net/connection";
import {
  ErrorCode,
  ListMatches_Filter,
  type ChatMessage,
  type MatchUpdate,
  MatchUpdateSchema,
} from "../gen/wire_pb";
import type { LegalChoice, LogEntry } from "../gen/game_pb";
import type { SessionUser } from "../app/session";
import { exposeForTests } from "../app/testing";
import { loadedGames } from "../app/games";
import { testJson, viewTypes } from "../views/test-json";
import { setMatchOnScreen } from "../notify/onScreen";

export interface MatchState {
  update: MatchUpdate | null;
  log: LogEntry[];
  chat: ChatMessage[];
  seated: boolean;
  error: string;
  // Server time minus local time, in seconds, from the latest update (clocks count down with it).
  clockSkew: number;
}

export interface MatchControls {
  choose: (choice: LegalChoice) => Promise<void>;
  request: (body: RequestBody) => Promise<void>;
  takeSeat: (side: string) => Promise<void>;
  clearError: () => void;
}

// The stored lines followed by those pushed meanwhile, each line once (a line pushed while the
// history was being read is in both).
function mergeChat(earlier: ChatMessage[], later: ChatMessage[]): ChatMessage[] {
  const key = (c: ChatMessage) => `${c.at}:${c.userId}:${c.text}`;
  const seen = new Set(earlier.map(key));
  return earlier.concat(later.filter((c) => !seen.has(key(c))));
}

export function useMatch(
  conn: Connection,
  user: SessionUser | null,
  matchId: bigint,
  invite: string,
): [MatchState, MatchControls] {
  const [state, setState] = useState<MatchState>({ update: null, log: [], chat: [], seated: false, error: "", clockSkew: 0 });
  const lastSeq = useRef(0);
  const seated = useRef<boolean | null>(null);

  // Only a player's own list has "unread" and "unseen result" marks; best effort (a lost mark
  // only leaves a badge in the lobby).
  const markSeen = useCallback(() => {
    if (seated.current && document.visibilityState === "visible") {
      conn.request({ case: "markSeen", value: { matchId } }).catch(() => undefined);
    }
  }, [conn, matchId]);

  // After a takeback the events after its target never happened: the log is read again whole.
  const reloadLog = useCallback(() => {
    conn
      .call({ case: "fetchLog", value: { matchId, fromSeq: 0 } }, "log")
      .then((reply) => setState((s) => ({ ...s, log: reply.entries })))
      .catch(() => undefined);
  }, [conn, matchId]);

  const apply = useCallback((update: MatchUpdate) => {
    const cutBack = update.seq < lastSeq.current || update.log.some((e) => e.kind === "takeback");
    lastSeq.current = update.seq;
    exposeForTests({ lastUpdate: testJson(MatchUpdateSchema, update, viewTypes(loadedGames())) });
    setState((s) => {
      // An event's lines arrive together, so lines of an event already shown are a repeat (a
      // resubscription overlapping what the page had).
      const shown = s.log.length ? s.log[s.log.length - 1].seq : -1;
      const log = s.log.concat(update.log.filter((e) => e.seq > shown));
      return { ...s, update, log, clockSkew: Number(update.serverTime) - Date.now() / 1000 };
    });
    if (cutBack) reloadLog();
    markSeen();
  }, [markSeen, reloadLog]);

  const fail = useCallback((e: unknown) => {
    setState((s) => ({ ...s, error: e instanceof Error ? e.message : String(e) }));
    if (e instanceof ServerError && e.code === ErrorCode.STALE_SEQ && e.reply.body.case === "error") {
      const current = e.reply.body.value.current;
      if (current) apply(current);
    }
  }, [apply]);

  const subscribe = useCallback(async () => {
    try {
      if (seated.current === null) {
        seated.current = false;
        if (user) {
          const mine = await conn.call({ case: "listMatches", value: { filter: ListMatches_Filter.MINE, limit: 1000 } }, "matches");
          seated.current = mine.matches.some((m) => m.matchId === matchId && m.yourSeats.length > 0);
        }
      }
      const since = lastSeq.current;
      const update = seated.current
        ? await conn.call({ case: "joinMatch", value: { matchId, sinceSeq: since } }, "update")
        : await conn.call({ case: "watchMatch", value: { matchId, sinceSeq: since, inviteCode: invite } }, "update");
      setState((s) => ({ ...s, seated: seated.current === true, error: "" }));
      apply(update);
      // What was said before the page opened (or while it was disconnected).
      const chat = await conn.call({ case: "fetchChat", value: { matchId } }, "chatLog");
      setState((s) => ({ ...s, chat: mergeChat(chat.lines, s.chat) }));
    } catch (e) {
      fail(e);
    }
  }, [conn, user, matchId, invite, apply, fail]);

  useEffect(() => {
    setMatchOnScreen(matchId);
    void subscribe();
    const offPush = conn.onPush((m) => {
      if (m.body.case === "update" && m.body.value.matchId === matchId) {
        const mySeat = seated.current ? m.body.value.yourSeat >= 0 : m.body.value.yourSeat < 0;
        if (mySeat) apply(m.body.value);
      } else if (m.body.case === "chat" && m.body.value.matchId === matchId) {
        const line = m.body.value;
        setState((s) => ({ ...s, chat: mergeChat(s.chat, [line]) }));
      }
    });
    const offState = conn.onState((up) => {
      if (up) void subscribe();
    });
    document.addEventListener("visibilitychange", markSeen);
    return () => {
      setMatchOnScreen(null);
      offPush();
      offState();
      document.removeEventListener("visibilitychange", markSeen);
      exposeForTests({ lastUpdate: undefined });
      conn.request({ case: "unsubscribe", value: { matchId } }).catch(() => undefined);
    };
  }, [conn, matchId, subscribe, apply, markSeen]);

  const request = useCallback(async (body: RequestBody) => {
    try {
      const reply = await conn.request(body);
      if (reply.body.case === "update") apply(reply.body.value);
      if (reply.body.case === "submitted" && reply.body.value.update) apply(reply.body.value.update);
      if (reply.body.case === "rematch" && reply.body.value.newMatchId !== 0n) {
        location.hash = `#/match/${reply.body.value.newMatchId}`;
      }
      setState((s) => ({ ...s, error: "" }));
    } catch (e) {
      fail(e);
    }
  }, [conn, apply, fail]);

  const choose = useCallback(async (choice: LegalChoice) => {
    const update = state.update;
    if (!update || !choice.action) return;
    await request({
      case: "submitAction",
      value: {
        matchId,
        expectedSeq: update.seq,
        clientActionId: crypto.randomUUID(),
        action: choice.action,
        seat: update.yourSeat,
      },
    });
  }, [state.update, matchId, request]);

  const takeSeat = useCallback(async (side: string) => {
    try {
      const update = await conn.call({ case: "joinMatch", value: { matchId, side, inviteCode: invite } }, "update");
      seated.current = true;
      setState((s) => ({ ...s, seated: true, error: "" }));
      apply(update);
    } catch (e) {
      fail(e);
    }
  }, [conn, matchId, invite, apply, fail]);

  const clearError = useCallback(() => setState((s) => ({ ...s, error: "" })), []);
  return [state, { choose, request, takeSeat, clearError }];
}
