// How a player is named on screen: computer opponents are marked, so nobody mistakes a bot's
// result or rating for a person's.
import type { SeatInfo } from "../gen/wire_pb";

export function playerName(name: string, bot: boolean): string {
  return bot ? `${name} (computer)` : name;
}

// "Mahdist: ahmed · Empire: bot-normal (computer)"; a free seat reads "open".
export function seatsText(seats: readonly SeatInfo[]): string {
  return seats.map((s) => `${s.side}: ${s.userId === 0n ? "open" : playerName(s.userName, s.bot)}`).join(" · ");
}
