// Creating a match: game, scenario and options (named as in the rulebook), the creator's side,
// the opponent (a person, or the computer at a level: it then starts at once), public or
// private (a private match is joined through its invite link), rated or casual, and the clock.
import { useState } from "preact/hooks";
import type { Connection } from "../net/connection";
import { Visibility, type GameList } from "../gen/wire_pb";
import type { GameInfo } from "../gen/game_pb";
import { links } from "../app/router";
import { errorText } from "../app/format";
import { InviteLink } from "./InviteLink";
import { CustomClockInputs } from "./CustomClockInputs";
import { customTimeControl, defaultCustomClock, type CustomClockFields } from "./customClock";

type Created = { id: bigint; invite: string };

// The clock select's value for a clock of the player's own making (preset names are lower case words).
const CUSTOM = "custom";

export function CreateMatchForm(props: { conn: Connection; games: GameList; onCreated: () => void }) {
  const playable = props.games.games.filter((g) => g.id !== "generic");
  const [gameId, setGameId] = useState(playable[0]?.id ?? "");
  const game = playable.find((g) => g.id === gameId);
  const solitaire = (game?.seats.length ?? 0) < 2;
  const [scenario, setScenario] = useState("");
  const [options, setOptions] = useState<Record<string, string>>({});
  const [side, setSide] = useState("");
  const [visibility, setVisibility] = useState(Visibility.PUBLIC);
  const [vsBot, setVsBot] = useState("");  // "" = a person; else the computer's level
  // null = the server's default, which the form shows: rated for public matches and games
  // against the computer, casual for private ones (docs/play-by-web.md).
  const [ratedChoice, setRatedChoice] = useState<boolean | null>(null);
  const rated = ratedChoice ?? (vsBot !== "" || visibility === Visibility.PUBLIC);
  const [clock, setClock] = useState("");
  const [custom, setCustom] = useState<CustomClockFields>(defaultCustomClock);
  const [created, setCreated] = useState<Created | null>(null);
  const [error, setError] = useState("");

  const chooseGame = (id: string) => {
    setGameId(id);
    setScenario("");
    setOptions({});
    setSide("");
  };

  const create = async (e: Event) => {
    e.preventDefault();
    setError("");
    const chosen = chosenTimeControl(props.games, clock, custom);
    if ("problem" in chosen) {
      setError(chosen.problem);
      return;
    }
    try {
      const reply = await props.conn.call(
        {
          case: "createMatch",
          value: {
            game: gameId,
            scenario: scenario || game?.scenarios[0]?.id || "",
            options: Object.entries(options).map(([id, value]) => ({ id, value })),
            side,
            visibility,
            timeControl: chosen.clock,
            vsBot: solitaire ? "" : vsBot,
            rated: solitaire ? undefined : rated,
          },
        },
        "created",
      );
      props.onCreated();
      if (visibility === Visibility.PRIVATE && !vsBot) setCreated({ id: reply.matchId, invite: reply.inviteCode });
      else location.hash = links.match(reply.matchId);
    } catch (err) {
      setError(errorText(err));
    }
  };

  return (
    <section aria-labelledby="create-match">
      <h2 id="create-match">Create a match</h2>
      {/* noValidate: the custom clock's checks speak in the form's own alert, one place for every problem. */}
      <form class="create-match" onSubmit={(e) => void create(e)} noValidate>
        <label>
          Game
          <select name="game" value={gameId} onChange={(e) => chooseGame(e.currentTarget.value)}>
            {playable.map((g) => (
              <option key={g.id} value={g.id}>{g.title}</option>
            ))}
          </select>
        </label>
        {game && game.scenarios.length > 1 && (
          <label>
            Scenario
            <select name="scenario" value={scenario || game.scenarios[0].id}
              onChange={(e) => setScenario(e.currentTarget.value)}>
              {game.scenarios.map((s) => (
                <option key={s.id} value={s.id}>{s.name}</option>
              ))}
            </select>
          </label>
        )}
        {game && <GameOptions game={game} values={options} onChange={setOptions} />}
        {game && game.seats.length > 1 && (
          <label>
            Your side
            <select name="side" value={side} onChange={(e) => setSide(e.currentTarget.value)}>
              <option value="">Any</option>
              {game.seats.map((s) => (
                <option key={s} value={s}>{s}</option>
              ))}
            </select>
          </label>
        )}
        {game && !solitaire && (
          <label>
            Opponent
            <select name="opponent" value={vsBot} onChange={(e) => setVsBot(e.currentTarget.value)}>
              <option value="">A person (joins from the lobby or by link)</option>
              <option value="easy">The computer, easy</option>
              <option value="normal">The computer, normal</option>
              <option value="hard">The computer, hard</option>
            </select>
          </label>
        )}
        {(solitaire || !vsBot) && <fieldset>
          <legend>Who may join</legend>
          <label>
            <input type="radio" name="visibility" checked={visibility === Visibility.PUBLIC}
              onChange={() => setVisibility(Visibility.PUBLIC)} />
            Public (listed in the lobby)
          </label>
          <label>
            <input type="radio" name="visibility" checked={visibility === Visibility.PRIVATE}
              onChange={() => setVisibility(Visibility.PRIVATE)} />
            Private (by invite link)
          </label>
        </fieldset>}
        {game && !solitaire && <fieldset>
          <legend>Rating</legend>
          <label>
            <input type="radio" name="rated" value="rated" checked={rated} onChange={() => setRatedChoice(true)} />
            Rated (the result moves both players' ratings)
          </label>
          <label>
            <input type="radio" name="rated" value="casual" checked={!rated} onChange={() => setRatedChoice(false)} />
            Casual (ratings stay as they are)
          </label>
        </fieldset>}
        <label>
          Clock
          <select name="clock" value={clock} onChange={(e) => setClock(e.currentTarget.value)}>
            <option value="">Untimed</option>
            {props.games.clockPresets.map((p) => (
              <option key={p.name} value={p.name}>{p.name}: {p.description}</option>
            ))}
            <option value={CUSTOM}>Custom…</option>
          </select>
        </label>
        {clock === CUSTOM && <CustomClockInputs value={custom} onChange={setCustom} />}
        <button type="submit">Create match</button>
        {error && <p class="error" role="alert">{error}</p>}
      </form>
      {created && <InviteLink matchId={created.id} code={created.invite} openLink />}
    </section>
  );
}

// What the clock select (and, for a custom clock, its inputs) asks for: undefined = untimed.
function chosenTimeControl(games: GameList, clock: string, custom: CustomClockFields) {
  if (clock === CUSTOM) return customTimeControl(custom);
  return { clock: games.clockPresets.find((p) => p.name === clock)?.timeControl };
}

// An option's choice as a person reads it: its own name; a scenario's id ("scenario1", the set-up
// Scenario 3 starts from) by its number and name, "Scenario 1: On to Afghanistan!"; else the
// value ("on", "off").
export function choiceName(game: GameInfo, choice: { value: string; name: string }): string {
  if (choice.name) return choice.name;
  const index = game.scenarios.findIndex((s) => s.id === choice.value);
  return index >= 0 ? `Scenario ${index + 1}: ${game.scenarios[index].name}` : choice.value;
}

function GameOptions(props: { game: GameInfo; values: Record<string, string>; onChange: (v: Record<string, string>) => void }) {
  return (
    <>
      {props.game.options.map((o) => (
        <label key={o.id} title={o.description}>
          {o.name}
          <select name={`option-${o.id}`} value={props.values[o.id] ?? o.defaultValue}
            onChange={(e) => props.onChange({ ...props.values, [o.id]: e.currentTarget.value })}>
            {o.choices.map((c) => (
              <option key={c.value} value={c.value}>{choiceName(props.game, c)}</option>
            ))}
          </select>
          {o.description && <span class="hint">{o.description}</span>}
        </label>
      ))}
    </>
  );
}
