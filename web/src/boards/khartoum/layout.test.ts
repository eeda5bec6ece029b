// The Khartoum map pushes crowded spaces apart until each has room for its name and stacks,
// deterministically (the map never jumps while a match is played), keeping the others at their
// real places.
import { describe, expect, test } from "vitest";
import { create } from "@bufbuild/protobuf";
import { SpaceViewSchema } from "../../gen/khartoum_pb";
import { kMapHeight, kMapWidth, kScale, layOut, placer, project } from "./layout";

// Positions are tenths of a degree, as the view carries them.
const space = (id: string, lon10: number, lat10: number) =>
  create(SpaceViewSchema, { id, name: id, x: lon10, y: lat10 });

test("project: north up, in kScale units per tenth of a degree from the frame's north-west corner", () => {
  const khartoum = project(325, 156);
  const berber = project(339, 180);
  expect(berber.y).toBeLessThan(khartoum.y);
  expect(berber.x - khartoum.x).toBe(14 * kScale);
  expect(project(244, 226)).toEqual({ x: 0, y: 0 });
});

describe("layOut", () => {
  // Khartoum and Omdurman face each other across the Nile: a tenth of a degree apart.
  const crowded = [space("khartoum", 325, 156), space("omdurman", 324, 157), space("el_obeid", 302, 132)];

  test("the frame is the whole map", () => {
    const layout = layOut(crowded);
    expect(layout.width).toBe(kMapWidth);
    expect(layout.height).toBe(kMapHeight);
  });

  test("spaces almost on top of each other are pushed apart", () => {
    const { at } = layOut(crowded);
    const k = at.get("khartoum")!,
      o = at.get("omdurman")!;
    // The room a space needs is about a hundred units either way (its name, or a stack).
    expect(Math.max(Math.abs(k.x - o.x), Math.abs(k.y - o.y))).toBeGreaterThan(100);
  });

  test("a space with room around it stays at its real place", () => {
    const { at, home } = layOut(crowded);
    expect(at.get("el_obeid")).toEqual(home.get("el_obeid"));
  });

  test("the same spaces always give the same layout", () => {
    const again = layOut(crowded.map((s) => create(SpaceViewSchema, s)));
    expect([...again.at]).toEqual([...layOut(crowded).at]);
  });

  test("no space is drawn off the map", () => {
    const { at } = layOut([space("corner", 244, 226), space("far", 400, 90)]);
    for (const p of at.values()) {
      expect(p.x).toBeGreaterThan(0);
      expect(p.y).toBeGreaterThan(0);
      expect(p.x).toBeLessThan(kMapWidth);
      expect(p.y).toBeLessThan(kMapHeight);
    }
  });
});

describe("placer", () => {
  const layout = layOut([space("khartoum", 325, 156), space("omdurman", 324, 157)]);
  const place = placer(layout);

  test("a place at a space's real position moves with that space", () => {
    const moved = place(15.6, 32.5);
    expect(moved.x).toBeCloseTo(layout.at.get("khartoum")!.x);
    expect(moved.y).toBeCloseTo(layout.at.get("khartoum")!.y);
  });

  test("a place far from every moved space stays where it is", () => {
    const far = place(21.0, 26.0);
    const home = project(260, 210);
    expect(far.x).toBeCloseTo(home.x, 0);
    expect(far.y).toBeCloseTo(home.y, 0);
  });
});
