/// <reference types="vite/client" />
// Development page for the boards (`npx vite`, then /boards-dev.html?view=NAME): draws the
// MatchUpdates that scripts/capture-views.sh saved from real matches in dev-views/ and shows
// which choices a click would send. Not part of the built client.
import { fromJson, type JsonValue } from "@bufbuild/protobuf";
import { render } from "preact";
import { useState } from "preact/hooks";
import type { LegalChoice } from "../gen/game_pb";
import { MatchUpdateSchema } from "../gen/wire_pb";
import { Board } from "./index";
import { compiledViews } from "../views/compiled";
import { decodeView } from "../views/decode";
import { sidesToPlay } from "../app/toPlay";

const samples = import.meta.glob<JsonValue>("../../dev-views/*.json", { eager: true, import: "default" });
const names = Object.keys(samples)
  .map((path) => path.replace(/^.*\/(.*)\.json$/, "$1"))
  .sort();

function Dev() {
  const [name, setName] = useState(new URLSearchParams(location.search).get("view") ?? names[0]);
  const [chosen, setChosen] = useState<LegalChoice[]>([]);
  const json = samples[`../../dev-views/${name}.json`];
  if (!json) return <p>No sample "{name}": run web/scripts/capture-views.sh.</p>;
  const update = fromJson(MatchUpdateSchema, json, { ignoreUnknownFields: true, registry: compiledViews });
  const choices = update.prompts.filter((p) => p.seat === update.yourSeat).flatMap((p) => p.choices);
  return (
    <div>
      <p>
        <select value={name} onChange={(e) => setName((e.target as HTMLSelectElement).value)}>
          {names.map((n) => (
            <option key={n}>{n}</option>
          ))}
        </select>{" "}
        seat {update.yourSeat} · {update.prompts.map((p) => p.text).join(" / ") || "no prompt"}
      </p>
      {update.view && (
        <Board view={decodeView(update.view, compiledViews, undefined)} choices={choices} onChoose={setChosen} yourSeat={update.yourSeat}
          toPlay={sidesToPlay(update.gameStatus, update.seats)} phase={update.gameStatus?.phase ?? ""} />
      )}
      <p id="chosen">Chosen: {chosen.map((c) => c.label).join(" | ") || "nothing"}</p>
    </div>
  );
}

render(<Dev />, document.getElementById("app")!);
