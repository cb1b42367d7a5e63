import fs from 'node:fs/promises';
import path from 'node:path';
import { deflateSync } from 'node:zlib';

/** Colours of the demo pictures (lake, hills, blossom, dusk, mist, forest): one small PNG each. */
const COLOURS: [number, number, number][] = [
  [64, 158, 255],
  [82, 155, 96],
  [236, 128, 160],
  [240, 160, 72],
  [176, 190, 204],
  [46, 110, 80],
];

/** Where the demo pictures are served from (under the upload folder, like any uploaded image). */
export const DEMO_PICTURES = COLOURS.map((_, i) => `/uploads/demo/picture-${i + 1}.png`);

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A valid 96×64 RGB PNG: a vertical gradient from `rgb` to white, a few hundred bytes. */
export function gradientPng([r, g, b]: [number, number, number], width = 96, height = 64): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    const mix = y / (height - 1) / 2;
    for (let x = 0; x < width; x++) {
      const at = row + 1 + x * 3;
      raw[at] = Math.round(r + (255 - r) * mix);
      raw[at + 1] = Math.round(g + (255 - g) * mix);
      raw[at + 2] = Math.round(b + (255 - b) * mix);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.writeUInt8(8, 8); // bit depth
  ihdr.writeUInt8(2, 9); // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Writes the demo pictures the demo seed refers to into the upload folder when they are missing
 * (the seed runs in a transaction without the folder; the server writes them when it starts).
 */
export async function ensureDemoPictures(uploadDir: string): Promise<void> {
  const dir = path.join(uploadDir, 'demo');
  await fs.mkdir(dir, { recursive: true });
  await Promise.all(
    COLOURS.map(async (rgb, i) => {
      const file = path.join(dir, `picture-${i + 1}.png`);
      await fs.writeFile(file, gradientPng(rgb), { flag: 'wx' }).catch((error: NodeJS.ErrnoException) => {
        if (error.code !== 'EEXIST') throw error;
      });
    }),
  );
}
