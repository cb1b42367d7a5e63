import fs from 'node:fs/promises';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';

/**
 * The map guide's demo media, generated here (the project's own, no third-party licence): an
 * illustrated map per demo area as a PNG and a short spoken-guide stand-in per voice as a WAV.
 */

/** A mono 16-bit PCM WAV of `seconds` of a soft tone at `hz` (8 kHz sampling). */
export function toneWav(seconds: number, hz: number): Buffer {
  const rate = 8000;
  const samples = Math.round(rate * seconds);
  const data = Buffer.alloc(samples * 2);
  for (let i = 0; i < samples; i++) {
    const fade = Math.min(1, i / 400, (samples - i) / 400);
    data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * hz * i) / rate) * 8000 * fade), i * 2);
  }
  const head = Buffer.alloc(44);
  head.write('RIFF', 0, 'ascii');
  head.writeUInt32LE(36 + data.length, 4);
  head.write('WAVEfmt ', 8, 'ascii');
  head.writeUInt32LE(16, 16); // fmt chunk size
  head.writeUInt16LE(1, 20); // PCM
  head.writeUInt16LE(1, 22); // mono
  head.writeUInt32LE(rate, 24);
  head.writeUInt32LE(rate * 2, 28); // bytes per second
  head.writeUInt16LE(2, 32); // block align
  head.writeUInt16LE(16, 34); // bits per sample
  head.write('data', 36, 'ascii');
  head.writeUInt32LE(data.length, 40);
  return Buffer.concat([head, data]);
}

type Rgb = [number, number, number];
/** A shape of the drawing: a filled ellipse (lake, hill, island) or a path of round-capped strokes. */
export type Stroke =
  | { kind: 'ellipse'; cx: number; cy: number; rx: number; ry: number; rgb: Rgb }
  | { kind: 'path'; points: [number, number][]; width: number; rgb: Rgb };

/** A PNG chunk: the data's length, the type and data, and the CRC of type and data. */
function pngChunk([type, data]: [string, Buffer]): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const out = Buffer.alloc(body.length + 8);
  out.writeUInt32BE(data.length);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body), body.length + 4);
  return out;
}
const SIGNATURE = Buffer.from('89504e470d0a1a0a', 'hex');

const distanceToSegment = (
  px: number,
  py: number,
  [ax, ay]: [number, number],
  [bx, by]: [number, number],
) => {
  const [dx, dy] = [bx - ax, by - ay];
  const t = Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy || 1)));
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy));
};

const covers = (s: Stroke, x: number, y: number) =>
  s.kind === 'ellipse'
    ? ((x - s.cx) / s.rx) ** 2 + ((y - s.cy) / s.ry) ** 2 <= 1
    : s.points.slice(1).some((p, i) => distanceToSegment(x, y, s.points[i]!, p) <= s.width / 2);

/** An RGB PNG of `width`×`height` on a paper-coloured ground, the strokes painted in order. */
export function drawnMapPng(width: number, height: number, strokes: Stroke[]): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const grain = ((x * 7 + y * 13) % 11) - 5; // a little paper texture
      let rgb: Rgb = [236 + grain, 230 + grain, 200 + grain];
      for (const s of strokes) if (covers(s, x, y)) rgb = s.rgb;
      const edge = x < 4 || y < 4 || x >= width - 4 || y >= height - 4;
      raw.set(edge ? [120, 90, 60] : rgb, y * (width * 3 + 1) + 1 + x * 3);
    }
  }
  const size = Buffer.alloc(8);
  size.writeUInt32BE(width);
  size.writeUInt32BE(height, 4);
  const header = Buffer.concat([size, Buffer.from([8, 2, 0, 0, 0])]); // 8-bit RGB, no interlace
  const chunks: [string, Buffer][] = [
    ['IHDR', header],
    ['IDAT', deflateSync(raw)],
    ['IEND', Buffer.alloc(0)],
  ];
  return Buffer.concat([SIGNATURE, ...chunks.map(pngChunk)]);
}

/** Writes a demo file under the upload folder unless it is there (like lib/demo-pictures.ts). */
export async function ensureDemoFile(uploadDir: string, key: string, make: () => Buffer): Promise<void> {
  const file = path.join(uploadDir, key);
  const there = await fs.stat(file).then(
    () => true,
    () => false,
  );
  if (there) return;
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, make());
}
