// The four banner paths around the Governor's Palace, with the fight under way ringed: the area
// a banner attacks, or the banner Gordon raids or sorties against.
import type { LionView } from "../../gen/lion_pb";
import type { LionData } from "../../gen/lion_data_pb";
import type { Picker } from "../clickable";
import { Area } from "./area";
import { cellOf, kCentre, kPalaceR, kRing, kSize } from "./geometry";

const kPathNames: Record<string, string> = {
  red: "Red Banner",
  green: "Green Banner",
  white: "White Banner",
  black: "Black Banner",
};

export function LionMap({ view, picker, data }: { view: LionView; picker: Picker; data?: LionData }) {
  const combat = view.combat;
  const attackedArea = combat?.kind === "defence" ? combat.area : "";
  const target = combat && combat.kind !== "defence" ? combat.banner : "";
  const palaceR = kPalaceR - 4;
  const palaceBox = { x: kCentre - 58, y: kCentre - 56, w: 116, h: 100 };
  // A circle as a path (two half arcs), like the ring segments.
  const palaceShape =
    `M${kCentre - palaceR} ${kCentre}a${palaceR} ${palaceR} 0 1 0 ${2 * palaceR} 0` +
    `a${palaceR} ${palaceR} 0 1 0 ${-2 * palaceR} 0Z`;
  return (
    <svg
      class="board-svg lion-map"
      viewBox={`0 0 ${kSize} ${kSize}`}
      role="group"
      aria-label="The banner paths around the Governor's Palace"
    >
      <rect width={kSize} height={kSize} class="map-ground" />
      <circle cx={kCentre} cy={kCentre} r={kPalaceR + 5 * kRing + 6} class="lion-outer" />
      {Object.entries(kPathNames).map(([path, name]) => {
        // Each path's name outside its outermost area; east and west ones read upwards/downwards.
        const outer = kPalaceR + 5 * kRing + 6;
        const at: Record<string, [number, number, number]> = {
          red: [kCentre, kCentre - outer - 6, 0],
          white: [kCentre, kCentre + outer + 18, 0],
          green: [kCentre + outer + 8, kCentre, 90],
          black: [kCentre - outer - 8, kCentre, -90],
        };
        const [x, y, turn] = at[path];
        return (
          <text
            key={path}
            x={x}
            y={y}
            transform={turn ? `rotate(${turn} ${x} ${y})` : undefined}
            class={`path-label path-${path}`}
          >
            {name}
          </text>
        );
      })}
      {view.areas.map((area) => {
        const here = view.banners.filter((b) => b.area === area.number && b.id === area.path);
        if (area.path === "palace") {
          const inPalace = view.banners.filter((b) => b.area <= 1);
          return (
            <Area
              key={area.id}
              area={area}
              shape={palaceShape}
              box={palaceBox}
              banners={inPalace}
              picker={picker}
              attacked={area.name === attackedArea}
              target={target}
              data={data}
            />
          );
        }
        const cell = cellOf(area.path, area.number);
        if (!cell) return null;
        return (
          <Area key={area.id} area={area} shape={cell.path} box={cell} banners={here} picker={picker}
            attacked={area.name === attackedArea} target={target} data={data} />
        );
      })}
    </svg>
  );
}
