// Placeholder until the tournament pages land (they replace this file).
import type { SessionUser } from "../app/session";
import type { Connection } from "../net/connection";

export function TournamentPage(props: { conn: Connection; user: SessionUser | null; id: bigint }) {
  return <section><h1>Tournament {props.id.toString()}</h1></section>;
}
