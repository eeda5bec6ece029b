// The ground under the Khartoum spaces: the Sahel and the deserts, the Red Sea and its coast,
// the hills, the Nile with its tributaries and cataracts, and the names of the lands. None of it
// changes in a match; it is drawn once per layout (see KhartoumMap).
import type { Geo } from "./geo";
import { riverDirection, smoothPath } from "./geo";
import { kCataracts, kCoast, kDesertEdge, kHills, kLabels } from "./geography-data";
import type { Point } from "./layout";
import type { MapNames } from "./names";

interface Props {
  geo: Geo;
  width: number;
  height: number;
  names: MapNames;  // where the cataracts' and the lands' names go (names.ts)
}

function Patterns() {
  return (
    <defs>
      {/* Sand: scattered dots, so that desert reads as desert in grey print too. */}
      <pattern id="kh-sand" width="28" height="28" patternUnits="userSpaceOnUse">
        <circle cx="4" cy="6" r="1.3" class="sand-dot" />
        <circle cx="18" cy="3" r="1" class="sand-dot" />
        <circle cx="11" cy="16" r="1.2" class="sand-dot" />
        <circle cx="24" cy="20" r="1.4" class="sand-dot" />
        <circle cx="6" cy="24" r="1" class="sand-dot" />
      </pattern>
      <pattern id="kh-waves" width="36" height="18" patternUnits="userSpaceOnUse">
        <path d="M2 9q4.5-5 9 0t9 0" class="wave" />
      </pattern>
    </defs>
  );
}

// Little peaks along a line, the old engraver's way of drawing hills.
function Hachures({ line }: { line: Point[] }) {
  const marks: string[] = [];
  for (let i = 0; i + 1 < line.length; ++i) {
    const a = line[i],
      b = line[i + 1];
    const n = Math.max(1, Math.round(Math.hypot(b.x - a.x, b.y - a.y) / 22));
    for (let k = 0; k < n; ++k) {
      const x = a.x + ((b.x - a.x) * (k + 0.5)) / n + ((k % 2) * 8 - 4);
      const y = a.y + ((b.y - a.y) * (k + 0.5)) / n + ((k % 3) * 6 - 6);
      marks.push(`M${Math.round(x - 9)} ${Math.round(y + 6)}L${Math.round(x)} ${Math.round(y - 6)}L${Math.round(x + 9)} ${Math.round(y + 6)}`);
    }
  }
  return <path d={marks.join("")} class="hill" />;
}

export function Geography({ geo, width, height, names }: Props) {
  const coast = kCoast.map(geo.point);
  // The sea: the coast, then round by the frame's east side.
  const sea = `${smoothPath(coast)}L${width + 10} ${coast[coast.length - 1].y}L${width + 10} -10L${coast[0].x} -10Z`;
  const desertEdge = kDesertEdge.map(([lat, lon]) => geo.point([lat, lon]));
  const desert = `${smoothPath(desertEdge)}L${desertEdge[desertEdge.length - 1].x} -10L-10 -10L-10 ${desertEdge[0].y}Z`;
  const nile = geo.rivers.find((r) => r.course.name === "Nile")!;
  return (
    // The names no spot kept clear, for the browser tests to see with the fonts the page has.
    <g class="geography" aria-hidden="true" data-names-crossed={names.crossed.join(" ")}>
      <Patterns />
      <rect x={-10} y={-10} width={width + 20} height={height + 20} class="ground-sahel" />
      <path d={desert} class="ground-desert" />
      <path d={desert} fill="url(#kh-sand)" />
      {kHills.map((line, i) => (
        <Hachures key={i} line={line.map(([lat, lon]) => geo.point([lat, lon]))} />
      ))}
      <path d={sea} class="red-sea" />
      <path d={sea} fill="url(#kh-waves)" />
      <path d={smoothPath(coast)} class="coast" />
      {/* The green strip of cultivation along the rivers, under the water. */}
      {geo.rivers.map(({ course, points }) => (
        <path key={`v-${course.name}`} d={smoothPath(points)} class="river-valley" stroke-width={course.width * 4} />
      ))}
      {geo.rivers.map(({ course, points }) => (
        <g key={course.name} class={`river ${course.name === "Nile" ? "nile" : ""}`} data-river={course.name}>
          <path d={smoothPath(points)} class="river-bank" stroke-width={course.width + 3} />
          <path d={smoothPath(points)} class="river-water" stroke-width={course.width} />
        </g>
      ))}
      {kCataracts.map((c) => {
        const at = geo.point(c.at);
        const dir = riverDirection(nile.points, at);
        const deg = (Math.atan2(dir.y, dir.x) * 180) / Math.PI;
        const name = names.cataracts.get(c.name)!;
        return (
          <g key={c.name} class="cataract" data-cataract={c.name} transform={`translate(${Math.round(at.x)} ${Math.round(at.y)})`}>
            <title>{`${c.name} of the Nile: rapids`}</title>
            <g transform={`rotate(${Math.round(deg)})`}>
              <path d="M-9 -11V11M0 -11V11M9 -11V11" class="cataract-bars" />
            </g>
            <text x={name.x} y={name.y} class="cataract-name" style={{ textAnchor: name.anchor }}>
              {c.name}
            </text>
          </g>
        );
      })}
      {kLabels.map((l) => {
        const at = geo.point(l.at);
        const moved = names.lands.get(l.text) ?? { x: 0, y: 0 };  // the water's names stay put
        return (
          <text
            key={l.text}
            x={Math.round(at.x) + moved.x}
            y={Math.round(at.y) + moved.y}
            class={`map-label label-${l.kind}`}
            transform={l.rotate ? `rotate(${l.rotate} ${Math.round(at.x)} ${Math.round(at.y)})` : undefined}
          >
            {l.text}
          </text>
        );
      })}
    </g>
  );
}
