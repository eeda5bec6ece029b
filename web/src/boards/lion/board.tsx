// The Lion of Khartoum board: the banner paths around the palace with the tracks beside them.
import "./lion.css";
import { LionDataSchema } from "../../gen/lion_data_pb";
import type { LionView } from "../../gen/lion_pb";
import { refKey } from "../board";
import type { GameBoardProps } from "../clickable";
import { usePicker } from "../clickable";
import { BoardFrame } from "../leftover";
import { useStaticData } from "../static-data";
import { LionMap } from "./map";
import { LionPanel } from "./panel";

export function LionBoard({ view, choices, onChoose, toPlay, phase, log }: GameBoardProps<LionView>) {
  const picker = usePicker(choices, onChoose);
  const { data } = useStaticData("lion", LionDataSchema);
  const drawn = new Set<string>([
    ...view.areas.map((a) => refKey("area", a.id)),
    ...view.banners.map((b) => refKey("unit", b.id)),
    ...(data ? [...data.troops, ...data.leaders].map((f) => refKey("unit", f.id)) : []),
  ]);
  const name = (type: string, id: string) =>
    (type === "area" && view.areas.find((a) => a.id === id)?.name) ||
    (type === "unit" && data && [...data.troops, ...data.leaders].find((f) => f.id === id)?.name);
  return (
    <BoardFrame
      game="lion"
      mapScrolls  // lion.css: on a phone the map scrolls in its box
      picker={picker}
      complete={data !== undefined}
      drawn={drawn}
      name={name}
      picture={<LionMap view={view} picker={picker} data={data} />}
    >
      <LionPanel view={view} data={data} picker={picker} toPlay={toPlay} phase={phase} log={log} />
    </BoardFrame>
  );
}
