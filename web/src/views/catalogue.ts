// The view types of games this client has no code for, read from the catalogue: each GameInfo
// carries its view's full name and a FileDescriptorSet declaring it (proto/game.proto). One
// registry per game, built on first use and kept: the catalogue only changes when the server is
// upgraded, and then the page is loaded again.
import { createFileRegistry, fromBinary, type FileRegistry } from "@bufbuild/protobuf";
import {
  FileDescriptorSetSchema,
  file_google_protobuf_any,
  file_google_protobuf_duration,
  file_google_protobuf_empty,
  file_google_protobuf_struct,
  file_google_protobuf_timestamp,
  file_google_protobuf_wrappers,
  type DescriptorProto,
  type FileDescriptorProto,
} from "@bufbuild/protobuf/wkt";
import type { DescFile } from "@bufbuild/protobuf";
import { protoCamelCase } from "@bufbuild/protobuf/reflect";
import type { GameInfo } from "../gen/game_pb";

// Files a schema may import without declaring: they are part of every protobuf runtime.
const wellKnown = new Map<string, DescFile>(
  [
    file_google_protobuf_any,
    file_google_protobuf_duration,
    file_google_protobuf_empty,
    file_google_protobuf_struct,
    file_google_protobuf_timestamp,
    file_google_protobuf_wrappers,
  ].map((f) => [f.proto.name, f]),
);

export type CatalogueSchema = { registry: FileRegistry } | { error: string };

const byGame = new Map<string, { bytes: Uint8Array; schema: CatalogueSchema }>();

// The registry of `game`'s view type, or why there is none (no schema sent, or one that does
// not parse or lacks a file it imports). The server is trusted to send what it declares, but a
// broken schema must cost the page its generic board, not the whole match page.
export function catalogueSchema(game: GameInfo): CatalogueSchema {
  const kept = byGame.get(game.id);
  if (kept && kept.bytes === game.viewSchema) return kept.schema;
  const schema = readSchema(game);
  byGame.set(game.id, { bytes: game.viewSchema, schema });
  return schema;
}

function readSchema(game: GameInfo): CatalogueSchema {
  if (game.viewSchema.length === 0) return { error: `The server sent no description of ${game.title}'s board.` };
  try {
    const set = fromBinary(FileDescriptorSetSchema, game.viewSchema);
    for (const file of set.file) nameJsonFields(file.messageType);
    const root = set.file.find((f) => declares(f, game.viewType));
    if (!root) return { error: `The description of ${game.title}'s board does not declare ${game.viewType}.` };
    // By name rather than in the set's order: the files may come in any order.
    const byName = new Map(set.file.map((f) => [f.name, f]));
    const registry = createFileRegistry(root, (name) => byName.get(name) ?? wellKnown.get(name));
    return { registry };
  } catch (e) {
    return { error: `The description of ${game.title}'s board cannot be read (${e instanceof Error ? e.message : String(e)}).` };
  }
}

// The JSON form of a view (the browser tests read it) needs the fields' JSON names. The server
// sends them (FileDescriptor::CopyJsonNameTo); this fills in any a schema from elsewhere leaves out.
function nameJsonFields(messages: DescriptorProto[]) {
  for (const m of messages) {
    for (const f of m.field) if (!f.jsonName) f.jsonName = protoCamelCase(f.name);
    nameJsonFields(m.nestedType);
  }
}

// Whether `file` declares the message `typeName`, at its top level or nested in another.
function declares(file: FileDescriptorProto, typeName: string): boolean {
  const within = (scope: string, messages: DescriptorProto[]): boolean =>
    messages.some((m) => `${scope}${m.name}` === typeName || within(`${scope}${m.name}.`, m.nestedType));
  return within(file.package ? `${file.package}.` : "", file.messageType);
}
