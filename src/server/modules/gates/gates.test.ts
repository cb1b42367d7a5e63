import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { scenicAreas } from '../scenic/scenic.table.ts';
import { gates } from './gates.table.ts';

const URL = '/web/api/ticket/gate/page';

let t: TestApp;
const tok: Record<string, string> = {};

beforeAll(async () => {
  t = await createTestApp({ loginRateLimit: 1000 });
  await t.grant('yunling', ['admin:gate:page']);
  for (const name of ['admin', 'staff', 'yunling']) tok[name] = (await t.login(name)).access_token;
  const areas = await t.database.db.select().from(scenicAreas);
  const ylgz = areas.find((a) => a.code === 'YLGZ')!.id;
  await t.database.db.insert(gates).values({ scenicId: ylgz, code: 'YL-IN', name: '古镇入口', gateType: 10 });
});
afterAll(() => t.close());

const names = (res: { json: () => { data: { rows: { name: string }[] } } }) =>
  res.json().data.rows.map((r) => r.name);

describe('POST /web/api/ticket/gate/page', () => {
  it('lists the seeded gates of the acting area', async () => {
    const res = await t.call(tok.admin!, 'POST', URL, { sort: 'code', order: 'asc' });
    expect(res.statusCode, res.body).toBe(200);
    const { rows, total } = res.json().data;
    expect(total).toBe(6);
    expect(rows[0]).toMatchObject({ code: 'BUS-01', name: '观光车计时起点', gateType: 20, status: 1 });
    expect(names(res)).not.toContain('古镇入口');
  });

  it('filters by name, gate type and status', async () => {
    expect(names(await t.call(tok.admin!, 'POST', URL, { name: '南门' })).sort()).toEqual([
      '南门入口',
      '南门出口',
    ]);
    expect(names(await t.call(tok.admin!, 'POST', URL, { gateType: 11 })).sort()).toEqual([
      '北门出口',
      '南门出口',
    ]);
    expect((await t.call(tok.admin!, 'POST', URL, { status: 2 })).json().data.total).toBe(0);
  });

  it('refuses bad input naming the field', async () => {
    for (const [body, field] of [
      [{ gateType: 12 }, 'gateType'],
      [{ status: 3 }, 'status'],
      [{ sort: 'location' }, 'sort'],
      [{ color: 'red' }, 'color'],
    ] as const) {
      const res = await t.call(tok.admin!, 'POST', URL, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().data.field).toBe(field);
    }
  });

  it('needs admin:gate:page', async () => {
    expect((await t.call(tok.staff!, 'POST', URL, {})).statusCode).toBe(403);
  });

  it('shows another area only its own gates', async () => {
    const res = await t.call(tok.yunling!, 'POST', URL, {});
    expect(res.statusCode).toBe(200);
    expect(names(res)).toEqual(['古镇入口']);
  });
});
