import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, xlsxText, type TestApp } from '../../test/harness.ts';
import { callsAs, expect400 } from '../../test/replies.ts';
import { ticketProducts, ticketTypes } from '../products/products.table.ts';
import { scenicAreas } from '../scenic/scenic.table.ts';
import { printTemplates } from './print-templates.table.ts';

const B = '/web/api/admin/printer';
const ALL = ['admin:printer:page', 'admin:printer:create', 'admin:printer:update', 'admin:printer:delete'];

let t: TestApp;
const tok: Record<string, string> = {};
let qsh: number;

interface Row {
  id: number;
  name: string;
  paper: number;
  widthMm: number;
  heightMm: number;
  elements: { field: string; x: number; y: number; width: number; height: number; fontSize: number }[];
  isDefault: boolean;
  status: number;
}

const { call, page } = callsAs(() => t, tok);

let n = 0;
async function create(body: Record<string, unknown> = {}, who = 'admin') {
  const res = await call(who, 'POST', `${B}/create`, { name: `模板${++n}`, paper: 1, heightMm: 80, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Row;
}

const rows = async (body: Record<string, unknown> = {}, who = 'admin') =>
  (await page<Row>(who, `${B}/page`, body)).rows;

async function defaults(scenicId: number) {
  return t.database.db
    .select()
    .from(printTemplates)
    .where(and(eq(printTemplates.scenicId, scenicId), eq(printTemplates.isDefault, true)));
}

beforeAll(async () => {
  t = await createTestApp({ loginRateLimit: 1000 });
  await t.grant('yunling', ALL);
  for (const name of ['admin', 'staff', 'yunling']) tok[name] = (await t.login(name)).access_token;
  qsh = (await t.database.db.select().from(scenicAreas)).find((a) => a.code === 'QSH')!.id;
});
afterAll(() => t.close());

describe('POST /printer/page, export and GET query', () => {
  it('lists the seeded templates, the default first', async () => {
    const list = await rows();
    expect(list.slice(0, 2).map((r) => [r.name, r.isDefault, r.widthMm])).toEqual([
      ['80mm 标准小票', true, 80],
      ['29mm 腕带', false, 29],
    ]);
    expect(list[0]!.elements.map((e) => e.field)).toEqual([
      'productName',
      'visitDate',
      'price',
      'qrCode',
      'visitor',
      'orderNo',
      'text',
    ]);
  });

  it('filters by name, paper and status; refuses unknown ones', async () => {
    expect((await rows({ name: '腕带' })).map((r) => r.name)).toEqual(['29mm 腕带']);
    expect((await rows({ paper: 2 })).map((r) => r.name)).toEqual(['80mm 标准小票']);
    expect(await rows({ status: 2 })).toEqual([]);
    expect400(await call('admin', 'POST', `${B}/page`, { paper: 9 }), 'paper');
    expect400(await call('admin', 'POST', `${B}/page`, { sort: 'heightMm' }), 'sort');
  });

  it('exports the filtered templates', async () => {
    const res = await call('admin', 'POST', `${B}/export`, { paper: 4 });
    expect(res.statusCode).toBe(200);
    const text = xlsxText(res.rawPayload);
    expect(text).toContain('29mm 腕带');
    expect(text).not.toContain('80mm 标准小票');
  });

  it('answers one template; 404 for another area', async () => {
    const [first] = await rows({ paper: 2 });
    const res = await call('admin', 'GET', `${B}/query?id=${first!.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: first!.id, paper: 2 });
    expect((await call('yunling', 'GET', `${B}/query?id=${first!.id}`)).statusCode).toBe(404);
    expect400(await call('admin', 'GET', `${B}/query?id=0`), 'id');
  });

  it('needs admin:printer:page and shows another area nothing of area 1', async () => {
    expect((await call('staff', 'POST', `${B}/page`, {})).statusCode).toBe(403);
    expect((await call('staff', 'POST', `${B}/export`, {})).statusCode).toBe(403);
    expect((await call('staff', 'GET', `${B}/query?id=1`)).statusCode).toBe(403);
    expect(await rows({}, 'yunling')).toEqual([]);
  });
});

describe('POST /printer/create and update', () => {
  it('creates a template whose width follows the paper', async () => {
    const row = await create({
      paper: 3,
      heightMm: 150,
      elements: [{ field: 'qrCode', x: 36, y: 100, width: 36, height: 36 }],
    });
    expect(row).toMatchObject({ paper: 3, widthMm: 72, heightMm: 150, isDefault: false, status: 1 });
    expect(row.elements[0]).toMatchObject({ fontSize: 10, x: 36 });
  });

  it('refuses bad input naming the field', async () => {
    const el = { field: 'price', x: 0, y: 0, width: 10, height: 5 };
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'name'],
      [{ paper: 5 }, 'paper'],
      [{ heightMm: 19 }, 'heightMm'],
      [{ heightMm: 301 }, 'heightMm'],
      [{ widthMm: 80 }, 'widthMm'],
      [{ elements: [{ ...el, field: 'barcode' }] }, 'elements.0.field'],
      [{ elements: [el, { ...el, x: 50, width: 9 }] }, 'elements.1.x'],
      [{ elements: [{ ...el, y: 76, height: 5 }] }, 'elements.0.y'],
      [{ elements: [{ ...el, fontSize: 4 }] }, 'elements.0.fontSize'],
      [{ elements: Array.from({ length: 31 }, () => el) }, 'elements'],
    ];
    for (const [body, field] of cases) {
      const res = await call('admin', 'POST', `${B}/create`, {
        name: 'bad',
        paper: 1,
        heightMm: 80,
        ...body,
      });
      expect(res.statusCode, `${JSON.stringify(body).slice(0, 80)} ${res.body}`).toBe(400);
      expect(res.json().data.field, JSON.stringify(body).slice(0, 80)).toBe(field);
    }
  });

  it('accepts elements that end exactly on the edges, in fractions of a mm', async () => {
    const edge = await create({
      paper: 1,
      heightMm: 80,
      elements: [
        { field: 'text', x: 57, y: 79, width: 1, height: 1 },
        { field: 'price', x: 47.7, y: 68.9, width: 10.3, height: 11.1 },
      ],
    });
    expect(edge.elements).toHaveLength(2);
  });

  it('keeps names unique per area (409 naming name)', async () => {
    const res = await call('admin', 'POST', `${B}/create`, { name: '29mm 腕带', paper: 4, heightMm: 200 });
    expect(res.statusCode).toBe(409);
    expect(res.json().data.field).toBe('name');
    await create({ name: '29mm 腕带', paper: 4, heightMm: 200 }, 'yunling');
  });

  it('updates only the fields sent and checks the elements on the merged template', async () => {
    const row = await create({
      paper: 2,
      heightMm: 100,
      elements: [{ field: 'price', x: 60, y: 0, width: 20, height: 6 }],
    });
    const taller = await call('admin', 'POST', `${B}/update`, { id: row.id, heightMm: 120 });
    expect(taller.statusCode, taller.body).toBe(200);
    expect(taller.json().data).toMatchObject({ heightMm: 120, widthMm: 80, elements: [{ x: 60 }] });
    // a narrower paper would leave the element hanging over the edge
    expect400(await call('admin', 'POST', `${B}/update`, { id: row.id, paper: 1 }), 'elements.0.x');
    expect400(await call('admin', 'POST', `${B}/update`, { id: row.id, heightMm: 5 }), 'heightMm');
    const moved = await call('admin', 'POST', `${B}/update`, {
      id: row.id,
      paper: 1,
      elements: [{ field: 'price', x: 38, y: 0, width: 20, height: 6 }],
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data).toMatchObject({ paper: 1, widthMm: 58 });
    expect400(await call('admin', 'POST', `${B}/update`, { id: row.id, isDefault: true }), 'isDefault');
  });

  it('needs the permissions; another area cannot change area 1', async () => {
    const row = await create();
    expect(
      (await call('staff', 'POST', `${B}/create`, { name: 'x', paper: 1, heightMm: 80 })).statusCode,
    ).toBe(403);
    expect((await call('staff', 'POST', `${B}/update`, { id: row.id, name: 'x' })).statusCode).toBe(403);
    expect((await call('yunling', 'POST', `${B}/update`, { id: row.id, name: 'x' })).statusCode).toBe(404);
  });
});

describe('POST /printer/setDefault', () => {
  it('moves the default in one step; one default per area', async () => {
    const row = await create();
    const res = await call('admin', 'POST', `${B}/setDefault`, { id: row.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.isDefault).toBe(true);
    expect((await defaults(qsh)).map((d) => d.id)).toEqual([row.id]);
    const again = await call('admin', 'POST', `${B}/setDefault`, { id: row.id });
    expect(again.statusCode).toBe(200);
    expect((await defaults(qsh)).map((d) => d.id)).toEqual([row.id]);
    const [receipt] = await rows({ paper: 2, name: '标准' });
    await call('admin', 'POST', `${B}/setDefault`, { id: receipt!.id });
    expect((await defaults(qsh)).map((d) => d.id)).toEqual([receipt!.id]);
  });

  it('refuses a disabled template, and disabling the default', async () => {
    const row = await create({ status: 2 });
    const res = await call('admin', 'POST', `${B}/setDefault`, { id: row.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().data.field).toBe('status');
    const [current] = await defaults(qsh);
    const off = await call('admin', 'POST', `${B}/update`, { id: current!.id, status: 2 });
    expect(off.statusCode).toBe(409);
    expect((await defaults(qsh)).map((d) => d.id)).toEqual([current!.id]);
  });

  it('400, 403, and another area', async () => {
    expect400(await call('admin', 'POST', `${B}/setDefault`, {}), 'id');
    const row = await create();
    expect((await call('staff', 'POST', `${B}/setDefault`, { id: row.id })).statusCode).toBe(403);
    expect((await call('yunling', 'POST', `${B}/setDefault`, { id: row.id })).statusCode).toBe(404);
    expect((await defaults(qsh)).map((d) => d.id)).not.toContain(row.id);
  });
});

describe('GET /printer/delete', () => {
  it('deletes an unused template', async () => {
    const row = await create();
    expect((await call('admin', 'GET', `${B}/delete?id=${row.id}`)).statusCode).toBe(200);
    expect((await call('admin', 'GET', `${B}/query?id=${row.id}`)).statusCode).toBe(404);
  });

  it('refuses (409) while ticket products use it, naming how many', async () => {
    const row = await create();
    const db = t.database.db;
    const [type] = await db.insert(ticketTypes).values({ scenicId: qsh, name: '打印测试' }).returning();
    const product = {
      scenicId: qsh,
      typeId: type!.id,
      productType: 1,
      price: 100,
      validityType: 1,
      realNameType: 2,
      printType: 1,
      channels: [1],
      refundRule: 3,
      printTemplateId: row.id,
    };
    await db.insert(ticketProducts).values([
      { ...product, name: '票一' },
      { ...product, name: '票二' },
    ]);
    const res = await call('admin', 'GET', `${B}/delete?id=${row.id}`);
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toContain('2');
    expect(res.json().data.count).toBe(2);
  });

  it('400, 403, and another area', async () => {
    const row = await create();
    expect400(await call('admin', 'GET', `${B}/delete?id=x`), 'id');
    expect((await call('staff', 'GET', `${B}/delete?id=${row.id}`)).statusCode).toBe(403);
    expect((await call('yunling', 'GET', `${B}/delete?id=${row.id}`)).statusCode).toBe(404);
  });
});
