// Placeholder until the tournament pages land (they replace this file).
import type { SessionUser } from "../app/session";
import type { Connection } from "../net/connection";

export function TournamentsPage(_props: { conn: Connection; user: SessionUser | null }) {
  return <section><h1>Tournaments</h1></section>;
}
