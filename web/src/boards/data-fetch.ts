// The bytes of the game data files (public/data/*.binpb, listed by scripts/gen-data.mjs in
// gen/data-files.ts), fetched once per page; static-data.ts decodes them. This module imports no
// protobuf code on purpose: main.tsx imports it first, and on a page opened on a match or a replay
// it starts every file's fetch (a few KB each) as it is evaluated, before the rest of the client's
// modules are, so the files travel while the WebSocket connects.
import { dataFiles } from "../gen/data-files";

const fetches = new Map<string, Promise<Uint8Array>>();
// What has arrived, for a first render to use without waiting a turn.
export const bytesOf = new Map<string, Uint8Array>();

export function fetchBytes(name: string): Promise<Uint8Array> {
  let pending = fetches.get(name);
  if (!pending) {
    pending = fetch(new URL(`data/${name}.binpb`, document.baseURI))
      .then((response) => {
        if (!response.ok) throw new Error(`data/${name}.binpb: HTTP ${response.status}`);
        return response.arrayBuffer();
      })
      .then((buffer) => {
        const bytes = new Uint8Array(buffer);
        bytesOf.set(name, bytes);
        return bytes;
      });
    // A failed fetch is not cached, so that the next render tries again.
    pending.catch(() => fetches.delete(name));
    fetches.set(name, pending);
  }
  return pending;
}

// #/match/<id> and #/replay/<id> (app/router.ts) draw a board.
if (typeof location !== "undefined" && /^#\/(match|replay)\/\d/.test(location.hash)) {
  for (const name of dataFiles) fetchBytes(name).catch(() => undefined);
}
