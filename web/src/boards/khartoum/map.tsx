// The map of the Sudan: the real geography (geography.tsx) under the routes by kind, the spaces
// by terrain with their names, the stacks this seat may see (29.14: a hidden Mahdist stack shows
// its top unit and a count), and the tracks and key printed on the map.
import { useMemo } from "preact/hooks";
import type { TurnInfo } from "../../gen/hand_of_destiny_data_pb";
import type { KhartoumView, UnitView } from "../../gen/khartoum_pb";
import type { Picker } from "../clickable";
import { PanZoomSvg } from "../pan-zoom";
import type { Contingent } from "./counter";
import { makeGeo } from "./geo";
import { Geography } from "./geography";
import { kRivers } from "./geography-data";
import { layOut } from "./layout";
import { MapKey } from "./map-key";
import { placeMapNames } from "./names";
import { Routes } from "./routes";
import { SpaceMark } from "./space";
import { isSpread, Stacks } from "./stack";
import { refKey } from "../board";
import { MapTracks } from "./tracks";

interface Props {
  view: KhartoumView;
  picker: Picker;
  turns: TurnInfo[];
  toWin: number;
  contingents: Map<string, string>;  // unit id -> "mahdist", "british", "egyptian", "both"
}

const kKeyAt = { x: 36, y: 470 };

export function KhartoumMap({ view, picker, turns, toWin, contingents }: Props) {
  // The layout depends on the spaces' places only (the same for the whole match).
  const placesKey = view.spaces.map((s) => `${s.id}@${s.x},${s.y}`).join(";");
  const layout = useMemo(() => layOut(view.spaces), [placesKey]);
  const geo = useMemo(() => makeGeo(layout, kRivers), [layout]);
  const nameSpots = useMemo(() => placeMapNames(view.spaces, layout, geo, kKeyAt), [geo]);
  const ground = useMemo(
    () => <Geography geo={geo} width={layout.width} height={layout.height} names={nameSpots} />,
    [geo, nameSpots],
  );
  const names = useMemo(() => new Map(view.spaces.map((s) => [s.id, s.name])), [placesKey]);
  const contingent = (u: UnitView): Contingent => contingents.get(u.id) ?? u.side.toLowerCase();
  const battleAt = view.battle?.space;
  // Spread stacks last, so that their counters lie over the neighbouring spaces' piles.
  const order = [...view.spaces].sort((a, b) => Number(isSpread(a, picker)) - Number(isSpread(b, picker)));
  return (
    <PanZoomSvg width={layout.width} height={layout.height} label="Map of the Sudan" class="khartoum-map">
      {ground}
      <MapTracks view={view} turns={turns} toWin={toWin} />
      <MapKey x={kKeyAt.x} y={kKeyAt.y} />
      <Routes routes={view.routes} layout={layout} geo={geo} names={names} />
      {view.spaces.map((s) => {
        const p = layout.at.get(s.id)!;
        return (
          <g key={s.id} transform={`translate(${p.x} ${p.y})`}>
            <SpaceMark space={s} picker={picker} battle={s.id === battleAt} name={nameSpots.spaces.get(s.id)!} />
          </g>
        );
      })}
      {/* Stacks after all the spaces, so that no space's name covers a counter. A tap on a stack
          standing on a space to choose chooses the space (data-on, inspect/useInspection.ts). */}
      {order.map((s) => {
        const p = layout.at.get(s.id)!;
        return (
          <g key={s.id} transform={`translate(${p.x} ${p.y})`} data-on={refKey("space", s.id)}>
            <Stacks space={s} picker={picker} contingent={contingent} />
          </g>
        );
      })}
    </PanZoomSvg>
  );
}
