// The names of the regions written on the Asia Crossroads map, as a printed map has them: each
// at the square of its region farthest from the region's borders (where the name has most room),
// in spaced capitals under the pieces.
import type { MapData } from "../../gen/crossroads_data_pb";
import { kSquare, regionAt } from "./terrain";

// For each region, the square deepest inside it: a breadth-first distance from every square
// whose neighbour (or the map's edge) belongs elsewhere; ties go to the square nearest the
// region's centre of mass, so that a name sits in the middle of a round region.
export function regionLabelSquares(map: MapData, regions: number): { row: number; col: number }[] {
  const w = map.width,
    h = map.height;
  const dist = new Array<number>(w * h).fill(-1);
  const queue: number[] = [];
  for (let r = 0; r < h; ++r)
    for (let c = 0; c < w; ++c) {
      const here = regionAt(map, r, c);
      const edge = [[r - 1, c], [r + 1, c], [r, c - 1], [r, c + 1]].some(
        ([rr, cc]) => rr < 0 || cc < 0 || rr >= h || cc >= w || regionAt(map, rr, cc) !== here,
      );
      if (edge) {
        dist[r * w + c] = 0;
        queue.push(r * w + c);
      }
    }
  for (let i = 0; i < queue.length; ++i) {
    const sq = queue[i],
      r = Math.floor(sq / w),
      c = sq % w;
    for (const [rr, cc] of [[r - 1, c], [r + 1, c], [r, c - 1], [r, c + 1]]) {
      if (rr < 0 || cc < 0 || rr >= h || cc >= w || dist[rr * w + cc] >= 0) continue;
      dist[rr * w + cc] = dist[sq] + 1;
      queue.push(rr * w + cc);
    }
  }
  const best: { row: number; col: number }[] = [];
  for (let region = 0; region < regions; ++region) {
    let sumR = 0,
      sumC = 0,
      n = 0;
    for (let r = 0; r < h; ++r)
      for (let c = 0; c < w; ++c)
        if (regionAt(map, r, c) === region) {
          sumR += r;
          sumC += c;
          ++n;
        }
    const cr = sumR / Math.max(1, n),
      cc = sumC / Math.max(1, n);
    let pick = { row: Math.round(cr), col: Math.round(cc), d: -1, off: Infinity };
    for (let r = 0; r < h; ++r)
      for (let c = 0; c < w; ++c) {
        if (regionAt(map, r, c) !== region) continue;
        const d = dist[r * w + c],
          off = (r - cr) ** 2 + (c - cc) ** 2;
        if (d > pick.d || (d === pick.d && off < pick.off)) pick = { row: r, col: c, d, off };
      }
    best.push({ row: pick.row, col: pick.col });
  }
  return best;
}

export function RegionLabels({ map, names }: { map: MapData; names: string[] }) {
  const at = regionLabelSquares(map, names.length);
  return (
    <g class="region-labels" aria-hidden="true">
      {names.map((name, i) => (
        <text
          key={name}
          x={at[i].col * kSquare + kSquare / 2}
          y={at[i].row * kSquare + kSquare / 2 + 6}
          class="region-label"
          data-region={i}
        >
          {name.toUpperCase()}
        </text>
      ))}
    </g>
  );
}
