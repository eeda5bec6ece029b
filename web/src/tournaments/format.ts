// How tournament data reads on a page: format and tiebreak names, half-points as points with
// halves, and times between the server's Unix seconds and the browser's datetime-local inputs.
import { TournamentFormat } from "../gen/wire_pb";
import { ServerError } from "../net/connection";

export const FORMAT_NAMES: Record<TournamentFormat, string> = {
  [TournamentFormat.SWISS]: "Swiss",
  [TournamentFormat.ROUND_ROBIN]: "Round robin",
  [TournamentFormat.SINGLE_ELIMINATION]: "Single elimination",
  [TournamentFormat.DOUBLE_ELIMINATION]: "Double elimination",
};

// The server's tiebreak names (CreateTournament.tiebreaks) with the column heading for each. The
// server calls a pairing's two sides A (seat 0) and B; a person reads the game's side names.
export const TIEBREAKS: { id: string; label: string }[] = [
  { id: "buchholz", label: "Buchholz" },
  { id: "median-buchholz", label: "Median Buchholz" },
  { id: "sonneborn-berger", label: "Sonneborn–Berger" },
  { id: "head-to-head", label: "Head-to-head" },
  { id: "wins", label: "Wins" },
  { id: "side-a", label: "Points as the first side" },
  { id: "side-b", label: "Points as the second side" },
];

// `sides`: the game's side names, seat 0 first, when known.
export function tiebreakLabel(id: string, sides: readonly string[] = []): string {
  if (id === "side-a" && sides[0]) return `Points as ${sides[0]}`;
  if (id === "side-b" && sides[1]) return `Points as ${sides[1]}`;
  return TIEBREAKS.find((t) => t.id === id)?.label ?? id;
}

// Scores travel as integer half-points (win 2, draw 1): 5 reads "2½".
export function halfPoints(n: number | bigint): string {
  const v = Number(n);
  const whole = Math.trunc(v / 2);
  const half = Math.abs(v % 2) === 1;
  if (!half) return String(whole);
  return whole === 0 ? (v < 0 ? "-½" : "½") : `${whole}½`;
}

// Sonneborn–Berger multiplies half-points by half-points: quarter-points (a value of 6 is 1½).
export function tiebreakValue(id: string, value: bigint): string {
  if (id === "sonneborn-berger") {
    const v = Number(value) / 4;
    return Number.isInteger(v) ? String(v) : v.toFixed(2);
  }
  if (id === "wins") return String(value);
  return halfPoints(value);
}

// A datetime-local value ("2026-11-30T18:00", the browser's time zone) as Unix seconds; 0 if empty.
export function localToUnix(value: string): bigint {
  if (!value) return 0n;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? 0n : BigInt(Math.floor(ms / 1000));
}

export function unixToText(seconds: bigint): string {
  return seconds === 0n ? "—" : new Date(Number(seconds) * 1000).toLocaleString();
}

// The server's sentence for a refused request (it names the rule), or the transport's message.
export function errorText(e: unknown): string {
  if (e instanceof ServerError) return e.message;
  return e instanceof Error ? e.message : String(e);
}

export function matchHref(matchId: bigint): string {
  return `#/match/${matchId}`;
}
