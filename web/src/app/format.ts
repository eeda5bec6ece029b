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

// A sentence for the person at the screen; the server's typed errors carry their own.
export function errorText(error: unknown): string {
  if (error instanceof ServerError) return `${error.message} (${ErrorCode[error.code]})`;
  if (error instanceof Error) return error.message;
  return String(error);
}
