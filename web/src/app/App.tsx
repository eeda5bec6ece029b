// The application shell: one connection for the whole tab, who is logged in, the navigation bar
// and the page the hash route names.
import { useEffect, useState } from "preact/hooks";
import { LobbyPage } from "../pages/LobbyPage";
import { LoginPage } from "../pages/LoginPage";
import { LandingPage } from "../pages/LandingPage";
import { JoinPage } from "../pages/JoinPage";
import { MatchPage } from "../match/MatchPage";
import { ReplayPage } from "../replay/ReplayPage";
import { SettingsPage } from "../pages/SettingsPage";
import { TournamentsPage } from "../tournaments/TournamentsPage";
import { TournamentPage } from "../tournaments/TournamentPage";
import { RatingsPage } from "../tournaments/RatingsPage";
import { startBrowserNotifications } from "../notify/notifications";
import { errorText } from "./format";
import { links, useRoute, type Route } from "./router";
import { logout, userFromHello, type SessionUser } from "./session";
import { exposeForTests } from "./testing";
import { connection } from "../early";
import type { Connection } from "../net/connection";

export function App() {
  const conn = connection;
  const route = useRoute();
  const [user, setUser] = useState<SessionUser | null>(null);
  const [ready, setReady] = useState(false);
  const [connected, setConnected] = useState(true);
  const [failure, setFailure] = useState("");

  useEffect(() => {
    exposeForTests({ user: null });
    const offState = conn.onState((up) => {
      setConnected(up);
      if (up) setFailure("");
      // A new socket is authenticated by the cookie; its Hello says who we still are. The same
      // user keeps the same object, so pages do not resubscribe twice.
      if (up) setUser((before) => keepIfSame(before, userFromHello(conn)));
    });
    conn
      .open()
      .then(() => setUser(userFromHello(conn)))
      .catch((e) => setFailure(errorText(e)))
      .finally(() => setReady(true));
    const offNotify = startBrowserNotifications(conn);
    return () => {
      offState();
      offNotify();
      conn.close();
    };
  }, [conn]);

  useEffect(() => exposeForTests({ user: user ? user.name : null }), [user]);

  const signOut = async () => {
    await logout(conn);
    setUser(null);
    location.hash = links.login;
  };

  // The first thing a keyboard reaches: past the navigation to the board (a match or a replay)
  // or to the page's content (WCAG 2.4.1).
  const toBoard = route.page === "match" || route.page === "replay";
  const skip = (e: Event) => {
    e.preventDefault();  // the hash is the route: the link moves the focus instead
    const target = (toBoard && document.getElementById("board")) || document.getElementById("content");
    target?.focus();
    target?.scrollIntoView({ block: "start" });
  };

  return (
    <div class="app">
      <a class="skip-link" href="#content" onClick={skip}>{toBoard ? "Skip to the board" : "Skip to the content"}</a>
      <header class="topbar">
        <a class="brand" href="#/">Frontier</a>
        <nav aria-label="Main">
          <a href={links.lobby}>Lobby</a>
          <a href={links.tournaments}>Tournaments</a>
          <a href={links.ratings}>Ratings</a>
          {user && <a href={links.settings}>Settings</a>}
        </nav>
        <div class="who">
          {user ? (
            <>
              <span data-testid="user-name">{user.name}</span>{" "}
              <button type="button" onClick={() => void signOut()}>Log out</button>
            </>
          ) : (
            <a href={links.login}>Log in or register</a>
          )}
        </div>
      </header>
      {!connected && <p class="banner warning" role="status">Connection lost; reconnecting…</p>}
      {failure && <p class="banner error" role="alert">{failure}</p>}
      <main id="content" tabIndex={-1}>{ready ? <Page route={route} conn={conn} user={user} onUser={setUser} /> : <p>Connecting…</p>}</main>
    </div>
  );
}

function keepIfSame(before: SessionUser | null, now: SessionUser | null): SessionUser | null {
  return before && now && before.id === now.id ? before : now;
}

function Page(props: { route: Route; conn: Connection; user: SessionUser | null; onUser: (u: SessionUser) => void }) {
  const { route, conn, user } = props;
  switch (route.page) {
    case "home":
    case "lobby":
      // A visitor first learns what this is; logging in is one click from there.
      return user ? <LobbyPage conn={conn} user={user} /> : <LandingPage conn={conn} />;
    case "login":
      return <LoginPage conn={conn} onUser={props.onUser} />;
    case "match":
      return <MatchPage key={route.id.toString()} conn={conn} user={user} matchId={route.id} invite={route.invite} />;
    case "join":
      return user ? (
        <JoinPage key={route.id.toString()} conn={conn} matchId={route.id} invite={route.invite} />
      ) : (
        <LoginPage conn={conn} onUser={props.onUser} reason="Log in or register to take your seat." />
      );
    case "replay":
      return <ReplayPage key={route.id.toString()} conn={conn} user={user} matchId={route.id} invite={route.invite} />;
    case "settings":
      return user ? <SettingsPage conn={conn} /> : <LoginPage conn={conn} onUser={props.onUser} />;
    case "tournaments":
      return <TournamentsPage conn={conn} user={user} />;
    case "ratings":
      return <RatingsPage key={route.game ?? ""} conn={conn} user={user} game={route.game} />;
    case "tournament":
      return <TournamentPage key={route.id.toString()} conn={conn} user={user} id={route.id} />;
    case "not-found":
      return <p>There is no page at “{route.path}”. <a href={links.lobby}>Go to the lobby</a>.</p>;
  }
}
