// The four banner paths around the Governor's Palace.
import type { LionView } from "../../gen/lion_pb";
import type { Picker } from "../clickable";
import { Area } from "./area";
import { cellOf, kCentre, kPalaceR, kRing, kSize } from "./geometry";

const kPathNames: Record<string, string> = { red: "Red Banner", green: "Green Banner", white: "White Banner", black: "Black Banner" };

export function LionMap({ view, picker }: { view: LionView; picker: Picker }) {
  const palaceR = kPalaceR - 4;
  const palaceBox = { x: kCentre - 58, y: kCentre - 56, w: 116, h: 100 };
  return (
    <svg class="board-svg lion-map" viewBox={`0 0 ${kSize} ${kSize}`} role="group" aria-label="The banner paths around the Governor's Palace">
      <rect width={kSize} height={kSize} class="map-ground" />
      <circle cx={kCentre} cy={kCentre} r={kPalaceR + 5 * kRing + 6} class="lion-outer" />
      {Object.entries(kPathNames).map(([path, name]) => {
        const outer = cellOf(path, 6)!;
        return (
          <text key={path} x={outer.x + outer.w / 2} y={path === "red" ? outer.y - 6 : path === "white" ? outer.y + outer.h + 18 : outer.y - 8} class={`path-label path-${path}`}>
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
              shape={`M${kCentre - palaceR} ${kCentre}a${palaceR} ${palaceR} 0 1 0 ${2 * palaceR} 0a${palaceR} ${palaceR} 0 1 0 ${-2 * palaceR} 0Z`}
              box={palaceBox}
              banners={inPalace}
              picker={picker}
            />
          );
        }
        const cell = cellOf(area.path, area.number);
        if (!cell) return null;
        return <Area key={area.id} area={area} shape={cell.path} box={cell} banners={here} picker={picker} />;
      })}
    </svg>
  );
}
