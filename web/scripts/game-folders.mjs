// Where the generators find the games: the shared protos in ../proto, and each game folder
// ../rules/<folder>/ with its own proto/ and data/. Found by folder, never listed, so a new game
// folder reaches the browser client with no edit here.
import { existsSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const rules = join(root, "rules");

const gameFolders = readdirSync(rules, { withFileTypes: true })
  .filter((e) => e.isDirectory() && existsSync(join(rules, e.name, "register.h")))
  .map((e) => join(rules, e.name))
  .sort();

// Every folder holding .proto files: ../proto first, then each game's proto/.
export const protoDirs = [join(root, "proto"), ...gameFolders.map((g) => join(g, "proto")).filter(existsSync)];

// Every folder holding game data (*.txtpb): the shared rules/data (games not yet moved into their
// folders), then each game's data/.
export const dataDirs = [join(rules, "data"), ...gameFolders.map((g) => join(g, "data")).filter(existsSync)];
