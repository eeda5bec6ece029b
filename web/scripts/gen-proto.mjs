// Generates the TypeScript protobuf code (src/gen/) with protoc (Debian's protobuf-compiler) and
// protoc-gen-es from node_modules, from ../proto and every game folder's protos
// (../rules/<game>/proto, found by folder: a game's boards import its <name>_pb). The generated
// files are not committed: the .proto files are the one source of truth, and every build
// regenerates them.
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { protoDirs } from "./game-folders.mjs";

const web = join(dirname(fileURLToPath(import.meta.url)), "..");
const out = join(web, "src", "gen");
const protos = protoDirs.flatMap((dir) => readdirSync(dir).filter((f) => f.endsWith(".proto")));

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
execFileSync(
  "protoc",
  [
    `--plugin=protoc-gen-es=${join(web, "node_modules", ".bin", "protoc-gen-es")}`,
    `--es_out=${out}`,
    "--es_opt=target=ts,import_extension=none",
    ...protoDirs.map((dir) => `-I${dir}`),
    ...protos,
  ],
  { stdio: "inherit" },
);
