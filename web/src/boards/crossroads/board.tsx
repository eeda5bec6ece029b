// The Asia Crossroads board: the grid of Central Asia with the tracks beside it.
import { useMemo, useState } from "preact/hooks";
import { MapDataSchema, TablesDataSchema } from "../../gen/crossroads_data_pb";
import type { CrossroadsView } from "../../gen/crossroads_pb";
import { refKey } from "../board";
import type { GameBoardProps } from "../clickable";
import { usePicker } from "../clickable";
import { BoardFrame } from "../leftover";
import { useStaticData } from "../static-data";
import { CrossroadsMap } from "./map";
import { CrossroadsPanel, kHomeBases, listedSquares } from "./panel";

// The sides by seat (the game's GameInfo lists British, then Russian).
const kSeatSides = ["british", "russian"];

export function CrossroadsBoard({ view, choices, onChoose, toPlay, phase, log, yourSeat }: GameBoardProps<CrossroadsView>) {
  const picker = usePicker(choices, onChoose);
  const map = useStaticData("crossroads_map", MapDataSchema);
  const tables = useStaticData("crossroads_tables", TablesDataSchema);
  const [focus, setFocus] = useState(-1);
  // Agent refs are indices into the data's agent list; agent names are unique there.
  const agentIndex = useMemo(
    () => new Map((tables.data?.agents ?? []).map((a, i) => [a.name, i])),
    [tables.data],
  );

  if (!map.data) {
    return (
      <div class="board board-crossroads loading">
        {map.error ? `The map cannot be loaded: ${map.error}` : "Loading the map…"}
      </div>
    );
  }
  const listed = listedSquares(view, agentIndex, picker, focus);
  const drawn = new Set<string>();
  for (let sq = 0; sq < map.data.width * map.data.height; ++sq) drawn.add(refKey("square", String(sq)));
  for (const sq of Object.keys(kHomeBases)) drawn.add(refKey("square", sq));
  view.regions.forEach((_, i) => drawn.add(refKey("region", String(i))));
  for (const s of view.stacks) {
    if (!listed.has(s.square) && !(s.square in kHomeBases)) continue;
    for (const u of s.units) drawn.add(refKey("unit", String(u.id)));
    for (const a of s.agents) {
      const index = agentIndex.get(a.name);
      if (index !== undefined) drawn.add(refKey("agent", String(index)));
    }
  }
  const name = (type: string, id: string) =>
    (type === "agent" && tables.data?.agents[Number(id)]?.name) ||
    (type === "box" && kHomeBases[Number(id)]) ||
    (type === "region" && view.regions[Number(id)]?.name);

  return (
    <BoardFrame
      game="crossroads"
      home={kSeatSides[yourSeat] ? `.cr-stack.side-${kSeatSides[yourSeat]}` : undefined}
      picker={picker}
      complete={tables.data !== undefined}
      drawn={drawn}
      name={name}
      picture={<CrossroadsMap view={view} map={map.data} picker={picker} focus={focus} onFocus={setFocus} />}
    >
      <CrossroadsPanel view={view} agentIndex={agentIndex} picker={picker} listed={listed} toPlay={toPlay} phase={phase} log={log} />
    </BoardFrame>
  );
}
