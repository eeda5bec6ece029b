// Small formatting helpers shared by the pages: clock banks in days and hours, times, errors.
import { ServerError } from "../net/connection";
import { ErrorCode } from "../gen/wire_pb";

// "2 d 05:12:09", "05:12:09", "0:09" — days matter for correspondence clocks, seconds for fast ones.
export function formatBank(seconds: number): string {
  const sign = seconds < 0 ? "-" : "";
  let s = Math.abs(Math.floor(seconds));
  const days = Math.floor(s / 86400);
  s -= days * 86400;
  const hours = Math.floor(s / 3600);
  const minutes = Math.floor((s % 3600) / 60);
  const secs = s % 60;
  const two = (n: number) => n.toString().padStart(2, "0");
  const clock = `${two(hours)}:${two(minutes)}:${two(secs)}`;
  return sign + (days > 0 ? `${days} d ${clock}` : clock);
}

export function formatTime(unixSeconds: bigint | number): string {
  const ms = Number(unixSeconds) * 1000;
  return ms > 0 ? new Date(ms).toLocaleString() : "";
}

// What a refusal means, for the rare one that comes without a sentence of its own: a person
// reads words, not the wire's code names ("INVALID_ARGUMENT").
const kRefusals: Partial<Record<ErrorCode, string>> = {
  [ErrorCode.RATE_LIMITED]: "Too many requests at once; try again in a moment.",
  [ErrorCode.NOT_LOGGED_IN]: "You need to log in first.",
  [ErrorCode.BAD_CREDENTIALS]: "Wrong name or password.",
  [ErrorCode.LOGIN_THROTTLED]: "Too many log-in attempts; wait a little.",
  [ErrorCode.NAME_TAKEN]: "That name is taken.",
  [ErrorCode.INVALID_ARGUMENT]: "The server cannot accept that.",
  [ErrorCode.UNKNOWN_GAME]: "No such game here.",
  [ErrorCode.UNKNOWN_MATCH]: "No such match.",
  [ErrorCode.NOT_YOUR_SEAT]: "That seat is not yours.",
  [ErrorCode.NOT_YOUR_TURN]: "It is not your turn.",
  [ErrorCode.STALE_SEQ]: "The game moved on meanwhile; look again.",
  [ErrorCode.ILLEGAL_ACTION]: "That move is not allowed now.",
  [ErrorCode.MATCH_NOT_RUNNING]: "The match is not running.",
  [ErrorCode.MATCH_FULL]: "Every seat is taken.",
  [ErrorCode.UNDO_NOT_ALLOWED]: "That cannot be undone.",
  [ErrorCode.SHUTTING_DOWN]: "The server is restarting; try again in a moment.",
  [ErrorCode.BAD_INVITE]: "The invite link is not valid.",
  [ErrorCode.LIMIT_REACHED]: "You have reached your limit for now.",
  [ErrorCode.MATCH_MOVED]: "Another server runs this match now; reconnecting…",
  [ErrorCode.UNAVAILABLE]: "The server cannot reach its database; nothing was changed. Reconnecting…",
};

// A sentence for the person at the screen; the server's typed errors carry their own.
export function errorText(error: unknown): string {
  if (error instanceof ServerError) {
    // A refusal without a sentence carries its code's name as its message (net/connection.ts).
    const said = error.message !== ErrorCode[error.code] ? error.message : "";
    return said || (kRefusals[error.code] ?? "The server refused the request.");
  }
  if (error instanceof Error) return error.message;
  return String(error);
}
