// The names of the regions written on the Asia Crossroads map, as a printed map has them: each
// at a square of its region far from the region's borders (where the name has most room) and
// clear of the cities, in spaced capitals under the pieces.
import type { MapData } from "../../gen/crossroads_data_pb";
import type { Spot } from "../label-places";
import { kSquare, regionAt } from "./terrain";

// For each region, its squares best first for its name: the deepest inside it first (a
// breadth-first distance from every square whose neighbour, or the map's edge, belongs
// elsewhere), where the name has most room; among equals the square nearest the region's centre
// of mass, so that a name sits in the middle of a round region. names.ts takes the first square
// where the name crosses no city.
export function regionLabelSquares(map: MapData, regions: number): { row: number; col: number }[][] {
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
  const ranked: { row: number; col: number }[][] = [];
  for (let region = 0; region < regions; ++region) {
    const squares: { row: number; col: number }[] = [];
    for (let r = 0; r < h; ++r)
      for (let c = 0; c < w; ++c) if (regionAt(map, r, c) === region) squares.push({ row: r, col: c });
    const n = Math.max(1, squares.length);
    const cr = squares.reduce((sum, q) => sum + q.row, 0) / n,
      cc = squares.reduce((sum, q) => sum + q.col, 0) / n;
    const off = (q: { row: number; col: number }) => (q.row - cr) ** 2 + (q.col - cc) ** 2;
    // Array.sort is stable: equal squares keep their row-by-row order, the same in every browser.
    squares.sort((a, b) => dist[b.row * w + b.col] - dist[a.row * w + a.col] || off(a) - off(b));
    ranked.push(squares);
  }
  return ranked;
}

// Where a region's name is written when it stands on `square`: centred on it, a little low so
// that the capitals' middle is the square's.
export function regionLabelSpot(square: { row: number; col: number }): Spot {
  return { x: square.col * kSquare + kSquare / 2, y: square.row * kSquare + kSquare / 2 + 6, anchor: "middle" };
}

// `at`: where each region's name goes (names.ts), by the region's index.
export function RegionLabels({ names, at }: { names: string[]; at: Spot[] }) {
  return (
    <g class="region-labels" aria-hidden="true">
      {names.map((name, i) => (
        <text key={name} x={at[i].x} y={at[i].y} class="region-label" data-region={i}>
          {name.toUpperCase()}
        </text>
      ))}
    </g>
  );
}
