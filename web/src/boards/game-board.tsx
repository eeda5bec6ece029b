// What a game's board folder offers the client (boards/<game>/index.ts exports one as `board`,
// found by found.ts): the view type it draws, its schema, its board, the game data files it draws
// from, and optionally the details of a clicked unit or card.
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
  // The data files (static-data.ts) the board reads with useStaticData, by name: the board is drawn
  // once they have arrived, so that it is drawn once, whole, instead of twice.
  data?: Record<string, DescMessage>;
}

// A board whatever its game's view type, so that the boards fit in one list. Each part answers
// null for a view of another type.
export interface GameBoard {
  viewType: string;
  schema: DescMessage;
  data: [string, DescMessage][];
  draw(props: BoardProps): VNode | null;
  details(view: DecodedView, target: InspectTarget): VNode | null;
}

export function defineBoard<Desc extends DescMessage>(parts: BoardParts<Desc>): GameBoard {
  const { schema, Board, Details, data = {} } = parts;
  const own = (view: DecodedView) => (isMessage(view.message, schema) ? view.message : undefined);
  return {
    viewType: schema.typeName,
    schema,
    data: Object.entries(data),
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
