// Player names of one event by user id: from its player list, and from its boards for players
// shown there (the list has everyone who registered, so this rarely falls back to the id).
import type { TournamentInfo } from "../gen/wire_pb";

export type NameOf = (user: bigint) => string;

export function namesOf(info: TournamentInfo): NameOf {
  const names = new Map<bigint, string>();
  for (const b of info.boards) {
    if (b.aName) names.set(b.aUser, b.aName);
    if (b.bName) names.set(b.bUser, b.bName);
  }
  for (const p of info.players) names.set(p.userId, p.userName);
  return (user) => names.get(user) ?? `user ${user}`;
}
