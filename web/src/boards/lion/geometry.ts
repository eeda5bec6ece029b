// The Lion's board as rings around the Governor's Palace: each banner path is a quarter of the
// circle (in the direction it comes from: the Red Banner from the north, the Green from the east,
// the White from the south, the Black from Omdurman in the west), and each area of a path is a
// ring segment, area 6 outermost and area 2 next to the palace.
export const kPalaceR = 84;
export const kRing = 82;
export const kSize = 2 * (kPalaceR + 5 * kRing) + 60;
export const kCentre = kSize / 2;

const kPathAngle: Record<string, number> = { red: -90, green: 0, white: 90, black: 180 };
const kGapDeg = 1.5;

export interface Cell {
  path: string;    // SVG path of the ring segment
  x: number;       // the content box inside it (top left, size)
  y: number;
  w: number;
  h: number;
  vertical: boolean;  // an east or west segment: taller than wide
}

function polar(r: number, deg: number): [number, number] {
  const a = (deg * Math.PI) / 180;
  return [kCentre + r * Math.cos(a), kCentre + r * Math.sin(a)];
}

// The ring segment of area `number` (2..6) of the path `path`; undefined for an unknown path.
export function cellOf(path: string, number: number): Cell | undefined {
  const mid = kPathAngle[path];
  if (mid === undefined || number < 2 || number > 6) return undefined;
  const r0 = kPalaceR + (number - 2) * kRing + 2,
    r1 = r0 + kRing - 4;
  const a0 = mid - 45 + kGapDeg,
    a1 = mid + 45 - kGapDeg;
  const [x0, y0] = polar(r1, a0),
    [x1, y1] = polar(r1, a1),
    [x2, y2] = polar(r0, a1),
    [x3, y3] = polar(r0, a0);
  const path_ = `M${x0} ${y0}A${r1} ${r1} 0 0 1 ${x1} ${y1}L${x2} ${y2}A${r0} ${r0} 0 0 0 ${x3} ${y3}Z`;
  // The content box: centred on the segment's middle, as wide as the inner arc allows.
  const rm = (r0 + r1) / 2;
  const [cx, cy] = polar(rm, mid);
  const along = Math.min(2 * r0 * Math.sin((40 * Math.PI) / 180), 230);
  const across = kRing - 10;
  const vertical = mid === 0 || mid === 180;
  const w = vertical ? across : along,
    h = vertical ? along : across;
  return { path: path_, x: cx - w / 2, y: cy - h / 2, w, h, vertical };
}
