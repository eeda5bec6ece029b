// A GameView carries the game's own view message packed (proto/view.proto). This unpacks it by
// its type name: with the code this client was compiled with where it has it (the boards'
// schemas), else with the schema the catalogue sends for the game (catalogue.ts).
import type { DescMessage, Message, Registry } from "@bufbuild/protobuf";
import { anyUnpack } from "@bufbuild/protobuf/wkt";
import type { GameInfo } from "../gen/game_pb";
import type { GameView } from "../gen/view_pb";
import { catalogueSchema } from "./catalogue";

// A view ready to draw: the message and the schema it was read with (for reflection).
export interface DecodedView {
  schema: DescMessage;
  message: Message;
}

export type ViewDecoding =
  | { status: "decoded"; view: DecodedView }
  // A type this client has no code for, while the catalogue that describes it is on its way.
  | { status: "waiting" }
  | { status: "failed"; reason: string };

// The full type name of the packed view ("" when the view holds none).
export function viewTypeName(view: GameView): string {
  const url = view.payload?.typeUrl ?? "";
  return url.slice(url.lastIndexOf("/") + 1);
}

// `compiled`: the view types this client has code for; `game`: the catalogue's entry for the
// match's game (undefined while the catalogue loads).
export function decodeView(view: GameView, compiled: Registry, game: GameInfo | undefined): ViewDecoding {
  const payload = view.payload;
  const typeName = viewTypeName(view);
  if (!payload || typeName === "") return { status: "failed", reason: "The server sent an empty view." };
  const schema = compiled.getMessage(typeName) ?? fromCatalogue(typeName, game);
  if (schema === undefined) return { status: "waiting" };
  if (typeof schema === "string") return { status: "failed", reason: schema };
  try {
    const message = anyUnpack(payload, schema);
    if (!message) return { status: "failed", reason: `The view is not a ${typeName}.` };
    return { status: "decoded", view: { schema, message } };
  } catch (e) {
    return { status: "failed", reason: `The view cannot be read (${e instanceof Error ? e.message : String(e)}).` };
  }
}

// The schema of `typeName` from the catalogue, undefined while there is no catalogue yet, or a
// sentence saying why it cannot be had.
function fromCatalogue(typeName: string, game: GameInfo | undefined): DescMessage | string | undefined {
  if (!game) return undefined;
  if (game.viewType !== typeName) return `The server describes ${game.title}'s view as ${game.viewType || "nothing"}, not ${typeName}.`;
  const schema = catalogueSchema(game);
  if ("error" in schema) return schema.error;
  return schema.registry.getMessage(typeName) ?? `The description of ${game.title}'s board lacks ${typeName}.`;
}

// The view if it was decoded (for what needs the message: the inspector, the phase-end questions).
export function decodedOf(decoding: ViewDecoding | undefined): DecodedView | undefined {
  return decoding?.status === "decoded" ? decoding.view : undefined;
}
