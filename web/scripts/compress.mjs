// Writes NAME.gz beside every text-like file of the built client (the script bundle is some
// 230 KB), so frontierd can send it compressed to browsers that accept gzip without compressing
// on each request (server/net/static_files.cpp). Run by `npm run build`, after Vite.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { constants, gzipSync } from "node:zlib";

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|map|binpb|ico|txt)$/;
const MIN_BYTES = 1024;  // below a packet's worth, compression saves nothing

const outDir = process.env.FRONTIER_WEB_OUT ?? "dist";

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else yield path;
  }
}

for (const path of files(outDir)) {
  if (!COMPRESSIBLE.test(path)) continue;
  const plain = readFileSync(path);
  if (plain.length < MIN_BYTES) continue;
  const packed = gzipSync(plain, { level: constants.Z_BEST_COMPRESSION });
  if (packed.length < plain.length) writeFileSync(`${path}.gz`, packed);
}
