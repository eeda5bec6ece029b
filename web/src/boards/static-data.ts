// The game data the views do not carry, decoded from public/data/*.binpb (written at build time
// from rules/data by scripts/gen-data.mjs). Each file is fetched once per page and shared; a page
// opened on a match or a replay has them on the way before anything else runs (data-fetch.ts), so
// a board has its data by the time the first view arrives and is drawn once, complete.
import { fromBinary, type DescMessage, type MessageShape } from "@bufbuild/protobuf";
import { useEffect, useState } from "preact/hooks";
import { bytesOf, fetchBytes } from "./data-fetch";

const loads = new Map<string, Promise<unknown>>();
const decoded = new Map<string, unknown>();

// The decoded file if its bytes have arrived (decoding them now), else undefined.
export function staticDataNow<Desc extends DescMessage>(name: string, schema: Desc): MessageShape<Desc> | undefined {
  if (!decoded.has(name)) {
    const bytes = bytesOf.get(name);
    if (!bytes) return undefined;
    decoded.set(name, fromBinary(schema, bytes));
  }
  return decoded.get(name) as MessageShape<Desc>;
}

export function loadStaticData<Desc extends DescMessage>(name: string, schema: Desc): Promise<MessageShape<Desc>> {
  let pending = loads.get(name);
  if (!pending) {
    pending = fetchBytes(name).then(() => staticDataNow(name, schema)!);
    pending.catch(() => loads.delete(name));
    loads.set(name, pending);
  }
  return pending as Promise<MessageShape<Desc>>;
}

// The decoded data file, or undefined while it loads (and an error text if it cannot be had).
export function useStaticData<Desc extends DescMessage>(
  name: string,
  schema: Desc,
): { data?: MessageShape<Desc>; error?: string } {
  const [state, setState] = useState<{ data?: MessageShape<Desc>; error?: string }>(() => ({
    data: staticDataNow(name, schema),
  }));
  useEffect(() => {
    if (state.data) return;
    let live = true;
    loadStaticData(name, schema).then(
      (data) => live && setState({ data }),
      (e: unknown) => live && setState({ error: String(e) }),
    );
    return () => {
      live = false;
    };
    // Only the file's identity matters; `state` changes because of this effect.
  }, [name, schema]);
  return state;
}
