// Where a game stands, in one line: "Turn 3, Movement — Empire to play". The match page's status
// line and the replay say it in the same words.
import type { GameStatus } from "../gen/game_pb";
import type { SeatInfo } from "../gen/wire_pb";
import { phaseInWords } from "./phases";
import { sidesToPlay, toPlayText } from "./toPlay";

export function turnText(status: GameStatus | undefined, seats: readonly SeatInfo[]): string {
  const phase = status?.phase ? `, ${phaseInWords(status.phase)}` : "";
  const toPlay = toPlayText(sidesToPlay(status, seats));
  return `Turn ${status?.turn ?? 0}${phase}${toPlay ? ` — ${toPlay}` : ""}`;
}
