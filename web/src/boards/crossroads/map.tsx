// The Asia Crossroads grid: terrain squares (each one a place a choice can name), regions tinted
// by who controls them, trade routes, cities, civilization markers and the visible stacks, the
// square of a combat being resolved ringed, with pan and zoom. A click on a square that no choice names but whose region a choice names picks
// the region; on any other square it shows that square's pieces beside the map.
import { useMemo } from "preact/hooks";
import type { MapData } from "../../gen/crossroads_data_pb";
import type { CrossroadsView } from "../../gen/crossroads_pb";
import { refKey } from "../board";
import type { Picker } from "../clickable";
import { choiceHint, refAttributes } from "../clickable";
import { PanZoomSvg } from "../pan-zoom";
import { RegionLabels } from "./labels";
import { CrossroadsLegend } from "./legend";
import { placeCrossroadsNames } from "./names";
import { Markers, Stacks, stackTitle } from "./pieces";
import { FixedMap, kSquare, regionAt, regionPath, terrainAt } from "./terrain";

interface Props {
  view: CrossroadsView;
  map: MapData;
  picker: Picker;
  focus: number;
  onFocus: (square: number) => void;
}

export function CrossroadsMap({ view, map, picker, focus, onFocus }: Props) {
  const width = map.width * kSquare,
    height = map.height * kSquare;
  const legendAt = { x: 14, y: height - 128 };
  const regionNames = view.regions.map((r) => r.name);
  const names = useMemo(() => placeCrossroadsNames(map, regionNames, legendAt), [map, regionNames.join("|")]);
  const fixed = useMemo(() => <FixedMap map={map} names={names.cities} />, [names]);
  const labels = useMemo(() => <RegionLabels names={regionNames} at={names.regions} />, [names]);
  const regionShapes = useMemo(
    () => view.regions.map((_, i) => regionPath(map, i)),
    [map, view.regions.length],
  );
  const cityAt = useMemo(() => new Map(map.cities.map((c) => [c.row * map.width + c.col, c.name])), [map]);
  // The pieces and markers do not take the pointer (clicks go to the square), so the square's
  // tooltip tells what stands on it.
  const namedByView = new Map<number, string>();
  for (const st of view.stacks) namedByView.set(st.square, st.name);
  for (const m of view.markers) namedByView.set(m.square, m.name);
  const contents = new Map<number, string[]>();
  const note = (sq: number, text: string) => contents.set(sq, [...(contents.get(sq) ?? []), text]);
  for (const st of view.stacks) note(st.square, stackTitle(st, view.regions));
  for (const m of view.markers) note(m.square, `${m.side} ${m.kind}`);

  const squares = [];
  for (let row = 0; row < map.height; ++row) {
    for (let col = 0; col < map.width; ++col) {
      const sq = row * map.width + col;
      const key = String(sq);
      const terrain = terrainAt(map, row, col);
      const region = regionAt(map, row, col);
      const regionName = view.regions[region]?.name;
      // Places in words, as the rules name them (never "square r,c"): the city, else the rules'
      // name of a stack or marker standing there, else the region; a choice on the square
      // carries the rules' full name in its label.
      const name = cityAt.get(sq) ?? namedByView.get(sq) ?? regionName ?? "Sea";
      const place = `${name} — ${terrain}${regionName && regionName !== name ? `, ${regionName}` : ""}`;
      const attrs = refAttributes(picker, "square", key, `square terrain-${terrain}`, name);
      if (!attrs.onClick) {
        const regionChoices = region >= 0 ? picker.byRef.get(refKey("region", String(region))) : undefined;
        attrs.onClick = regionChoices ? () => picker.onChoose(regionChoices) : () => onFocus(sq);
      }
      squares.push(
        <rect key={sq} x={col * kSquare} y={row * kSquare} width={kSquare} height={kSquare} {...attrs}>
          <title>{[place, ...(contents.get(sq) ?? [])].join("\n") + choiceHint(picker, "square", key)}</title>
        </rect>,
      );
    }
  }

  return (
    <PanZoomSvg width={width} height={height} label="Map of Central Asia" class="crossroads-map">
      <g class="squares">{squares}</g>
      <g class="control" aria-hidden="true">
        {view.regions.map((r, i) =>
          r.control === "neutral" ? null : (
            <path key={r.code} d={regionShapes[i]} class={`control-${r.control.toLowerCase()}`} />
          ),
        )}
      </g>
      {labels}
      {fixed}
      <Markers markers={view.markers} width={map.width} />
      <Stacks stacks={view.stacks} />
      {view.combat && (
        // The square of the combat being resolved, ringed as Khartoum rings its battle's space.
        <circle
          cx={(view.combat.square % map.width) * kSquare + kSquare / 2}
          cy={Math.floor(view.combat.square / map.width) * kSquare + kSquare / 2}
          r={kSquare * 0.85}
          class="battle-ring combat-mark"
          aria-hidden="true"
        />
      )}
      <g class="square-choices" aria-hidden="true">
        {[...picker.byRef.keys()].map((key) => {
          const sq = Number(key.startsWith("square:") ? key.slice(7) : NaN);
          if (!(sq >= 0 && sq < map.width * map.height)) return null;
          const x = (sq % map.width) * kSquare + 1,
            y = Math.floor(sq / map.width) * kSquare + 1;
          const size = kSquare - 2;
          return <rect key={key} x={x} y={y} width={size} height={size} class="square-choosable" />;
        })}
        {focus >= 0 && focus < map.width * map.height && (
          <rect
            x={(focus % map.width) * kSquare}
            y={Math.floor(focus / map.width) * kSquare}
            width={kSquare}
            height={kSquare}
            class="square-focus"
          />
        )}
      </g>
      <g class="region-choices" aria-hidden="true">
        {view.regions.map((r, i) =>
          picker.byRef.has(refKey("region", String(i))) ? (
            <path key={r.code} d={regionShapes[i]} class="region-choosable" />
          ) : null,
        )}
      </g>
      <CrossroadsLegend x={legendAt.x} y={legendAt.y} />
    </PanZoomSvg>
  );
}
