// Who is logged in, and the account requests around it. The token from Register/Login is handed
// to the server once (POST /api/session sets an HttpOnly cookie) and then forgotten: nothing
// secret is kept where page scripts (or other sites) could read it. A reload is authenticated by
// that cookie when the WebSocket says Hello, whose reply names the user.
import type { Connection } from "../net/connection";

export interface SessionUser {
  id: bigint;
  name: string;
}

// The user the server greeted this connection as, or null when anonymous.
export function userFromHello(conn: Connection): SessionUser | null {
  const hello = conn.helloReply;
  if (!hello || hello.userId === 0n) return null;
  return { id: hello.userId, name: hello.userName };
}

export async function login(conn: Connection, name: string, password: string): Promise<SessionUser> {
  const auth = await conn.call({ case: "login", value: { name, password } }, "auth");
  await storeSessionCookie(auth.token);
  return { id: auth.userId, name: auth.userName };
}

export async function register(conn: Connection, name: string, password: string): Promise<SessionUser> {
  const auth = await conn.call({ case: "register", value: { name, password } }, "auth");
  await storeSessionCookie(auth.token);
  return { id: auth.userId, name: auth.userName };
}

export async function logout(conn: Connection): Promise<void> {
  // The server forgets the token first; the cookie is dropped even if the socket is down.
  await conn.request({ case: "logout", value: {} }).catch(() => undefined);
  await fetch("/api/session", { method: "DELETE", credentials: "same-origin" }).catch(() => undefined);
}

async function storeSessionCookie(token: string): Promise<void> {
  const response = await fetch("/api/session", {
    method: "POST",
    credentials: "same-origin",
    headers: { "Content-Type": "text/plain" },
    body: token,
  });
  if (!response.ok) throw new Error(`the server did not keep the session (HTTP ${response.status})`);
}
