// The front page for a visitor who is not logged in: what Frontier is, its games (from the
// server's own list, so a new game shows here without a change to this page), how to start, and
// what may be looked at without an account. Logged-in players go to the lobby instead.
import type { Connection } from "../net/connection";
import type { GameInfo } from "../gen/game_pb";
import { useGames } from "../app/games";
import { links } from "../app/router";

// One line about a game: who plays it and in how many scenarios.
function gameLine(game: GameInfo): string {
  const who =
    game.seats.length === 1
      ? `A solitaire game: you play ${game.seats[0]} against the game itself.`
      : `For two players, ${game.seats.join(" against ")}; play a friend or the computer.`;
  const scenarios = game.scenarios.length;
  return scenarios > 1 ? `${who} ${scenarios} scenarios.` : who;
}

export function LandingPage(props: { conn: Connection }) {
  const games = useGames(props.conn);
  const shown = (games?.games ?? []).filter((g) => g.id !== "generic");
  return (
    <div class="landing">
      <h1>Frontier</h1>
      <p class="lead">
        Play 19th-century wargames online: the Sudan of the Mahdi and the Great Game in Central Asia, on a
        map in your browser, by the rules of the boxed games. The server applies every rule and rolls every
        die; at the end of a game anyone can check that the dice were fair.
      </p>
      <p>
        Play a friend move by move over days, or in one sitting; play the computer at three levels; or hold
        Khartoum alone as Gordon.
      </p>

      <section aria-labelledby="landing-games">
        <h2 id="landing-games">The games</h2>
        {games === null ? (
          <p>Loading…</p>
        ) : (
          <ul class="landing-games" data-testid="landing-games">
            {shown.map((g) => (
              <li key={g.id} data-game={g.id}>
                <strong>{g.title}</strong> — {gameLine(g)}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="landing-start">
        <h2 id="landing-start">How to start</h2>
        <ol>
          <li>
            <a href={links.login}>Register</a> with a name and a password (nothing else is asked), or{" "}
            <a href={links.login}>log in</a>.
          </li>
          <li>In the lobby, create a match (the game, your side, a person or the computer) or join an open one.</li>
          <li>Make your moves by clicking the highlighted places on the map; the log and the chat are beside it.</li>
        </ol>
        <p><a class="button-link" href={links.login}>Register or log in</a></p>
      </section>

      <section aria-labelledby="landing-look">
        <h2 id="landing-look">Look around first</h2>
        <ul>
          <li><a href={links.tournaments}>Tournaments</a>: events open for registration, running and finished.</li>
          <li><a href={links.ratings}>Ratings</a>: the players' ratings for each game.</li>
        </ul>
      </section>
    </div>
  );
}
