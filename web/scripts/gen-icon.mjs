// Draws the site's icon, a red pennant over the desert, into public/favicon.ico (one 32x32
// 32-bit image), so browsers asking for /favicon.ico get one. Drawn from the pattern below at
// build time: nothing binary is kept in the repository. Run by `npm run build`.
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const PATTERN = [
  "................",
  "..P.............",
  "..PRRRRRRR......",
  "..PRRRRRRRRR....",
  "..PRRRRRRRRRRR..",
  "..PRRRRRRRRR....",
  "..PRRRRRRR......",
  "..P.............",
  "..P.............",
  "..P.............",
  "..P.............",
  "..P.............",
  ".SPSSS......SSS.",
  "SSSSSSSS..SSSSSS",
  "SSSSSSSSSSSSSSSS",
  "SSSSSSSSSSSSSSSS",
];
const COLOURS = { ".": [0xf3, 0xe6, 0xc4], S: [0xc8, 0xa1, 0x65], P: [0x3b, 0x2a, 0x1a], R: [0xb2, 0x22, 0x22] };
const SIZE = 32;
const SCALE = SIZE / PATTERN.length;

const pixels = Buffer.alloc(SIZE * SIZE * 4);
for (let y = 0; y < SIZE; y++) {
  // A BMP inside an ICO stores its rows bottom-up, each pixel as B, G, R, A.
  const row = PATTERN[PATTERN.length - 1 - Math.floor(y / SCALE)];
  for (let x = 0; x < SIZE; x++) {
    const [r, g, b] = COLOURS[row[Math.floor(x / SCALE)]];
    pixels.set([b, g, r, 0xff], (y * SIZE + x) * 4);
  }
}
const andMask = Buffer.alloc((SIZE / 8) * SIZE);  // all opaque: the alpha channel decides

const header = Buffer.alloc(40);  // BITMAPINFOHEADER; the height counts the image and its mask
header.writeUInt32LE(40, 0);
header.writeInt32LE(SIZE, 4);
header.writeInt32LE(SIZE * 2, 8);
header.writeUInt16LE(1, 12);
header.writeUInt16LE(32, 14);
header.writeUInt32LE(pixels.length + andMask.length, 20);
const image = Buffer.concat([header, pixels, andMask]);

const directory = Buffer.alloc(6 + 16);  // ICONDIR with one ICONDIRENTRY
directory.writeUInt16LE(1, 2);
directory.writeUInt16LE(1, 4);
directory.writeUInt8(SIZE, 6);
directory.writeUInt8(SIZE, 7);
directory.writeUInt16LE(1, 10);
directory.writeUInt16LE(32, 12);
directory.writeUInt32LE(image.length, 14);
directory.writeUInt32LE(directory.length, 18);

const out = join(dirname(fileURLToPath(import.meta.url)), "..", "public", "favicon.ico");
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, Buffer.concat([directory, image]));
