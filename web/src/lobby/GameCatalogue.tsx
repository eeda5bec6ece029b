// What the server offers, with the rulebook each game's rule numbers refer to.
import type { GameList } from "../gen/wire_pb";

export function GameCatalogue(props: { games: GameList }) {
  return (
    <section aria-labelledby="games">
      <h2 id="games">Games</h2>
      <dl class="catalogue">
        {props.games.games
          .filter((g) => g.id !== "generic")
          .map((g) => (
            <div key={g.id}>
              <dt>{g.title}</dt>
              <dd>
                Sides: {g.seats.join(", ")}
                {g.rulebook && <> · Rulebook: {g.rulebook}</>}
                <ul>
                  {g.scenarios.map((s) => (
                    <li key={s.id}>
                      <strong>{s.name}</strong> {s.description}
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
          ))}
      </dl>
    </section>
  );
}
