import zlib from 'node:zlib';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../../test/harness.ts';
import { auditLogs } from '../audit/audit.table.ts';

const UPLOAD = '/web/api/ticket/storage/uploadSysCopyRight';
const LIMIT = 500 * 1024;
const TYPE_MSG = '为保证图片正常显示，仅支持jpg、jpeg、png、gif格式的图片上传';
const SIZE_MSG = '图片大小不能超过500K';

// ---- image bytes -------------------------------------------------------------------------------

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A valid 1x1 RGBA PNG (one red pixel), optionally padded with an ancillary text chunk. */
function png(padTo = 0): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(1, 0); // width
  ihdr.writeUInt32BE(1, 4); // height
  ihdr[8] = 8; // bit depth
  ihdr[9] = 6; // colour type RGBA
  const pixels = zlib.deflateSync(Buffer.from([0, 0xff, 0, 0, 0xff])); // filter byte + RGBA
  const parts = [
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', pixels),
  ];
  const end = pngChunk('IEND', Buffer.alloc(0));
  const size = parts.reduce((n, p) => n + p.length, 0) + end.length;
  if (padTo > size) {
    // tEXt chunk: 12 bytes of framing + keyword "pad" + NUL + filler.
    const filler = padTo - size - 12 - 4;
    parts.push(pngChunk('tEXt', Buffer.concat([Buffer.from('pad\0'), Buffer.alloc(filler, 0x61)])));
  }
  return Buffer.concat([...parts, end]);
}

/** The classic 43-byte 1x1 transparent GIF89a. */
const GIF = Buffer.from(
  '47494638396101000100800000000000ffffff21f90401000000002c00000000010001000002024401003b',
  'hex',
);

/** SOI, a JFIF APP0 segment and EOI: enough for detection by magic bytes. */
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8]),
  Buffer.from([0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0', 'binary'),
  Buffer.from([0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]),
  Buffer.from([0xff, 0xd9]),
]);

// ---- multipart ---------------------------------------------------------------------------------

const BOUNDARY = '----scenicTestBoundary7MA4YWxkTrZu0gW';

interface Part {
  name: string;
  filename?: string;
  contentType?: string;
  data: Buffer | string;
}

function multipart(parts: Part[]): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if (part.filename != null) head += `; filename="${part.filename}"`;
    head += '\r\n';
    if (part.contentType) head += `Content-Type: ${part.contentType}\r\n`;
    chunks.push(Buffer.from(`${head}\r\n`), Buffer.from(part.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(chunks);
}

// ---- app ---------------------------------------------------------------------------------------

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({
    method: 'POST',
    url: '/web/api/admin/system/copyRight/loginCheck',
    payload: { username: 'admin', password: t.encrypt(ADMIN_PASSWORD) },
  });
  if (res.statusCode !== 200) throw new Error(`copyright login failed: ${res.body}`);
  token = res.json().data.token;
});
afterAll(() => t.close());

function upload(parts: Part[], headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: UPLOAD,
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}`, token, ...headers },
    payload: multipart(parts),
  });
}

const file = (data: Buffer | string, filename: string, contentType = 'application/octet-stream'): Part => ({
  name: 'file',
  filename,
  contentType,
  data,
});

describe('POST uploadSysCopyRight', () => {
  it.each([
    ['PNG', png(), 'icon.png', 'image/png', 'png', 'image/png'],
    ['GIF', GIF, 'icon.gif', 'image/gif', 'gif', 'image/gif'],
    ['JPEG', JPEG, 'icon.jpeg', 'image/jpeg', 'jpg', 'image/jpeg'],
  ])(
    'stores a %s under a generated name and serves the same bytes',
    async (_l, bytes, name, type, ext, served) => {
      const res = await upload([file(bytes, name, type)]);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.code).toBe(200);
      expect(body.data).toHaveLength(1);
      const url: string = body.data[0];
      expect(url).toMatch(
        new RegExp(
          `^/uploads/copyright/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\\.${ext}$`,
        ),
      );

      const get = await t.app.inject({ url });
      expect(get.statusCode).toBe(200);
      expect(get.headers['content-type']).toContain(served);
      expect(Buffer.compare(get.rawPayload, bytes)).toBe(0);
    },
  );

  it('names the stored file by its content, not by the uploaded name', async () => {
    const res = await upload([file(png(), 'looks-like.gif', 'image/gif')]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0]).toMatch(/\.png$/);
    expect(res.json().data[0]).not.toContain('looks-like');
  });

  it('gives every upload its own name', async () => {
    const a = (await upload([file(GIF, 'same.gif', 'image/gif')])).json().data[0];
    const b = (await upload([file(GIF, 'same.gif', 'image/gif')])).json().data[0];
    expect(a).not.toBe(b);
  });

  it('accepts the file next to ordinary form fields', async () => {
    const res = await upload([{ name: 'note', data: 'site icon' }, file(png(), 'icon.png', 'image/png')]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0]).toMatch(/^\/uploads\/copyright\/.+\.png$/);
  });

  it('writes an audit row naming the stored file', async () => {
    const res = await upload([file(JPEG, 'audit.jpg', 'image/jpeg')]);
    const url = res.json().data[0];
    const [row] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.module, 'copyright'), eq(auditLogs.action, 'upload')))
      .orderBy(desc(auditLogs.id))
      .limit(1);
    expect(row).toBeDefined();
    expect(row!.username).toBe('admin');
    expect(row!.after).toEqual({ url });
  });

  it.each([
    ['a text file renamed .png', Buffer.from('hello, this is plain text\n'), 'fake.png', 'image/png'],
    [
      'an SVG named .png',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      'x.png',
      'image/png',
    ],
    ['a BMP', Buffer.concat([Buffer.from('BM'), Buffer.alloc(60)]), 'x.bmp', 'image/bmp'],
    [
      'a PDF named .jpg',
      Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj\n<<>>\nendobj\n', 'binary'),
      'x.jpg',
      'image/jpeg',
    ],
    ['an empty file', Buffer.alloc(0), 'empty.png', 'image/png'],
  ])('refuses %s with the spec message', async (_label, bytes, name, type) => {
    const res = await upload([file(bytes, name, type)]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 400, msg: TYPE_MSG, data: null });
  });

  it('refuses a file over 500 KB with 413 and the spec message', async () => {
    const big = png(LIMIT + 1);
    expect(big.length).toBe(LIMIT + 1);
    const res = await upload([file(big, 'big.png', 'image/png')]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 413, msg: SIZE_MSG, data: null });

    const huge = await upload([file(png(2 * 1024 * 1024), 'huge.png', 'image/png')]);
    expect(huge.statusCode).toBe(413);
    expect(huge.json().msg).toBe(SIZE_MSG);
  });

  it('accepts a file of exactly 500 KB', async () => {
    const edge = png(LIMIT);
    expect(edge.length).toBe(LIMIT);
    const res = await upload([file(edge, 'edge.png', 'image/png')]);
    expect(res.statusCode).toBe(200);
    const get = await t.app.inject({ url: res.json().data[0] });
    expect(get.rawPayload.length).toBe(LIMIT);
  });

  it('answers 400 when no file is sent', async () => {
    const fieldsOnly = await upload([{ name: 'note', data: 'no file here' }]);
    expect(fieldsOnly.statusCode).toBe(400);
    expect(fieldsOnly.json()).toEqual({ code: 400, msg: '请选择要上传的文件', data: null });

    const empty = await upload([]);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toBe('请选择要上传的文件');
  });

  it('answers 415 when the body is not multipart', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: UPLOAD,
      headers: { token },
      payload: { file: 'x' },
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().msg).toBe('不支持的请求内容类型');
  });

  it('answers 401 without the copyright token, or with a normal access token', async () => {
    const none = await t.app.inject({
      method: 'POST',
      url: UPLOAD,
      headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: multipart([file(png(), 'icon.png', 'image/png')]),
    });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toEqual({ code: 401, msg: '请先登录版权管理', data: null });

    const { access_token } = await t.login('admin');
    const bearer = await upload([file(png(), 'icon.png', 'image/png')], { token: access_token });
    expect(bearer.statusCode).toBe(401);
  });

  it('answers in English when asked', async () => {
    const en = { 'accept-language': 'en' };
    const type = await upload([file('plain text', 'fake.png', 'image/png')], en);
    expect(type.json().msg).toBe('To display correctly, only jpg, jpeg, png and gif images can be uploaded');
    const size = await upload([file(png(LIMIT + 1), 'big.png', 'image/png')], en);
    expect(size.json().msg).toBe('The image must be smaller than 500 KB');
    const none = await upload([], en);
    expect(none.json().msg).toBe('Choose a file to upload');
  });
});

describe('POST uploadUnMove (console images)', () => {
  const URL = '/web/api/ticket/storage/uploadUnMove';
  const send = (auth: string | null, parts: Part[], headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'POST',
      url: URL,
      headers: {
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        ...(auth ? { authorization: `Bearer ${auth}` } : {}),
        ...headers,
      },
      payload: multipart(parts),
    });

  it('stores an image in the folder of the acting scenic area', async () => {
    const staff = (await t.login('staff')).access_token;
    const res = await send(staff, [file(png(), 'product.png', 'image/png')]);
    expect(res.statusCode).toBe(200);
    expect(res.json().data[0]).toMatch(/^\/uploads\/scenic-1\/.+\.png$/);
    const other = (await t.login('yunling')).access_token;
    const second = await send(other, [file(GIF, 'p.gif', 'image/gif')]);
    expect(second.json().data[0]).toMatch(/^\/uploads\/scenic-2\/.+\.gif$/);
  });

  it('refuses a file that is not an image with the spec message', async () => {
    const staff = (await t.login('staff')).access_token;
    const res = await send(staff, [file('plain text', 'x.png', 'image/png')]);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe(TYPE_MSG);
  });

  it('refuses an image over 500 KB with the spec message', async () => {
    const staff = (await t.login('staff')).access_token;
    const res = await send(staff, [file(png(LIMIT + 10), 'big.png', 'image/png')]);
    expect(res.statusCode).toBe(413);
    expect(res.json().msg).toBe(SIZE_MSG);
  });

  it('needs a login', async () => {
    const res = await send(null, [file(png(), 'x.png', 'image/png')]);
    expect(res.statusCode).toBe(401);
  });
});
