// The log lines of the fight now running, for a battle panel's "so far": from the last line that
// opens such a fight (a Khartoum battle's "battle.start", a Lion banner's attack or Gordon's roll,
// a Crossroads combat's roll) to the end of the log. The log is the seat's own, already filtered.
import type { LogEntry } from "../gen/game_pb";

// The lines from the last one of a kind in `openers` on; none when no such line is in the log.
export function linesSince(log: readonly LogEntry[], openers: readonly string[]): LogEntry[] {
  for (let i = log.length - 1; i >= 0; i--) {
    if (openers.includes(log[i].kind)) return log.slice(i);
  }
  return [];
}
