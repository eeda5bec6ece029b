// A GameView is read by its type: the compiled schemas first, else the schema the catalogue sends
// for the game (built once per game), and a view that cannot be read says why.
import { describe, expect, test } from "vitest";
import { create, createRegistry, toJson } from "@bufbuild/protobuf";
import { anyPack, file_google_protobuf_any } from "@bufbuild/protobuf/wkt";
import { GameInfoSchema } from "../gen/game_pb";
import { GameViewSchema, KeyValueViewSchema, file_view } from "../gen/view_pb";
import { KhartoumViewSchema } from "../gen/khartoum_pb";
import { LionViewSchema } from "../gen/lion_pb";
import { CrossroadsViewSchema } from "../gen/crossroads_pb";
import { catalogueSchema } from "./catalogue";
import { compiledViews } from "./compiled";
import { decodeView, viewTypeName, type ViewDecoding } from "./decode";
import {
  catalogueEntry,
  dispatchesFile,
  packedView,
  sampleCommonFile,
  sampleFile,
  serverTypes,
} from "./fixture-schemas";

const DISPATCHES = "frontier.dispatches.DispatchesView";

function decoded(result: ViewDecoding) {
  if (result.status !== "decoded") throw new Error(`not decoded: ${JSON.stringify(result)}`);
  return result.view;
}

describe("the shipped games' views, with the compiled schemas", () => {
  test("each unpacks to its own generated message, with no catalogue at all", () => {
    const khartoum = create(GameViewSchema, {
      payload: anyPack(KhartoumViewSchema, create(KhartoumViewSchema, { turn: 3, empireVp: 2 })),
    });
    const view = decoded(decodeView(khartoum, compiledViews, undefined));
    expect(view.schema).toBe(KhartoumViewSchema);
    expect(view.message).toMatchObject({ $typeName: "frontier.khartoum.KhartoumView", turn: 3, empireVp: 2 });

    const lion = create(GameViewSchema, { payload: anyPack(LionViewSchema, create(LionViewSchema, { actionPoints: 4 })) });
    expect(decoded(decodeView(lion, compiledViews, undefined)).message).toMatchObject({ actionPoints: 4 });

    const crossroads = create(GameViewSchema, {
      payload: anyPack(CrossroadsViewSchema, create(CrossroadsViewSchema, { pounds: 7 })),
    });
    expect(decoded(decodeView(crossroads, compiledViews, undefined)).schema).toBe(CrossroadsViewSchema);
  });

  test("the fixture game's KeyValueView is compiled too", () => {
    const race = create(GameViewSchema, {
      payload: anyPack(KeyValueViewSchema, create(KeyValueViewSchema, { entries: [{ key: "Lap", value: "2" }] })),
    });
    const view = decoded(decodeView(race, compiledViews, undefined));
    expect(view.schema).toBe(KeyValueViewSchema);
    expect(viewTypeName(race)).toBe("frontier.KeyValueView");
  });
});

describe("a view this client has no code for, from the catalogue's schema", () => {
  const types = serverTypes(dispatchesFile);
  const game = catalogueEntry("dispatches", "Dispatches (test game)", DISPATCHES, [dispatchesFile]);
  const view = packedView(types, DISPATCHES, {
    forts: [{ id: "fort-a", name: "Fort Ali", north: [5], southSealed: 1 }],
    hand: [3, 8],
    round: 2,
  });

  test("waits for the catalogue, then reads every field", () => {
    expect(decodeView(view, compiledViews, undefined)).toEqual({ status: "waiting" });
    const shown = decoded(decodeView(view, compiledViews, game));
    expect(shown.schema.typeName).toBe(DISPATCHES);
    // The JSON names were missing from the schema sent, as C++ copies a descriptor.
    expect(toJson(shown.schema, shown.message)).toEqual({
      forts: [{ id: "fort-a", name: "Fort Ali", north: [5], southSealed: 1 }],
      hand: [3, 8],
      round: 2,
    });
  });

  test("builds the game's registry once and keeps it", () => {
    const first = catalogueSchema(game);
    expect("registry" in first).toBe(true);
    expect(catalogueSchema(game)).toBe(first);
  });

  test("finds the view's file in a set in any order, and a well-known import left out", () => {
    const sample = "frontier.sample.SampleView";
    const sent = catalogueEntry("sample", "Sample", sample, [sampleFile, sampleCommonFile]);
    const packed = packedView(serverTypes(sampleFile, sampleCommonFile), sample, {
      side: 2,
      weather: { sky: "clear", wind: 3 },
      supplies: { bread: 4 },
      seen: { seconds: 60n },
    });
    const shown = decoded(decodeView(packed, createRegistry(), sent));
    expect(toJson(shown.schema, shown.message)).toEqual({
      side: "SIDE_SOUTH",
      weather: { sky: "clear", wind: 3 },
      supplies: { bread: 4 },
      seen: "1970-01-01T00:01:00Z",
    });
  });

  test("reads a generated file's own descriptor as well (KeyValueView with nothing compiled)", () => {
    const race = catalogueEntry("race", "Race", "frontier.KeyValueView", [file_view.proto, file_google_protobuf_any.proto]);
    const view = create(GameViewSchema, {
      payload: anyPack(KeyValueViewSchema, create(KeyValueViewSchema, { entries: [{ key: "Lap", value: "2" }] })),
    });
    const shown = decoded(decodeView(view, createRegistry(), race));
    expect(shown.schema).not.toBe(KeyValueViewSchema);
    expect(toJson(shown.schema, shown.message)).toEqual({ entries: [{ key: "Lap", value: "2" }] });
  });
});

describe("a view that cannot be read says why", () => {
  const view = packedView(serverTypes(dispatchesFile), DISPATCHES, { round: 1 });
  const failed = (result: ViewDecoding) => (result.status === "failed" ? result.reason : `not failed: ${result.status}`);

  test("an empty view", () => {
    expect(failed(decodeView(create(GameViewSchema), compiledViews, undefined))).toBe("The server sent an empty view.");
  });

  test("a catalogue naming another type, or sending no schema", () => {
    const other = catalogueEntry("dispatches-b", "Dispatches", "frontier.dispatches.Other", [dispatchesFile]);
    expect(failed(decodeView(view, compiledViews, other))).toContain("not frontier.dispatches.DispatchesView");
    const bare = create(GameInfoSchema, { id: "bare", title: "Bare", viewType: DISPATCHES });
    expect(failed(decodeView(view, compiledViews, bare))).toBe("The server sent no description of Bare's board.");
  });

  test("a schema that does not parse, or lacks a file it imports", () => {
    const garbled = create(GameInfoSchema, { id: "garbled", title: "Garbled", viewType: DISPATCHES, viewSchema: new Uint8Array([0xff, 0xff]) });
    expect(failed(decodeView(view, compiledViews, garbled))).toMatch(/^The description of Garbled's board cannot be read/);
    const sample = "frontier.sample.SampleView";
    const missing = catalogueEntry("missing", "Missing", sample, [sampleFile]);
    const packed = packedView(serverTypes(sampleFile, sampleCommonFile), sample, { besieged: true });
    expect(failed(decodeView(packed, compiledViews, missing))).toMatch(/sample_common\.proto/);
  });
});
