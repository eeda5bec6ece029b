// The board of a match: the picture of its game's view, with the tracks beside it, and the
// places and units a legal choice names made clickable (see board.ts for the contract).
import "./boards.css";
import type { BoardProps } from "./board";
import { CrossroadsBoard } from "./crossroads/board";
import { GenericBoard } from "./generic";
import { KhartoumBoard } from "./khartoum/board";
import { LionBoard } from "./lion/board";

export type { BoardProps } from "./board";

export function Board(props: BoardProps) {
  const game = props.view.game;
  switch (game.case) {
    case "khartoum":
      return <KhartoumBoard {...props} view={game.value} />;
    case "lion":
      return <LionBoard {...props} view={game.value} />;
    case "crossroads":
      return <CrossroadsBoard {...props} view={game.value} />;
    case "generic":
      return <><GenericBoard view={game.value} />{props.dock && <div class="board-dock">{props.dock}</div>}</>;
    default:
      return <><div class="board board-empty">No board yet.</div>{props.dock && <div class="board-dock">{props.dock}</div>}</>;
  }
}
