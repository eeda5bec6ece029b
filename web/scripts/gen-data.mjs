// Encodes the game data the boards need but the views do not carry (Crossroads terrain, regions,
// cities and trade routes per square; the names of units that the views list only by name) from
// rules/data/*.txtpb into public/data/*.binpb with protoc, so the browser decodes the very data the
// rules engine loads: nothing is copied by hand. Run by `npm run build`; the output is not committed.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const web = join(dirname(fileURLToPath(import.meta.url)), "..");
const root = join(web, "..");
const out = join(web, "public", "data");

// File in rules/data -> [schema file in proto/, top-level message]. The boards name the same files
// (useStaticData); src/gen/data-files.ts lists them for the page to fetch early (static-data.ts).
const files = {
  khartoum: ["hand_of_destiny_data.proto", "frontier.hand_of_destiny.ScenarioData"],
  lion: ["lion_data.proto", "frontier.lion.LionData"],
  crossroads_map: ["crossroads_data.proto", "frontier.crossroads.MapData"],
  crossroads_tables: ["crossroads_data.proto", "frontier.crossroads.TablesData"],
};

mkdirSync(out, { recursive: true });
for (const [name, [proto, message]] of Object.entries(files)) {
  const binary = execFileSync("protoc", [`--encode=${message}`, `-I${join(root, "proto")}`, proto], {
    input: readFileSync(join(root, "rules", "data", `${name}.txtpb`)),
    maxBuffer: 64 << 20,
  });
  writeFileSync(join(out, `${name}.binpb`), binary);
}
mkdirSync(join(web, "src", "gen"), { recursive: true });
writeFileSync(join(web, "src", "gen", "data-files.ts"),
  `// Written by scripts/gen-data.mjs: the files in public/data/*.binpb.\nexport const dataFiles = ${JSON.stringify(Object.keys(files))};\n`);
