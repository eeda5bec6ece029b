// Rivers and coasts are smooth curves through their points, and a river route between two spaces
// is drawn as a stretch of the same curve, so that it lies exactly on the river.
import { describe, expect, test } from "vitest";
import type { RiverCourse } from "./geography-data";
import type { Layout, Point } from "./layout";
import { makeGeo, riverDirection, riverReach, smoothPath } from "./geo";

const wiggle: Point[] = [
  { x: 0, y: 0 },
  { x: 100, y: 40 },
  { x: 180, y: -20 },
  { x: 260, y: 60 },
  { x: 300, y: 0 },
];

describe("smoothPath", () => {
  test("fewer than two points draw nothing", () => {
    expect(smoothPath([])).toBe("");
    expect(smoothPath([{ x: 1, y: 1 }])).toBe("");
  });

  test("a curve through every point, one cubic per stretch", () => {
    const d = smoothPath(wiggle);
    expect(d.startsWith("M0 0C")).toBe(true);
    expect(d.match(/C/g)).toHaveLength(wiggle.length - 1);
    for (const p of wiggle.slice(1)) expect(d).toContain(` ${p.x} ${p.y}`);
  });

  test("each point's tangent runs from its neighbour before to its neighbour after (Catmull-Rom)", () => {
    // The corner at (60, 0) is rounded: the curve leaves along (60, 60) - (0, 0), a sixth of it.
    const corner = [{ x: 0, y: 0 }, { x: 60, y: 0 }, { x: 60, y: 60 }];
    expect(smoothPath(corner)).toBe("M0 0C10 0 50 -10 60 0C70 10 60 50 60 60");
  });

  test("points on a line give a straight curve", () => {
    const d = smoothPath([{ x: 0, y: 5 }, { x: 10, y: 5 }, { x: 20, y: 5 }]);
    const ys = [...d.matchAll(/(-?[\d.]+) (-?[\d.]+)/g)].map((m) => Number(m[2]));
    expect(new Set(ys)).toEqual(new Set([5]));
  });

  test("a stretch is exactly part of the whole curve", () => {
    const whole = smoothPath(wiggle);
    const part = smoothPath(wiggle, false, 1, 3);
    expect(part.startsWith("M100 40C")).toBe(true);
    expect(part.match(/C/g)).toHaveLength(2);
    expect(whole).toContain(part.slice(part.indexOf("C")));
  });

  test("a closed curve comes back to its start", () => {
    const d = smoothPath(wiggle, true);
    expect(d.endsWith("0 0Z")).toBe(true);
    expect(d.match(/C/g)).toHaveLength(wiggle.length);
  });
});

describe("rivers through spaces", () => {
  // Two spaces on a river with a bend between them, and a third off it; nothing pushed aside.
  const at = new Map<string, Point>([
    ["upstream", { x: 100, y: 100 }],
    ["downstream", { x: 300, y: 100 }],
    ["inland", { x: 200, y: 300 }],
  ]);
  const layout: Layout = { width: 1000, height: 1000, at, home: new Map(at) };
  const river: RiverCourse = { name: "Test", width: 5, points: ["upstream", [20, 26], "downstream"] };

  test("a river's points are the spaces it names and the places between", () => {
    const geo = makeGeo(layout, [river]);
    expect(geo.rivers[0].points[0]).toEqual({ x: 100, y: 100 });
    expect(geo.rivers[0].points[2]).toEqual({ x: 300, y: 100 });
  });

  test("a geography naming a space the map lacks is an error that names it", () => {
    const lost: RiverCourse = { name: "Lost", width: 5, points: ["upstream", "atlantis"] };
    expect(() => makeGeo(layout, [lost])).toThrow("atlantis");
  });

  test("the reach between two spaces is the river's own curve, whichever way it is asked", () => {
    const geo = makeGeo(layout, [river]);
    const whole = smoothPath(geo.rivers[0].points);
    expect(riverReach(geo, "upstream", "downstream")).toBe(whole);
    expect(riverReach(geo, "downstream", "upstream")).toBe(whole);
    expect(riverReach(geo, "upstream", "inland")).toBeNull();
  });
});

test("riverDirection: the unit direction of the river at the point nearest", () => {
  const line = [{ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 20, y: 0 }, { x: 20, y: 10 }];
  expect(riverDirection(line, { x: 9, y: 3 })).toEqual({ x: 1, y: 0 });
  const bend = riverDirection(line, { x: 21, y: 1 });
  expect(Math.hypot(bend.x, bend.y)).toBeCloseTo(1);
  expect(bend.x).toBeCloseTo(Math.SQRT1_2);
  expect(bend.y).toBeCloseTo(Math.SQRT1_2);
});
