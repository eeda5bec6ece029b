// Encodes the game data the boards need but the views do not carry (Crossroads terrain, regions,
// cities and trade routes per square; the names of units that the views list only by name) from
// the games' *.txtpb (rules/data and each game folder's data/, scripts/game-folders.mjs) into
// public/data/*.binpb with protoc, so the browser decodes the very data the rules engine loads:
// nothing is copied by hand. A data file is for the boards when it names its schema in its first
// lines ("# proto-file: lion_data.proto" and "# proto-message: frontier.lion.LionData", the
// convention of protobuf's text format tools); found, never listed here. Run by `npm run build`;
// the output is not committed.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { dataDirs, protoDirs } from "./game-folders.mjs";

const web = join(dirname(fileURLToPath(import.meta.url)), "..");
const out = join(web, "public", "data");

// The schema a data file names in its leading comment lines, or undefined.
function schemaOf(text) {
  const head = text.split("\n").filter((line) => line.startsWith("#")).slice(0, 10).join("\n");
  const proto = /^# proto-file: (\S+)$/m.exec(head)?.[1];
  const message = /^# proto-message: (\S+)$/m.exec(head)?.[1];
  return proto && message ? { proto, message } : undefined;
}

// Name (the file's, as the boards fetch it: useStaticData) -> the file's text and schema.
const files = {};
for (const dir of dataDirs) {
  for (const file of readdirSync(dir).filter((f) => f.endsWith(".txtpb")).sort()) {
    const text = readFileSync(join(dir, file));
    const schema = schemaOf(text.toString("utf8"));
    const name = basename(file, ".txtpb");
    if (!schema) continue;
    if (files[name]) throw new Error(`two data files are named ${file}`);
    files[name] = { text, ...schema };
  }
}

mkdirSync(out, { recursive: true });
for (const [name, { text, proto, message }] of Object.entries(files)) {
  const binary = execFileSync("protoc", [`--encode=${message}`, ...protoDirs.map((d) => `-I${d}`), proto], {
    input: text,
    maxBuffer: 64 << 20,
  });
  writeFileSync(join(out, `${name}.binpb`), binary);
}
mkdirSync(join(web, "src", "gen"), { recursive: true });
writeFileSync(join(web, "src", "gen", "data-files.ts"),
  `// Written by scripts/gen-data.mjs: the files in public/data/*.binpb.\nexport const dataFiles = ${JSON.stringify(Object.keys(files))};\n`);
