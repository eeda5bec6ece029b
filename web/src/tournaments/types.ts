// What every tournament page receives: the connection and who is logged in.
import type { SessionUser } from "../app/session";
import type { Connection } from "../net/connection";

export type { SessionUser };

export type PageProps = { conn: Connection; user: SessionUser | null };
