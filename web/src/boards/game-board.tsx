// What a game's board folder offers the client (boards/<game>/index.ts exports one as `board`,
// found by found.ts): the view type it draws, its schema, its board, and optionally the details
// of a clicked unit or card.
import { isMessage, type DescMessage, type MessageShape } from "@bufbuild/protobuf";
import type { ComponentType, VNode } from "preact";
import type { InspectTarget } from "../inspect/context";
import type { DecodedView } from "../views/decode";
import type { BoardProps } from "./board";
import type { GameBoardProps } from "./clickable";

export interface BoardParts<Desc extends DescMessage> {
  schema: Desc;
  Board: ComponentType<GameBoardProps<MessageShape<Desc>>>;
  Details?: ComponentType<{ view: MessageShape<Desc>; target: InspectTarget }>;
}

// A board whatever its game's view type, so that the boards fit in one list. Each part answers
// null for a view of another type.
export interface GameBoard {
  viewType: string;
  schema: DescMessage;
  draw(props: BoardProps): VNode | null;
  details(view: DecodedView, target: InspectTarget): VNode | null;
}

export function defineBoard<Desc extends DescMessage>(parts: BoardParts<Desc>): GameBoard {
  const { schema, Board, Details } = parts;
  const own = (view: DecodedView) => (isMessage(view.message, schema) ? view.message : undefined);
  return {
    viewType: schema.typeName,
    schema,
    draw(props) {
      const view = own(props.view);
      return view ? <Board {...props} view={view} /> : null;
    },
    details(decoded, target) {
      const view = own(decoded);
      return view && Details ? <Details view={view} target={target} /> : null;
    },
  };
}
