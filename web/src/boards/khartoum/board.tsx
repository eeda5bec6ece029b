// The Khartoum board: the map of the Sudan with the tracks beside it.
import { useMemo } from "preact/hooks";
import { ScenarioDataSchema } from "../../gen/hand_of_destiny_data_pb";
import type { KhartoumView } from "../../gen/khartoum_pb";
import { refKey } from "../board";
import type { GameBoardProps } from "../clickable";
import { usePicker } from "../clickable";
import { BoardFrame } from "../leftover";
import { useStaticData } from "../static-data";
import { KhartoumMap } from "./map";
import { cardId, KhartoumPanel } from "./panel";

export function KhartoumBoard({ view, choices, onChoose, toPlay, phase, log }: GameBoardProps<KhartoumView>) {
  const picker = usePicker(choices, onChoose);
  const { data } = useStaticData("khartoum", ScenarioDataSchema);
  // The boxes list units by name; refs name them by id. Unit names are unique in the data.
  const unitId = useMemo(() => new Map((data?.unit ?? []).map((u) => [u.name, u.id])), [data]);
  // Counters take their contingent's colours (23.0); the view names only the side.
  const contingents = useMemo(() => new Map((data?.unit ?? []).map((u) => [u.id, u.contingent])), [data]);

  // Everything the picture draws with a data-ref, so that the rest gets a chip of its own.
  const drawn = new Set<string>();
  for (const s of view.spaces) {
    drawn.add(refKey("space", s.id));
    for (const u of s.units) drawn.add(refKey("unit", u.id));
  }
  for (const side of view.sides) {
    for (const name of [...side.box, ...side.eliminated]) {
      const id = unitId.get(name);
      if (id !== undefined) drawn.add(refKey("unit", id));
    }
    if (side.heldCard) drawn.add(refKey("card", cardId(side.heldCard)));
  }
  if (view.card) drawn.add(refKey("card", cardId(view.card)));

  const name = (type: string, id: string) =>
    (type === "unit" && data?.unit.find((u) => u.id === id)?.name) ||
    (type === "card" && data?.card.find((c) => c.id === id)?.name) ||
    (type === "space" && view.spaces.find((s) => s.id === id)?.name);

  return (
    <BoardFrame
      game="khartoum"
      picker={picker}
      complete={data !== undefined}
      drawn={drawn}
      name={name}
      picture={
        <KhartoumMap
          view={view}
          picker={picker}
          turns={data?.turn ?? []}
          toWin={data?.empireVpToWin ?? 0}
          contingents={contingents}
        />
      }
    >
      <KhartoumPanel view={view} data={data} unitId={unitId} picker={picker} toPlay={toPlay} phase={phase} log={log} />
    </BoardFrame>
  );
}
