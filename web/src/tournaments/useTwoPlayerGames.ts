// The games that can host a tournament or have ratings: tournaments pair two players, so only
// the server's two-seat games (ListGames) are offered.
import { useEffect, useState } from "preact/hooks";
import type { GameInfo } from "../gen/game_pb";
import type { Connection } from "../net/connection";
import { errorText } from "./format";

export function useTwoPlayerGames(conn: Connection, onError: (message: string) => void): GameInfo[] {
  const [games, setGames] = useState<GameInfo[]>([]);
  useEffect(() => {
    conn
      .call({ case: "listGames", value: {} }, "games")
      .then((list) => setGames(list.games.filter((g) => g.seats.length === 2)))
      .catch((e) => onError(errorText(e)));
  }, [conn]);
  return games;
}
