// The game data the views do not carry, decoded from public/data/*.binpb (written at build time
// from rules/data by scripts/gen-data.mjs). Each file is fetched once per page and shared.
import { fromBinary, type DescMessage, type MessageShape } from "@bufbuild/protobuf";
import { useEffect, useState } from "preact/hooks";

const loads = new Map<string, Promise<unknown>>();

function load<Desc extends DescMessage>(name: string, schema: Desc): Promise<MessageShape<Desc>> {
  let pending = loads.get(name);
  if (!pending) {
    pending = fetch(new URL(`data/${name}.binpb`, document.baseURI))
      .then((response) => {
        if (!response.ok) throw new Error(`data/${name}.binpb: HTTP ${response.status}`);
        return response.arrayBuffer();
      })
      .then((bytes) => fromBinary(schema, new Uint8Array(bytes)));
    // A failed fetch is not cached, so that the next render tries again.
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
  const [state, setState] = useState<{ data?: MessageShape<Desc>; error?: string }>({});
  useEffect(() => {
    let live = true;
    load(name, schema).then(
      (data) => live && setState({ data }),
      (e: unknown) => live && setState({ error: String(e) }),
    );
    return () => {
      live = false;
    };
  }, [name, schema]);
  return state;
}
