// The Lion's outcome tables (AOT) read for one roll: a row covers a range of modified rolls
// (2D6 + modifier, 6.5 step 3, 6.6, 7.2), open at either end (-99 and 99 in the data). Before
// Gordon rolls, what a wargamer wants is the other way round: which throws of the two dice give
// each outcome with this modifier, and how likely each is.
import type { OutcomeRow } from "../../gen/lion_data_pb";

// The data's marks for a range with no lower or no upper end.
const OPEN_LOW = -99;
const OPEN_HIGH = 99;

// "4 to 7", "8", "3 or less", "12 or more", "any": a range of rolls in words.
export function rangeText(min: number, max: number): string {
  const low = min <= OPEN_LOW, high = max >= OPEN_HIGH;
  if (low && high) return "any";
  if (low) return `${max} or less`;
  if (high) return `${min} or more`;
  return min === max ? String(min) : `${min} to ${max}`;
}

// Ways to throw `sum` with two dice, out of 36.
function ways(sum: number): number {
  return sum < 2 || sum > 12 ? 0 : 6 - Math.abs(sum - 7);
}

export interface OutcomeChance {
  name: string;
  low: number;  // the throws of 2D6 that give it, 2-12; low > high when none does
  high: number;
  in36: number;  // how many of the 36 throws
}

// For each row, the unmodified throws (2 to 12) that reach it with modifier `drm`.
export function outcomeChances(rows: readonly OutcomeRow[], drm: number): OutcomeChance[] {
  return rows.map((row) => {
    const low = Math.max(2, row.min <= OPEN_LOW ? 2 : row.min - drm);
    const high = Math.min(12, row.max >= OPEN_HIGH ? 12 : row.max - drm);
    let in36 = 0;
    for (let sum = low; sum <= high; sum++) in36 += ways(sum);
    return { name: row.name, low, high, in36 };
  });
}

// The throws of an outcome as a player reads them: "5 to 7", "12", "—" when none gives it.
export function throwsText(c: OutcomeChance): string {
  if (c.low > c.high) return "\u2014";
  return c.low === c.high ? String(c.low) : `${c.low} to ${c.high}`;
}

// A chance out of 36 as a whole percentage ("8%"), "—" for none.
export function percent(in36: number): string {
  return in36 === 0 ? "\u2014" : `${Math.round((in36 * 100) / 36)}%`;
}
