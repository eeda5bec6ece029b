// Where each Khartoum space is drawn. Spaces carry their real position (tenths of a degree); a
// plain projection puts the Red Sea coast spaces (Suakin, Trinikat, El Teb, Tokar, Tamai) and
// Khartoum/Omdurman within a few pixels of each other, so the positions are then pushed apart,
// deterministically, until each space has room for its name and a stack of counters, while a
// weak pull keeps every space near its true place. The layout depends only on the spaces'
// coordinates, so it never jumps while a match is played.
import type { SpaceView } from "../../gen/khartoum_pb";

export const kScale = 10;    // SVG units per tenth of a degree
const kRoomX = 136;          // the room a space needs: name and four counters across
const kRoomY = 126;          // ... and two rows of counters above the name
const kMargin = 90;
const kRounds = 400;

export interface Layout {
  width: number;
  height: number;
  at: Map<string, { x: number; y: number }>;
}

export function layOut(spaces: SpaceView[]): Layout {
  const maxY = Math.max(...spaces.map((s) => s.y));
  const minX = Math.min(...spaces.map((s) => s.x));
  // North up: latitude grows northwards, SVG y grows downwards.
  const home = spaces.map((s) => ({ x: (s.x - minX) * kScale, y: (maxY - s.y) * kScale }));
  const pos = home.map((p) => ({ ...p }));
  for (let round = 0; round < kRounds; ++round) {
    for (let i = 0; i < pos.length; ++i) {
      for (let j = i + 1; j < pos.length; ++j) {
        // Each space needs a rectangle of room; two that overlap move apart along the axis
        // where they overlap least (the smaller move), half each.
        const dx = pos[j].x - pos[i].x,
          dy = pos[j].y - pos[i].y;
        const overlapX = kRoomX - Math.abs(dx),
          overlapY = kRoomY - Math.abs(dy);
        if (overlapX <= 0 || overlapY <= 0) continue;
        if (overlapX / kRoomX < overlapY / kRoomY) {
          const push = ((dx > 0 || (dx === 0 && (i + j) % 2 === 0) ? 1 : -1) * overlapX) / 2;
          pos[i].x -= push;
          pos[j].x += push;
        } else {
          const push = ((dy > 0 || (dy === 0 && (i + j) % 2 === 0) ? 1 : -1) * overlapY) / 2;
          pos[i].y -= push;
          pos[j].y += push;
        }
      }
    }
    for (let i = 0; i < pos.length; ++i) {
      pos[i].x += (home[i].x - pos[i].x) * 0.02;
      pos[i].y += (home[i].y - pos[i].y) * 0.02;
    }
  }
  const left = Math.min(...pos.map((p) => p.x)) - kMargin;
  const top = Math.min(...pos.map((p) => p.y)) - kMargin * 1.5;  // room for counters above
  const at = new Map<string, { x: number; y: number }>();
  spaces.forEach((s, i) => at.set(s.id, { x: Math.round(pos[i].x - left), y: Math.round(pos[i].y - top) }));
  return {
    width: Math.round(Math.max(...pos.map((p) => p.x)) - left + kMargin),
    height: Math.round(Math.max(...pos.map((p) => p.y)) - top + kMargin),
    at,
  };
}
