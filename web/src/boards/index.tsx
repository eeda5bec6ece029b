// The board of a match: the picture of its game's view, with the tracks beside it, and the
// places and units a legal choice names made clickable (see board.ts for the contract). A game
// whose folder here draws its view type gets that board (found.ts); any other, the generic one.
import "./boards.css";
import type { ViewDecoding } from "../views/decode";
import type { BoardProps } from "./board";
import { boardFor } from "./found";
import { GenericBoard } from "./generic";

export type { BoardProps } from "./board";

// Whether `view` is drawn by a board of its game's own, where choices are clicked on the picture.
export function hasOwnBoard(view: ViewDecoding | undefined): boolean {
  return view?.status === "decoded" && boardFor(view.view.schema.typeName) !== undefined;
}

export function Board({ view, ...props }: Omit<BoardProps, "view"> & { view: ViewDecoding }) {
  if (view.status !== "decoded") {
    const note = view.status === "waiting" ? "Loading the game's description…" : view.reason;
    return <div class="board board-empty" role="status">{note}</div>;
  }
  const own = boardFor(view.view.schema.typeName);
  return own ? own.draw({ ...props, view: view.view }) : <GenericBoard view={view.view} />;
}
