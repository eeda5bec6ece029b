// A clock's pace in words ("3 d bank, +12 h per move, cap 5 d"), the same for a preset and a
// custom clock, so a player sees what they agree to before joining and while playing.
import type { TimeControl } from "../gen/wire_pb";

// "3 d 12 h", "12 h", "1 d", "30 min": paces are set in days and hours; minutes only if asked for.
export function formatDuration(seconds: number): string {
  const days = Math.floor(seconds / 86400);
  const hours = Math.floor((seconds % 86400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const parts = [days && `${days} d`, hours && `${hours} h`, minutes && `${minutes} min`].filter(Boolean);
  return parts.length ? parts.join(" ") : `${seconds} s`;
}

// Words for a clock; "untimed" when there is none.
export function paceText(tc: TimeControl | undefined): string {
  if (!tc || tc.initialSeconds === 0) return "untimed";
  const words = [`${formatDuration(tc.initialSeconds)} bank`];
  if (tc.incrementSeconds) words.push(`+${formatDuration(tc.incrementSeconds)} per move`);
  words.push(tc.capSeconds ? `cap ${formatDuration(tc.capSeconds)}` : "no cap");
  return (tc.preset ? `${tc.preset}: ` : "") + words.join(", ");
}
