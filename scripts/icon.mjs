// `node scripts/icon.mjs`: draws the extension's icon, media/icon.png (128 × 128): three Nim heaps
// of tokens (3, 2, 1) and a nim-sum sign ⊕, on a rounded square. Shapes are sampled 4 × 4 per
// pixel (smooth edges) and written as a PNG with Node's zlib: no image tool is needed.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const SIZE = 128;
const SAMPLES = 4;

const background = [31, 78, 121];
const token = [242, 193, 78];
const sign = [255, 255, 255];

/** Each shape: a colour and whether a point (x, y) in pixels lies inside. Later shapes cover earlier ones. */
const shapes = [
  { colour: background, inside: (x, y) => roundedSquare(x, y, 4, 124, 22) },
  ...[
    [30, 3],
    [64, 2],
    [98, 1],
  ].flatMap(([cx, count]) =>
    Array.from({ length: count }, (_, k) => ({
      colour: token,
      inside: (x, y) => (x - cx) ** 2 + (y - (100 - 26 * k)) ** 2 <= 11.5 ** 2,
    })),
  ),
  // ⊕: a ring and a cross, top right.
  {
    colour: sign,
    inside: (x, y) =>
      ring(x, y, 90, 40, 17, 4) ||
      (Math.abs(x - 90) <= 2 && Math.abs(y - 40) <= 17) ||
      (Math.abs(y - 40) <= 2 && Math.abs(x - 90) <= 17),
  },
];

function roundedSquare(x, y, from, to, radius) {
  const cx = Math.min(Math.max(x, from + radius), to - radius);
  const cy = Math.min(Math.max(y, from + radius), to - radius);
  return x >= from && x <= to && y >= from && y <= to && (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2;
}

function ring(x, y, cx, cy, radius, width) {
  const d = Math.hypot(x - cx, y - cy);
  return d <= radius && d >= radius - width;
}

const rgba = Buffer.alloc(SIZE * SIZE * 4);
for (let py = 0; py < SIZE; py++) {
  for (let px = 0; px < SIZE; px++) {
    const sum = [0, 0, 0, 0];
    for (let sy = 0; sy < SAMPLES; sy++) {
      for (let sx = 0; sx < SAMPLES; sx++) {
        const x = px + (sx + 0.5) / SAMPLES;
        const y = py + (sy + 0.5) / SAMPLES;
        let colour;
        for (const shape of shapes) if (shape.inside(x, y)) colour = shape.colour;
        if (!colour) continue;
        for (let c = 0; c < 3; c++) sum[c] += colour[c];
        sum[3] += 255;
      }
    }
    const covered = sum[3] / 255;
    const at = 4 * (py * SIZE + px);
    for (let c = 0; c < 3; c++) rgba[at + c] = covered ? Math.round(sum[c] / covered) : 0;
    rgba[at + 3] = Math.round(sum[3] / (SAMPLES * SAMPLES));
  }
}

// PNG: signature, IHDR, one IDAT (each row prefixed with filter 0), IEND.
const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
const header = Buffer.alloc(13);
header.writeUInt32BE(SIZE, 0);
header.writeUInt32BE(SIZE, 4);
header[8] = 8; // bits per channel
header[9] = 6; // RGBA
const rows = Buffer.alloc(SIZE * (SIZE * 4 + 1));
for (let y = 0; y < SIZE; y++) rgba.copy(rows, y * (SIZE * 4 + 1) + 1, y * SIZE * 4, (y + 1) * SIZE * 4);
const png = Buffer.concat([
  Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
  chunk('IHDR', header),
  chunk('IDAT', deflateSync(rows, { level: 9 })),
  chunk('IEND', Buffer.alloc(0)),
]);
const target = join(dirname(fileURLToPath(import.meta.url)), '..', 'media', 'icon.png');
writeFileSync(target, png);
console.log(`wrote ${target} (${png.length} bytes)`);
