// The JSON form of what the page received, for the browser tests (app/testing.ts). A view is
// packed (google.protobuf.Any), and JSON spells out its fields under "@type", which takes every
// view type the page can read: the compiled ones and those the catalogue describes.
import { createRegistry, toJson, type JsonValue, type Message, type Registry } from "@bufbuild/protobuf";
import type { GenMessage } from "@bufbuild/protobuf/codegenv2";
import type { GameList } from "../gen/wire_pb";
import type { GameView } from "../gen/view_pb";
import { catalogueSchema } from "./catalogue";
import { compiledViews } from "./compiled";

const byList = new WeakMap<GameList, Registry>();

// Every view type known with `list` (null while the catalogue loads: the compiled ones only).
export function viewTypes(list: GameList | null): Registry {
  if (!list) return compiledViews;
  let types = byList.get(list);
  if (!types) {
    const described = list.games
      .filter((g) => g.viewType !== "" && !compiledViews.getMessage(g.viewType))
      .map(catalogueSchema)
      .flatMap((s) => ("registry" in s ? [s.registry] : []));
    types = createRegistry(...described, compiledViews);
    byList.set(list, types);
  }
  return types;
}

// `message` as JSON; a view of a type not in `types` (its game's description not loaded yet) is
// left out rather than failing the page that shows it.
export function testJson<M extends Message & { view?: GameView }>(schema: GenMessage<M>, message: M, types: Registry): JsonValue {
  try {
    return toJson(schema, message, { registry: types });
  } catch {
    return toJson(schema, { ...message, view: undefined });
  }
}
