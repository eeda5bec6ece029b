// What every tournament page receives. SessionUser is helper C's type from app/session.ts, not on
// main when these pages were written: the same shape is declared here and can be replaced by an
// import once it is.
import type { Connection } from "../net/connection";

export type SessionUser = { id: bigint; name: string };

export type PageProps = { conn: Connection; user: SessionUser | null };
