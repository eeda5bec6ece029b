// Generates the TypeScript protobuf code (src/gen/) from ../proto with protoc (Debian's
// protobuf-compiler) and protoc-gen-es from node_modules. The generated files are not committed:
// proto/ is the one source of truth, and every build regenerates them.
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const web = join(dirname(fileURLToPath(import.meta.url)), "..");
const protoDir = join(web, "..", "proto");
const out = join(web, "src", "gen");
const protos = readdirSync(protoDir).filter((f) => f.endsWith(".proto"));

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
execFileSync(
  "protoc",
  [
    `--plugin=protoc-gen-es=${join(web, "node_modules", ".bin", "protoc-gen-es")}`,
    `--es_out=${out}`,
    "--es_opt=target=ts,import_extension=none",
    `-I${protoDir}`,
    ...protos,
  ],
  { stdio: "inherit" },
);
