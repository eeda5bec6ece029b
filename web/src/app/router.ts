// Hash routing: every page has an address (#/match/12) that survives a reload and can be shared,
// and the server only ever serves index.html.
import { useEffect, useState } from "preact/hooks";

export type Route =
  | { page: "home" }
  | { page: "login" }
  | { page: "lobby" }
  | { page: "match"; id: bigint; invite: string }
  | { page: "join"; id: bigint; invite: string }
  | { page: "replay"; id: bigint; invite: string }
  | { page: "settings" }
  | { page: "tournaments" }
  | { page: "ratings"; game?: string }
  | { page: "tournament"; id: bigint }
  | { page: "not-found"; path: string };

export function parseRoute(hash: string): Route {
  const path = hash.replace(/^#/, "") || "/";
  const parts = path.split("/").filter((p) => p !== "");
  const id = (text: string | undefined) => (text && /^\d{1,20}$/.test(text) ? BigInt(text) : null);
  const [head, first, second] = parts;
  if (parts.length === 0) return { page: "home" };
  if (parts.length === 1) {
    if (head === "login" || head === "lobby" || head === "settings" || head === "tournaments" || head === "ratings") {
      return { page: head };
    }
  }
  // One game's ratings: #/ratings/khartoum (a game id is letters, digits, '_' and '-').
  if (head === "ratings" && parts.length === 2 && /^[A-Za-z0-9_-]{1,64}$/.test(first)) return { page: "ratings", game: first };
  const matchId = id(first);
  if (matchId !== null) {
    // A private match is watched with its invite code: #/match/<id>/<code>.
    if (head === "match" && parts.length <= 3) return { page: "match", id: matchId, invite: second ?? "" };
    // A private match's replay carries the code too, for whoever watches it by link.
    if (head === "replay" && parts.length <= 3) return { page: "replay", id: matchId, invite: second ?? "" };
    if (head === "tournament" && parts.length === 2) return { page: "tournament", id: matchId };
    if (head === "join" && parts.length <= 3) return { page: "join", id: matchId, invite: second ?? "" };
  }
  return { page: "not-found", path };
}

export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.hash));
  useEffect(() => {
    const changed = () => setRoute(parseRoute(location.hash));
    window.addEventListener("hashchange", changed);
    return () => window.removeEventListener("hashchange", changed);
  }, []);
  return route;
}

export function go(path: string): void {
  location.hash = path;
}

export const links = {
  lobby: "#/lobby",
  login: "#/login",
  settings: "#/settings",
  tournaments: "#/tournaments",
  ratings: "#/ratings",
  ratingsOf: (game: string) => `#/ratings/${game}`,
  match: (id: bigint, invite = "") => (invite ? `#/match/${id}/${invite}` : `#/match/${id}`),
  replay: (id: bigint, invite = "") => (invite ? `#/replay/${id}/${invite}` : `#/replay/${id}`),
  join: (id: bigint, invite: string) => `#/join/${id}/${invite}`,
};
