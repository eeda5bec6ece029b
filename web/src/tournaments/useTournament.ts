// One event kept fresh on a page. The server pushes nothing about tournaments, so a running event
// is fetched again every few seconds (and after every change the page makes, whose reply already
// carries the new state).
import { useCallback, useEffect, useState } from "preact/hooks";
import type { TournamentInfo } from "../gen/wire_pb";
import type { Connection } from "../net/connection";
import { errorText } from "./format";

const REFRESH_MS = 5000;

export function useTournament(conn: Connection, id: bigint) {
  const [info, setInfo] = useState<TournamentInfo | null>(null);
  const [error, setError] = useState<string | null>(null);

  const reload = useCallback(async () => {
    try {
      setInfo(await conn.call({ case: "getTournament", value: { tournamentId: id } }, "tournament"));
      setError(null);
    } catch (e) {
      setError(errorText(e));
    }
  }, [conn, id]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const running = info?.phase !== "finished";
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => void reload(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [reload, running]);

  return { info, setInfo, error, setError, reload };
}
