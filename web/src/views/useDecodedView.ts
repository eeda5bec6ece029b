// The match page's and the replay's view, decoded once per view received (decode.ts).
import { useMemo } from "preact/hooks";
import type { GameInfo } from "../gen/game_pb";
import type { GameView } from "../gen/view_pb";
import { compiledViews } from "./compiled";
import { decodeView, type ViewDecoding } from "./decode";

// `game`: the catalogue's entry for the match's game, undefined while the catalogue loads.
export function useDecodedView(view: GameView | undefined, game: GameInfo | undefined): ViewDecoding | undefined {
  return useMemo(() => (view ? decodeView(view, compiledViews, game) : undefined), [view, game]);
}
