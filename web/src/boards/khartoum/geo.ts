// From the gazetteer's places to map points, and smooth lines through them: the background
// geography and the river routes are drawn with the same curves, so a river route is the Nile
// between its two spaces, not a straight line beside it.
import type { GeoPoint, RiverCourse } from "./geography-data";
import type { Layout, Point } from "./layout";
import { placer } from "./layout";

export interface Geo {
  point: (p: GeoPoint) => Point;
  // The drawn course of each river.
  rivers: { course: RiverCourse; points: Point[] }[];
}

export function makeGeo(layout: Layout, rivers: RiverCourse[]): Geo {
  const place = placer(layout);
  const point = (p: GeoPoint): Point => {
    if (typeof p !== "string") return place(p[0], p[1]);
    const at = layout.at.get(p);
    if (!at) throw new Error(`the geography names an unknown space: ${p}`);
    return at;
  };
  return { point, rivers: rivers.map((course) => ({ course, points: course.points.map(point) })) };
}

const r1 = (n: number) => Math.round(n * 10) / 10;

// A smooth curve through the points (Catmull-Rom as cubic Béziers): rivers and coasts bend,
// they do not zigzag. `from`/`to` draw only that stretch of the whole curve, so that a part
// lies exactly on the whole.
export function smoothPath(points: Point[], closed = false, from = 0, to = points.length - 1): string {
  if (points.length < 2) return "";
  const at = (i: number) =>
    closed ? points[(i + points.length) % points.length] : points[Math.max(0, Math.min(points.length - 1, i))];
  let d = `M${r1(points[from].x)} ${r1(points[from].y)}`;
  const last = closed ? points.length : to;
  for (let i = from; i < last; ++i) {
    const p0 = at(i - 1),
      p1 = at(i),
      p2 = at(i + 1),
      p3 = at(i + 2);
    const c1 = { x: p1.x + (p2.x - p0.x) / 6, y: p1.y + (p2.y - p0.y) / 6 };
    const c2 = { x: p2.x - (p3.x - p1.x) / 6, y: p2.y - (p3.y - p1.y) / 6 };
    d += `C${r1(c1.x)} ${r1(c1.y)} ${r1(c2.x)} ${r1(c2.y)} ${r1(p2.x)} ${r1(p2.y)}`;
  }
  return closed ? `${d}Z` : d;
}

// The path of a river between two spaces on it (both named in its course), or null.
export function riverReach(geo: Geo, a: string, b: string): string | null {
  for (const { course, points } of geo.rivers) {
    const i = course.points.indexOf(a),
      j = course.points.indexOf(b);
    if (i < 0 || j < 0) continue;
    return smoothPath(points, false, Math.min(i, j), Math.max(i, j));
  }
  return null;
}

// The direction of a river at one of its points (unit vector), for drawing a cataract across it.
export function riverDirection(points: Point[], near: Point): Point {
  let best = 0;
  points.forEach((p, i) => {
    if (Math.hypot(p.x - near.x, p.y - near.y) < Math.hypot(points[best].x - near.x, points[best].y - near.y))
      best = i;
  });
  const a = points[Math.max(0, best - 1)],
    b = points[Math.min(points.length - 1, best + 1)];
  const len = Math.hypot(b.x - a.x, b.y - a.y) || 1;
  return { x: (b.x - a.x) / len, y: (b.y - a.y) / len };
}
