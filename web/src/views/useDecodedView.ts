// The match page's and the replay's view, decoded once per view received (decode.ts).
import { useMemo } from "preact/hooks";
import type { GameInfo } from "../gen/game_pb";
import type { GameView } from "../gen/view_pb";
import { compiledViews } from "./compiled";
import { decodeView, viewTypeName, type ViewDecoding } from "./decode";

// `game`: the catalogue's entry for the match's game, undefined while the catalogue loads. A view
// this client has code for is decoded without it, and stays the same object when the catalogue
// arrives (the board is not drawn again for it).
export function useDecodedView(view: GameView | undefined, game: GameInfo | undefined): ViewDecoding | undefined {
  const compiled = view !== undefined && compiledViews.getMessage(viewTypeName(view)) !== undefined;
  const describedBy = compiled ? undefined : game;
  return useMemo(() => (view ? decodeView(view, compiledViews, describedBy) : undefined), [view, describedBy]);
}
