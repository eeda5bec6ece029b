// Who is to play, said the same way on every page: "Mahdist to play" (the game's side names,
// never seat numbers), on the match's status line, in the board's turn panel, in the replay
// and in the lobby's lists.
import type { GameStatus } from "../gen/game_pb";
import type { SeatInfo } from "../gen/wire_pb";

// The sides holding a prompt now, by name, in seat order.
export function sidesToPlay(status: GameStatus | undefined, seats: readonly SeatInfo[]): string[] {
  if (!status || status.finished) return [];
  return status.activeSeats.map((seat) => seats.find((s) => s.seat === seat)?.side ?? "").filter((side) => side !== "");
}

// "Mahdist to play", "British and Russian to play"; "" when nobody is.
export function toPlayText(sides: readonly string[]): string {
  if (sides.length === 0) return "";
  const names = sides.length === 1 ? sides[0] : `${sides.slice(0, -1).join(", ")} and ${sides[sides.length - 1]}`;
  return `${names} to play`;
}
