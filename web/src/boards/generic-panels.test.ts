// What the generic board says of a view it has no code for (generic-panels.ts): fields in words,
// what is empty left out, lists of named things as tables, enums by name, nested messages as
// cards, and the fixture game's key/value entries as its table of named values.
import { describe, expect, test } from "vitest";
import { create } from "@bufbuild/protobuf";
import { KeyValueViewSchema } from "../gen/view_pb";
import { compiledViews } from "../views/compiled";
import { decodeView, type DecodedView } from "../views/decode";
import {
  catalogueEntry,
  dispatchesFile,
  packedView,
  sampleCommonFile,
  sampleFile,
  serverTypes,
} from "../views/fixture-schemas";
import { panelsOf } from "./generic-panels";

// A view as the match page would hold it, read through the catalogue's schema.
function shown(typeName: string, files: Parameters<typeof catalogueEntry>[3], init: Record<string, unknown>): DecodedView {
  const game = catalogueEntry(typeName, typeName, typeName, files);
  const result = decodeView(packedView(serverTypes(files[0], ...files.slice(1)), typeName, init), compiledViews, game);
  if (result.status !== "decoded") throw new Error(`not decoded: ${JSON.stringify(result)}`);
  return result.view;
}

const panels = (view: DecodedView) => panelsOf(view.schema, view.message);

describe("Dispatches, as North sees it in round 2", () => {
  const view = shown("frontier.dispatches.DispatchesView", [dispatchesFile], {
    forts: [
      { id: "fort-a", name: "Fort Ali", north: [5], southSealed: 1 },
      { id: "fort-b", name: "Fort Baker" },
      { id: "fort-c", name: "Fort Cole", north: [2, 7] },
    ],
    hand: [3, 8],
    round: 2,
  });

  test("scalars and lists of scalars are facts in words; the empty result is left out", () => {
    expect(panels(view).facts).toEqual([
      { label: "Hand", text: "3, 8" },
      { label: "Round", text: "2" },
    ]);
  });

  test("the forts are a table headed by name, with the columns some fort holds", () => {
    expect(panels(view).sections).toEqual([
      {
        kind: "table",
        label: "Forts",
        rowHeading: "Name",
        columns: ["North", "South sealed"],
        rows: [
          { heading: "Fort Ali", cells: ["5", "1"] },
          { heading: "Fort Baker", cells: ["", ""] },
          { heading: "Fort Cole", cells: ["2, 7", ""] },
        ],
      },
    ]);
  });

  test("at the end every column and the result are there", () => {
    const end = shown("frontier.dispatches.DispatchesView", [dispatchesFile], {
      forts: [{ id: "fort-a", name: "Fort Ali", north: [5, 1], south: [4], heldBy: "North" }],
      round: 4,
      result: "North wins 2 forts to 1",
    });
    const [forts] = panels(end).sections;
    expect(forts).toMatchObject({ columns: ["North", "South", "Held by"], rows: [{ heading: "Fort Ali", cells: ["5, 1", "4", "North"] }] });
    expect(panels(end).facts).toContainEqual({ label: "Result", text: "North wins 2 forts to 1" });
  });
});

describe("what Dispatches lacks", () => {
  const view = shown("frontier.sample.SampleView", [sampleFile, sampleCommonFile], {
    side: 1,
    sidesMoved: [1, 2],
    weather: { sky: "clear" },
    supplies: { bread: 4 },
    besieged: true,
    units: [{ id: "u1", strength: 3 }, { id: "u2" }],
  });

  test("enums by name without their prefix, booleans as yes", () => {
    expect(panels(view).facts).toEqual([
      { label: "Side", text: "North" },
      { label: "Sides moved", text: "North, South" },
      { label: "Besieged", text: "yes" },
    ]);
  });

  test("a nested message and a map are cards; elements without a name get no row heading", () => {
    expect(panels(view).sections).toEqual([
      { kind: "card", label: "Weather", panels: { facts: [{ label: "Sky", text: "clear" }], sections: [] } },
      { kind: "card", label: "Supplies", panels: { facts: [{ label: "bread", text: "4" }], sections: [] } },
      {
        kind: "table",
        label: "Units",
        rowHeading: undefined,
        columns: ["Id", "Strength"],
        rows: [
          { heading: undefined, cells: ["u1", "3"] },
          { heading: undefined, cells: ["u2", ""] },
        ],
      },
    ]);
  });

  test("a message that holds nothing says nothing", () => {
    expect(panels(shown("frontier.sample.SampleView", [sampleFile, sampleCommonFile], {}))).toEqual({ facts: [], sections: [] });
  });
});

test("the fixture game's key/value entries read as its table of named values", () => {
  const view = create(KeyValueViewSchema, { entries: [{ key: "Lap", value: "2" }, { key: "Leader", value: "Ann" }] });
  expect(panelsOf(KeyValueViewSchema, view)).toEqual({
    facts: [
      { label: "Lap", text: "2" },
      { label: "Leader", text: "Ann" },
    ],
    sections: [],
  });
});
