// The lobby: create a match, join an open one, and the player's own matches in the server's order.
import { useCallback, useEffect, useState } from "preact/hooks";
import type { Connection } from "../net/connection";
import type { SessionUser } from "../app/session";
import { useGames } from "../app/games";
import { errorText } from "../app/format";
import { CreateMatchForm } from "../lobby/CreateMatchForm";
import { MyMatches } from "../lobby/MyMatches";
import { OpenMatches } from "../lobby/OpenMatches";
import { GameCatalogue } from "../lobby/GameCatalogue";
import { ListMatches_Filter, type MatchSummary } from "../gen/wire_pb";

export function LobbyPage(props: { conn: Connection; user: SessionUser }) {
  const { conn } = props;
  const games = useGames(conn);
  const [mine, setMine] = useState<MatchSummary[] | null>(null);
  const [open, setOpen] = useState<MatchSummary[] | null>(null);
  const [error, setError] = useState("");

  const refresh = useCallback(() => {
    const list = (filter: ListMatches_Filter) =>
      conn.call({ case: "listMatches", value: { filter } }, "matches").then((m) => m.matches);
    Promise.all([list(ListMatches_Filter.MINE), list(ListMatches_Filter.OPEN)])
      .then(([m, o]) => {
        setMine(m);
        setOpen(o);
        setError("");
      })
      .catch((e) => setError(errorText(e)));
  }, [conn]);

  useEffect(() => {
    refresh();
    // A notification (your turn, a match started or ended) changes the lists: fetch them again.
    const offPush = conn.onPush((m) => {
      if (m.body.case === "notification") refresh();
    });
    const offState = conn.onState((up) => up && refresh());
    return () => {
      offPush();
      offState();
    };
  }, [conn, refresh]);

  return (
    <div class="lobby">
      <h1>Lobby</h1>
      {error && <p class="error" role="alert">{error}</p>}
      <button type="button" onClick={refresh}>Refresh</button>
      <MyMatches games={games} matches={mine} user={props.user} />
      <OpenMatches conn={conn} games={games} matches={open} user={props.user} onChanged={refresh} />
      {games && <CreateMatchForm conn={conn} games={games} onCreated={refresh} />}
      {games && <GameCatalogue games={games} />}
    </div>
  );
}
