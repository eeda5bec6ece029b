// The replay's current frame: the view one seat had just after one event. Moving fast (a key
// held down, the slider dragged) asks for many positions; only one request is out at a time and
// the next one asks for the latest position wanted, so the page keeps up without flooding the
// server (whose rate limit would refuse the excess).
import { useEffect, useRef, useState } from "preact/hooks";
import type { Connection } from "../net/connection";
import { ViewAtSchema, type ViewAt } from "../gen/wire_pb";
import { errorText } from "../app/format";
import { exposeForTests } from "../app/testing";
import { loadedGames } from "../app/games";
import { testJson, viewTypes } from "../views/test-json";

export function useViewAt(conn: Connection, matchId: bigint, seat: number | null, seq: number) {
  const [frame, setFrame] = useState<ViewAt | null>(null);
  const [error, setError] = useState("");
  const wanted = useRef<{ seq: number; seat: number } | null>(null);
  const busy = useRef(false);

  useEffect(() => {
    if (seat === null) return;
    wanted.current = { seq, seat };
    if (busy.current) return;  // the request out now asks for this one when it is answered
    busy.current = true;
    void (async () => {
      while (wanted.current) {
        const ask = wanted.current;
        wanted.current = null;
        try {
          const v = await conn.call({ case: "fetchViewAt", value: { matchId, ...ask } }, "viewAt");
          setFrame(v);
          setError("");
          exposeForTests({ lastViewAt: testJson(ViewAtSchema, v, viewTypes(loadedGames())) });
        } catch (e) {
          setError(errorText(e));
        }
      }
      busy.current = false;
    })();
  }, [conn, matchId, seq, seat]);

  return { frame, error };
}
