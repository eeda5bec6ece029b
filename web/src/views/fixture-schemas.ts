// Schemas the unit tests send as a catalogue would (GameInfo.view_schema), built field by field:
// the test game Dispatches' view (tests/games/dispatches/dispatches.proto, for which this client
// has no code), and a sample with what Dispatches lacks (enums, a nested message, a map, a file
// importing another, a well-known type left out of the set). JSON names are left empty, as a
// descriptor copied in C++ has them. Used by tests only.
import {
  create,
  createFileRegistry,
  toBinary,
  type MessageInitShape,
  type Registry,
} from "@bufbuild/protobuf";
import {
  anyPack,
  FieldDescriptorProto_Label as Label,
  FieldDescriptorProto_Type as Type,
  FileDescriptorProtoSchema,
  FileDescriptorSetSchema,
  file_google_protobuf_timestamp,
  type FieldDescriptorProtoSchema,
  type FileDescriptorProto,
} from "@bufbuild/protobuf/wkt";
import { GameInfoSchema, type GameInfo } from "../gen/game_pb";
import { GameViewSchema, type GameView } from "../gen/view_pb";

type Field = MessageInitShape<typeof FieldDescriptorProtoSchema>;

const field = (name: string, number: number, type: Type, repeated = false, typeName = ""): Field => ({
  name,
  number,
  type,
  typeName,
  label: repeated ? Label.REPEATED : Label.OPTIONAL,
});

export const dispatchesFile = create(FileDescriptorProtoSchema, {
  name: "dispatches.proto",
  package: "frontier.dispatches",
  syntax: "proto3",
  messageType: [
    {
      name: "DispatchesView",
      field: [
        field("forts", 1, Type.MESSAGE, true, ".frontier.dispatches.DispatchesView.Fort"),
        field("hand", 2, Type.INT32, true),
        field("round", 3, Type.INT32),
        field("result", 4, Type.STRING),
      ],
      nestedType: [
        {
          name: "Fort",
          field: [
            field("id", 1, Type.STRING),
            field("name", 2, Type.STRING),
            field("north", 3, Type.INT32, true),
            field("south", 4, Type.INT32, true),
            field("north_sealed", 5, Type.INT32),
            field("south_sealed", 6, Type.INT32),
            field("held_by", 7, Type.STRING),
          ],
        },
      ],
    },
  ],
});

export const sampleCommonFile = create(FileDescriptorProtoSchema, {
  name: "sample_common.proto",
  package: "frontier.sample",
  syntax: "proto3",
  enumType: [
    {
      name: "Side",
      value: [
        { name: "SIDE_UNSPECIFIED", number: 0 },
        { name: "SIDE_NORTH", number: 1 },
        { name: "SIDE_SOUTH", number: 2 },
      ],
    },
  ],
  messageType: [{ name: "Weather", field: [field("sky", 1, Type.STRING), field("wind", 2, Type.INT32)] }],
});

export const sampleFile = create(FileDescriptorProtoSchema, {
  name: "sample.proto",
  package: "frontier.sample",
  syntax: "proto3",
  dependency: ["sample_common.proto", "google/protobuf/timestamp.proto"],
  messageType: [
    {
      name: "SampleView",
      field: [
        field("side", 1, Type.ENUM, false, ".frontier.sample.Side"),
        field("sides_moved", 2, Type.ENUM, true, ".frontier.sample.Side"),
        field("weather", 3, Type.MESSAGE, false, ".frontier.sample.Weather"),
        field("supplies", 4, Type.MESSAGE, true, ".frontier.sample.SampleView.SuppliesEntry"),
        field("besieged", 5, Type.BOOL),
        field("units", 6, Type.MESSAGE, true, ".frontier.sample.SampleView.Unit"),
        field("seen", 7, Type.MESSAGE, false, ".google.protobuf.Timestamp"),
      ],
      nestedType: [
        { name: "Unit", field: [field("id", 1, Type.STRING), field("strength", 2, Type.INT32)] },
        {
          name: "SuppliesEntry",
          options: { mapEntry: true },
          field: [field("key", 1, Type.STRING), field("value", 2, Type.INT32)],
        },
      ],
    },
  ],
});

// The catalogue's entry for a game whose view is `viewType`, declared by `files` (in that order).
export function catalogueEntry(id: string, title: string, viewType: string, files: FileDescriptorProto[]): GameInfo {
  const viewSchema = toBinary(FileDescriptorSetSchema, create(FileDescriptorSetSchema, { file: files }));
  return create(GameInfoSchema, { id, title, viewType, viewSchema });
}

// The types of `file` as the server has them, to build the views it would send.
export function serverTypes(file: FileDescriptorProto, ...imports: FileDescriptorProto[]): Registry {
  const byName = new Map(imports.map((f) => [f.name, f]));
  return createFileRegistry(file, (name) =>
    name === file_google_protobuf_timestamp.proto.name ? file_google_protobuf_timestamp : byName.get(name),
  );
}

// A GameView packing a `typeName` made of `init` (field names as in TypeScript: northSealed).
export function packedView(types: Registry, typeName: string, init: Record<string, unknown>): GameView {
  const schema = types.getMessage(typeName);
  if (!schema) throw new Error(`no ${typeName} in the test's types`);
  return create(GameViewSchema, { payload: anyPack(schema, create(schema, init)) });
}
