// The server's catalogue (games, scenarios, options, clock paces), fetched once per tab: it only
// changes when the server is upgraded.
import { useEffect, useState } from "preact/hooks";
import type { Connection } from "../net/connection";
import type { GameList } from "../gen/wire_pb";
import type { GameInfo } from "../gen/game_pb";

let cached: Promise<GameList> | null = null;
let loaded: GameList | null = null;

export function fetchGames(conn: Connection): Promise<GameList> {
  if (!cached) {
    cached = conn.call({ case: "listGames", value: {} }, "games");
    cached.then((list) => (loaded = list), () => (cached = null));
  }
  return cached;
}

// The catalogue if it has arrived (null before), for code that cannot wait for it.
export function loadedGames(): GameList | null {
  return loaded;
}

export function useGames(conn: Connection): GameList | null {
  const [games, setGames] = useState<GameList | null>(null);
  useEffect(() => {
    fetchGames(conn).then(setGames, () => undefined);
  }, [conn]);
  return games;
}

export function gameTitle(list: GameList | null, id: string): string {
  return list?.games.find((g) => g.id === id)?.title ?? id;
}

// The side names of a game, seat 0 first ([] while the list is loading).
export function sideNames(list: GameList | null, id: string): string[] {
  return list?.games.find((g) => g.id === id)?.seats ?? [];
}

export function scenarioName(game: GameInfo | undefined, id: string): string {
  return game?.scenarios.find((s) => s.id === id)?.name ?? id;
}
