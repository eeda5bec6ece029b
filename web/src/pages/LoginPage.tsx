// Log in or register; on success the server keeps the session in an HttpOnly cookie.
import { useState } from "preact/hooks";
import type { Connection } from "../net/connection";
import { errorText } from "../app/format";
import { login, register, type SessionUser } from "../app/session";

export function LoginPage(props: { conn: Connection; onUser: (u: SessionUser) => void; reason?: string }) {
  const [name, setName] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  const submit = async (mode: "login" | "register") => {
    setBusy(true);
    setError("");
    try {
      const user = await (mode === "login" ? login : register)(props.conn, name.trim(), password);
      props.onUser(user);
      // Stay on an invitation or match link; otherwise go to the lobby.
      if (location.hash === "" || location.hash === "#/" || location.hash === "#/login") location.hash = "#/lobby";
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section class="login">
      <h1>Welcome to Frontier</h1>
      {props.reason && <p>{props.reason}</p>}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void submit("login");
        }}
      >
        <label>
          Name
          <input name="name" autocomplete="username" required value={name}
            onInput={(e) => setName(e.currentTarget.value)} />
        </label>
        <label>
          Password
          <input name="password" type="password" autocomplete="current-password" required value={password}
            onInput={(e) => setPassword(e.currentTarget.value)} />
        </label>
        <div class="buttons">
          <button type="submit" disabled={busy}>Log in</button>
          <button type="button" disabled={busy} onClick={() => void submit("register")}>Register</button>
        </div>
        <p class="hint">New here? Choose a name (3–32 letters, digits, _ or -) and a password of at least 8
          characters, then press Register.</p>
        {error && <p class="error" role="alert">{error}</p>}
      </form>
    </section>
  );
}
