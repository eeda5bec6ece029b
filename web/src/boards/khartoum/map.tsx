// The map of the Sudan: routes by kind, spaces by terrain with their names, and the stacks that
// this seat may see. Where 29.14 hides the units under a Mahdist top unit the view carries only
// that top unit and a count, and so does the picture ("+N hidden").
import { useMemo } from "preact/hooks";
import type { KhartoumView, SpaceView } from "../../gen/khartoum_pb";
import type { Picker } from "../clickable";
import { choiceHint, refAttributes } from "../clickable";
import { PanZoomSvg } from "../pan-zoom";
import { kCounter, UnitCounter } from "./counter";
import { layOut } from "./layout";

const kPerRow = 4;
const kGap = 2;

function terrainClass(terrain: string): string {
  return `terrain-${terrain.toLowerCase().replace(/[^a-z]+/g, "-")}`;
}

function spaceTitle(s: SpaceView): string {
  const bits = [s.terrain, s.port && "port", s.vp > 0 && `${s.vp} VP`].filter(Boolean).join(", ");
  const hidden =
    s.hiddenUnits > 0 ? `; ${s.hiddenUnits} Mahdist unit(s) hidden under the top unit (29.14)` : "";
  return `${s.name} (${bits})${hidden}`;
}

// The space marker: a town or fortress is drawn as such, other terrain as a disc of its colour.
function SpaceMark({ space, picker }: { space: SpaceView; picker: Picker }) {
  const title = spaceTitle(space);
  const t = space.terrain.toLowerCase();
  return (
    <g {...refAttributes(picker, "space", space.id, `space ${terrainClass(space.terrain)}`, space.name)}>
      <title>{title + choiceHint(picker, "space", space.id)}</title>
      {t === "fortress" ? (
        <path d="M-11 -11H11V11H-11Z M-7 -7H7V7H-7Z" class="space-mark" fill-rule="evenodd" />
      ) : t === "town" ? (
        <rect x={-9} y={-9} width={18} height={18} class="space-mark" />
      ) : (
        <circle r={10} class="space-mark" />
      )}
      <circle r={17} class="hit" />
      {space.port && <path d="M-4 14 Q0 19 4 14 M0 9V17" class="port-mark" />}
      <text y={30} class="space-name">
        {space.name}
      </text>
      {space.vp > 0 && (
        <text x={15} y={-2} class="space-vp">
          {space.vp}
        </text>
      )}
    </g>
  );
}

// The counters of a space in rows of four above its marker, the top of the stack last.
function Stack({ space, picker }: { space: SpaceView; picker: Picker }) {
  const n = space.units.length;
  if (n === 0 && space.hiddenUnits === 0) return null;
  const rows = Math.ceil(n / kPerRow);
  const step = kCounter + kGap;
  // "+N hidden" to the right of the top row (or alone where the view shows no unit).
  const badgeX = n > 0 ? (Math.min(n, kPerRow) * step) / 2 + 2 : -20;
  return (
    <g class="stack">
      {space.units.map((u, i) => {
        const row = Math.floor(i / kPerRow),
          col = i % kPerRow;
        const inRow = Math.min(kPerRow, n - row * kPerRow);
        const x = -(inRow * step - kGap) / 2 + col * step;
        const y = -16 - (rows - row) * step;
        return <UnitCounter key={u.id} unit={u} x={x} y={y} picker={picker} />;
      })}
      {space.hiddenUnits > 0 && (
        <g class="hidden-badge" transform={`translate(${badgeX} ${-16 - step})`}>
          <title>{`${space.hiddenUnits} Mahdist unit(s) under the top unit, hidden from you (29.14)`}</title>
          <rect width={40} height={16} rx={8} />
          <text x={20} y={12}>{`+${space.hiddenUnits}`}</text>
        </g>
      )}
    </g>
  );
}

export function KhartoumMap({ view, picker }: { view: KhartoumView; picker: Picker }) {
  // The layout depends on the spaces' places only (the same for the whole match).
  const placesKey = view.spaces.map((s) => `${s.id}@${s.x},${s.y}`).join(";");
  const layout = useMemo(() => layOut(view.spaces), [placesKey]);
  const battleAt = view.battle?.space;
  return (
    <PanZoomSvg width={layout.width} height={layout.height} label="Map of the Sudan" class="khartoum-map">
      <rect width={layout.width} height={layout.height} class="map-ground" />
      <g class="routes">
        {view.routes.map((r) => {
          const a = layout.at.get(r.a),
            b = layout.at.get(r.b);
          if (!a || !b) return null;
          return (
            <line
              key={`${r.a}-${r.b}-${r.kind}`}
              x1={a.x}
              y1={a.y}
              x2={b.x}
              y2={b.y}
              class={`route route-${r.kind}`}
            >
              <title>{`${r.kind} route`}</title>
            </line>
          );
        })}
      </g>
      {view.spaces.map((s) => {
        const p = layout.at.get(s.id)!;
        return (
          <g key={s.id} transform={`translate(${p.x} ${p.y})`}>
            {s.id === battleAt && <circle r={26} class="battle-ring" />}
            <SpaceMark space={s} picker={picker} />
          </g>
        );
      })}
      {/* Stacks after all the spaces, so that no space's name covers a counter. */}
      {view.spaces.map((s) => {
        const p = layout.at.get(s.id)!;
        return (
          <g key={s.id} transform={`translate(${p.x} ${p.y})`}>
            <Stack space={s} picker={picker} />
          </g>
        );
      })}
    </PanZoomSvg>
  );
}
