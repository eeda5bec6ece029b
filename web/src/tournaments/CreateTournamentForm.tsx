// The organiser's form for a new event: every CreateTournament field, with the server's defaults
// shown as the form's (first scenario, 5 Swiss rounds, one cycle, Buchholz then Sonneborn–Berger,
// rated). The fields that only mean something for one format appear with that format.
import { useEffect, useState } from "preact/hooks";
import type { GameInfo } from "../gen/game_pb";
import { type TournamentInfo, TournamentFormat } from "../gen/wire_pb";
import type { Connection } from "../net/connection";
import { FORMAT_NAMES, errorText, localToUnix } from "./format";
import { GameSelect } from "./GameSelect";
import { TiebreakPicker } from "./TiebreakPicker";
import { useTwoPlayerGames } from "./useTwoPlayerGames";

type Props = { conn: Connection; onCreated: (t: TournamentInfo) => void };

type Form = {
  name: string;
  game: string;
  scenario: string;
  options: Record<string, string>;
  format: TournamentFormat;
  rounds: number;
  cycles: number;
  miniMatch: boolean;
  thirdPlace: boolean;
  allAtOnce: boolean;
  minPlayers: number;
  maxPlayers: number;
  opensAt: string;
  closesAt: string;
  startAt: string;
  roundMinutes: number;
  tiebreaks: string[];
  rated: boolean;
};

const INITIAL: Form = {
  name: "",
  game: "",
  scenario: "",
  options: {},
  format: TournamentFormat.SWISS,
  rounds: 5,
  cycles: 1,
  miniMatch: false,
  thirdPlace: false,
  allAtOnce: false,
  minPlayers: 2,
  maxPlayers: 0,
  opensAt: "",
  closesAt: "",
  startAt: "",
  roundMinutes: 0,
  tiebreaks: ["buchholz", "sonneborn-berger"],
  rated: true,
};

function defaultsFor(game: GameInfo | undefined): Pick<Form, "scenario" | "options"> {
  const options: Record<string, string> = {};
  for (const o of game?.options ?? []) options[o.id] = o.defaultValue;
  return { scenario: game?.scenarios[0]?.id ?? "", options };
}

export function CreateTournamentForm({ conn, onCreated }: Props) {
  const [form, setForm] = useState<Form>(INITIAL);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const games = useTwoPlayerGames(conn, setError);
  // The first game (and its defaults) until the organiser picks one.
  useEffect(() => {
    if (!form.game && games[0]) setForm((f) => ({ ...f, game: games[0].id, ...defaultsFor(games[0]) }));
  }, [games]);

  const game = games.find((g) => g.id === form.game);
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));
  const swiss = form.format === TournamentFormat.SWISS;
  const roundRobin = form.format === TournamentFormat.ROUND_ROBIN;
  const knockout = !swiss && !roundRobin;

  const submit = async (e: Event) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const created = await conn.call(
        {
          case: "createTournament",
          value: {
            name: form.name.trim(),
            game: form.game,
            scenario: form.scenario,
            options: Object.entries(form.options).map(([id, value]) => ({ id, value })),
            format: form.format,
            rounds: swiss ? form.rounds : 0,
            cycles: roundRobin ? form.cycles : 0,
            miniMatch: form.miniMatch,
            thirdPlaceMatch: form.format === TournamentFormat.SINGLE_ELIMINATION && form.thirdPlace,
            allRoundsAtOnce: roundRobin && form.allAtOnce,
            minPlayers: form.minPlayers,
            maxPlayers: form.maxPlayers,
            registrationOpensAt: localToUnix(form.opensAt),
            registrationClosesAt: localToUnix(form.closesAt),
            startAt: localToUnix(form.startAt),
            roundTimeLimit: BigInt(Math.round(form.roundMinutes * 60)),
            tiebreaks: knockout ? [] : form.tiebreaks,
            unrated: !form.rated,
          },
        },
        "tournament",
      );
      setForm((f) => ({ ...f, name: "" }));
      onCreated(created);
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const number = (key: "rounds" | "minPlayers" | "maxPlayers" | "roundMinutes", min: number) => (
    <input
      type="number"
      name={key}
      min={min}
      value={form[key]}
      onInput={(e) => set(key, Number(e.currentTarget.value) || 0)}
    />
  );
  const check = (key: "miniMatch" | "thirdPlace" | "allAtOnce" | "rated") => (
    <input
      type="checkbox"
      name={key}
      checked={form[key]}
      onChange={(e) => set(key, e.currentTarget.checked)}
    />
  );
  const when = (key: "opensAt" | "closesAt" | "startAt") => (
    <input
      type="datetime-local"
      name={key}
      value={form[key]}
      onInput={(e) => set(key, e.currentTarget.value)}
    />
  );

  return (
    <form class="create-tournament" onSubmit={(e) => void submit(e)}>
      <h2>New tournament</h2>
      <label>
        Name
        <input
          name="name"
          value={form.name}
          placeholder="Tournament"
          onInput={(e) => set("name", e.currentTarget.value)}
        />
      </label>
      <label>
        Game
        <GameSelect
          games={games}
          value={form.game}
          onChange={(id) => setForm((f) => ({ ...f, game: id, ...defaultsFor(games.find((g) => g.id === id)) }))}
        />
      </label>
      <label>
        Scenario
        <select
          name="scenario"
          value={form.scenario}
          onChange={(e) => set("scenario", e.currentTarget.value)}
        >
          {game?.scenarios.map((s) => (
            <option key={s.id} value={s.id} title={s.description}>
              {s.name}
            </option>
          ))}
        </select>
      </label>
      {game?.options.map((o) => (
        <label key={o.id} title={o.description}>
          {o.name}
          <select
            value={form.options[o.id] ?? o.defaultValue}
            onChange={(e) =>
              set("options", { ...form.options, [o.id]: e.currentTarget.value })
            }
          >
            {o.choices.map((c) => (
              <option key={c.value} value={c.value}>
                {c.name || c.value}
              </option>
            ))}
          </select>
        </label>
      ))}
      <label>
        Format
        <select
          name="format"
          value={String(form.format)}
          onChange={(e) => set("format", Number(e.currentTarget.value) as TournamentFormat)}
        >
          {Object.entries(FORMAT_NAMES).map(([value, name]) => (
            <option key={value} value={value}>
              {name}
            </option>
          ))}
        </select>
      </label>
      {swiss && <label>Rounds {number("rounds", 1)}</label>}
      {roundRobin && (
        <>
          <label>
            Cycles
            <select
              name="cycles"
              value={String(form.cycles)}
              onChange={(e) => set("cycles", Number(e.currentTarget.value))}
            >
              <option value="1">Single (everyone meets once)</option>
              <option value="2">Double (twice, sides reversed)</option>
            </select>
          </label>
          <label class="check">{check("allAtOnce")} All rounds at once</label>
        </>
      )}
      {form.format === TournamentFormat.SINGLE_ELIMINATION && (
        <label class="check">{check("thirdPlace")} Third-place match</label>
      )}
      <label class="check">{check("miniMatch")} Mini-match: two games per pairing, sides swapped</label>
      <label>Minimum players {number("minPlayers", 2)}</label>
      <label>Maximum players (0: no limit) {number("maxPlayers", 0)}</label>
      <label>Registration opens {when("opensAt")}</label>
      <label>Registration closes (empty: at the start) {when("closesAt")}</label>
      <label>Start at (empty: started by hand) {when("startAt")}</label>
      <label>Round time limit in minutes (0: none) {number("roundMinutes", 0)}</label>
      {!knockout && (
        <fieldset>
          <legend>Tiebreak order</legend>
          <TiebreakPicker value={form.tiebreaks} sides={game?.seats ?? []} onChange={(order) => set("tiebreaks", order)} />
        </fieldset>
      )}
      <label class="check">{check("rated")} Rated (Glicko-2, per title and per side)</label>
      {error && <p class="error" role="alert">{error}</p>}
      <button type="submit" disabled={busy || !form.game}>
        Create
      </button>
    </form>
  );
}
