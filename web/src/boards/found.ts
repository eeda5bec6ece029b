/// <reference types="vite/client" />
// The dedicated boards, found rather than listed: every folder here with an index.ts(x) that
// exports `board` (a GameBoard, game-board.tsx) draws the view type it names. A new game's board
// is a new folder; a game without one is drawn by the generic board (generic.tsx).
import type { GameBoard } from "./game-board";

const modules = import.meta.glob<GameBoard | undefined>(["./*/index.ts", "./*/index.tsx"], {
  eager: true,
  import: "board",
});

function collect(): Map<string, GameBoard> {
  const byType = new Map<string, GameBoard>();
  for (const [path, board] of Object.entries(modules)) {
    // A folder that breaks the convention is a mistake in this client's code: fail loudly,
    // naming it, rather than draw its game with the generic board unnoticed.
    if (!board?.viewType) throw new Error(`boards/${path.slice(2)} exports no board (defineBoard)`);
    if (byType.has(board.viewType)) throw new Error(`two boards draw ${board.viewType}`);
    byType.set(board.viewType, board);
  }
  return byType;
}

const byType = collect();

export const gameBoards: readonly GameBoard[] = [...byType.values()];

// The dedicated board of a view type, if some folder draws it.
export function boardFor(viewType: string): GameBoard | undefined {
  return byType.get(viewType);
}
