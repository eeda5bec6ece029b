// A custom clock as the create form asks for it (bank in days and hours, increment in hours, cap
// in days) turned into the wire's seconds. The form catches what is plainly wrong here; the
// server's limits (TimeControl validation) stay the server's, and its message is shown as it is.
import { create } from "@bufbuild/protobuf";
import { TimeControlSchema, TimeControl_Kind, type TimeControl } from "../gen/wire_pb";

export type CustomClockFields = { bankDays: string; bankHours: string; incrementHours: string; capDays: string };

export const defaultCustomClock: CustomClockFields = { bankDays: "3", bankHours: "0", incrementHours: "24", capDays: "0" };

const HOUR = 3600;
const DAY = 24 * HOUR;

// Whole numbers only: "1.5" days or "-2" hours is a slip, not a pace.
function count(text: string, what: string): number | string {
  const trimmed = text.trim();
  if (trimmed === "") return 0;
  if (!/^\d{1,6}$/.test(trimmed)) return `${what} must be a whole number of zero or more`;
  return Number(trimmed);
}

// The clock to send, or a sentence saying what to fix.
export function customTimeControl(f: CustomClockFields): { clock: TimeControl } | { problem: string } {
  const bankDays = count(f.bankDays, "The bank's days");
  const bankHours = count(f.bankHours, "The bank's hours");
  const increment = count(f.incrementHours, "The increment");
  const cap = count(f.capDays, "The cap");
  for (const v of [bankDays, bankHours, increment, cap]) if (typeof v === "string") return { problem: v };
  const bank = (bankDays as number) * DAY + (bankHours as number) * HOUR;
  if (bank === 0) return { problem: "The bank must hold some time: give it days or hours" };
  const capSeconds = (cap as number) * DAY;
  if (capSeconds !== 0 && capSeconds < bank) {
    return { problem: "The cap must be 0 (no cap) or at least the bank" };
  }
  return {
    clock: create(TimeControlSchema, {
      kind: TimeControl_Kind.CORRESPONDENCE,
      initialSeconds: bank,
      incrementSeconds: (increment as number) * HOUR,
      capSeconds,
    }),
  };
}
