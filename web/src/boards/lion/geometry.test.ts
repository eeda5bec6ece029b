// The Lion's board as rings around the palace: each banner path a quarter, each of its areas a
// ring segment, area 2 innermost. These pin that layout, not the exact SVG.
import { describe, expect, test } from "vitest";
import { cellOf, kCentre, kSize } from "./geometry";

const middle = (path: string, number: number) => {
  const cell = cellOf(path, number)!;
  return { x: cell.x + cell.w / 2, y: cell.y + cell.h / 2 };
};
const fromCentre = (p: { x: number; y: number }) => Math.hypot(p.x - kCentre, p.y - kCentre);

describe("cellOf", () => {
  test("only areas 2..6 of the four banner paths have a cell", () => {
    expect(cellOf("purple", 3)).toBeUndefined();
    expect(cellOf("palace", 3)).toBeUndefined();
    expect(cellOf("red", 1)).toBeUndefined();
    expect(cellOf("red", 7)).toBeUndefined();
    expect(cellOf("red", 2)).toBeDefined();
    expect(cellOf("black", 6)).toBeDefined();
  });

  test("each path lies in the direction its banner comes from", () => {
    expect(middle("red", 4).y).toBeLessThan(kCentre);    // north
    expect(middle("green", 4).x).toBeGreaterThan(kCentre);  // east
    expect(middle("white", 4).y).toBeGreaterThan(kCentre);  // south
    expect(middle("black", 4).x).toBeLessThan(kCentre);  // west, Omdurman
  });

  test("area 2 is next to the palace and area 6 outermost", () => {
    const rings = [2, 3, 4, 5, 6].map((n) => fromCentre(middle("white", n)));
    expect(rings).toEqual([...rings].sort((a, b) => a - b));
  });

  test("east and west segments are taller than wide, north and south wider than tall", () => {
    for (const path of ["green", "black"]) {
      const cell = cellOf(path, 5)!;
      expect(cell.vertical).toBe(true);
      expect(cell.h).toBeGreaterThan(cell.w);
    }
    const red = cellOf("red", 5)!;
    expect(red.vertical).toBe(false);
    expect(red.w).toBeGreaterThan(red.h);
  });

  test("every content box is inside the board", () => {
    for (const path of ["red", "green", "white", "black"]) {
      for (let n = 2; n <= 6; ++n) {
        const cell = cellOf(path, n)!;
        expect(cell.x).toBeGreaterThanOrEqual(0);
        expect(cell.y).toBeGreaterThanOrEqual(0);
        expect(cell.x + cell.w).toBeLessThanOrEqual(kSize);
        expect(cell.y + cell.h).toBeLessThanOrEqual(kSize);
      }
    }
  });
});
