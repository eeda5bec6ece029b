// The view types this client was compiled with: those the dedicated boards draw, and the fixture
// game's KeyValueView. Every other type is read from the catalogue's schema (catalogue.ts).
import { createRegistry } from "@bufbuild/protobuf";
import { KeyValueViewSchema } from "../gen/view_pb";
import { gameBoards } from "../boards/found";

export const compiledViews = createRegistry(KeyValueViewSchema, ...gameBoards.map((b) => b.schema));
