// The board of a match: the picture of its game's view, with the tracks beside it, and the
// places and units a legal choice names made clickable (see board.ts for the contract). A game
// whose folder here draws its view type gets that board (found.ts); any other, the generic one.
// A board is drawn once the game data it draws from has arrived (static-data.ts), and only again
// when its own props change: a chat line or a clock tick elsewhere on the page does not redraw a
// map of 1,764 squares.
import "./boards.css";
import type { ComponentChildren } from "preact";
import { memo } from "preact/compat";
import { useEffect, useState } from "preact/hooks";
import type { ViewDecoding } from "../views/decode";
import type { BoardProps } from "./board";
import { boardFor } from "./found";
import type { GameBoard } from "./game-board";
import { GenericBoard } from "./generic";
import { loadStaticData, staticDataNow } from "./static-data";

export type { BoardProps } from "./board";

// Whether `view` is drawn by a board of its game's own, where choices are clicked on the picture.
export function hasOwnBoard(view: ViewDecoding | undefined): boolean {
  return view?.status === "decoded" && boardFor(view.view.schema.typeName) !== undefined;
}

function BoardOf({ view, ...props }: Omit<BoardProps, "view"> & { view: ViewDecoding }) {
  if (view.status !== "decoded") {
    const note = view.status === "waiting" ? "Loading the game's description…" : view.reason;
    return <div class="board board-empty" role="status">{note}</div>;
  }
  const own = boardFor(view.view.schema.typeName);
  if (!own) return <GenericBoard view={view.view} />;
  return <WithData board={own}>{own.draw({ ...props, view: view.view })}</WithData>;
}

export const Board = memo(BoardOf);

// `children` once every data file of `board` has arrived or failed (the board says what failed).
function WithData({ board, children }: { board: GameBoard; children: ComponentChildren }) {
  const [ready, setReady] = useState(() => board.data.every(([name, schema]) => staticDataNow(name, schema)));
  useEffect(() => {
    if (ready) return;
    let live = true;
    const settle = () => live && setReady(true);
    Promise.all(board.data.map(([name, schema]) => loadStaticData(name, schema))).then(settle, settle);
    return () => {
      live = false;
    };
  }, [board, ready]);
  if (!ready) return <div class="board board-empty" role="status">Loading the map…</div>;
  return <>{children}</>;
}
