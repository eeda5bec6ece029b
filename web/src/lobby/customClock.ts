// A custom clock as the create form asks for it (bank in days and hours, increment in hours, cap
// in days) turned into the wire's seconds. The form catches what is plainly wrong here; the
// server's limits (TimeControl validation) stay the server's, and its message is shown as it is.
import { create } from "@bufbuild/protobuf";
import { TimeControlSchema, TimeControl_Kind, type TimeControl } from "../gen/wire_pb";

export type CustomClockFields = { bankDays: string; bankHours: string; incrementHours: string; capDays: string };

export const defaultCustomClock: CustomClockFields = { bankDays: "3", bankHours: "0", incrementHours: "24", capDays: "0" };

const HOUR = 3600;
const DAY = 24 * HOUR;

const fieldNames: Record<keyof CustomClockFields, string> = {
  bankDays: "The bank's days",
  bankHours: "The bank's hours",
  incrementHours: "The increment",
  capDays: "The cap",
};

// Whole numbers only: "1.5" days or "-2" hours is a slip, not a pace. An empty field is 0.
function wholeNumber(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === "") return 0;
  return /^\d{1,6}$/.test(trimmed) ? Number(trimmed) : null;
}

// The clock to send, or a sentence saying what to fix.
export function customTimeControl(fields: CustomClockFields): { clock: TimeControl } | { problem: string } {
  const n = { bankDays: 0, bankHours: 0, incrementHours: 0, capDays: 0 };
  for (const key of Object.keys(fieldNames) as (keyof CustomClockFields)[]) {
    const value = wholeNumber(fields[key]);
    if (value === null) return { problem: `${fieldNames[key]} must be a whole number of zero or more` };
    n[key] = value;
  }
  const bank = n.bankDays * DAY + n.bankHours * HOUR;
  if (bank === 0) return { problem: "The bank must hold some time: give it days or hours" };
  const cap = n.capDays * DAY;
  if (cap !== 0 && cap < bank) return { problem: "The cap must be 0 (no cap) or at least the bank" };
  return {
    clock: create(TimeControlSchema, {
      kind: TimeControl_Kind.CORRESPONDENCE,
      initialSeconds: bank,
      incrementSeconds: n.incrementHours * HOUR,
      capSeconds: cap,
    }),
  };
}
