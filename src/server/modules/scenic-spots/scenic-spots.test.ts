import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  publicScenicSpotApi,
  scenicSpotApi as api,
  type PublicScenicSpot,
  type ScenicSpotRow,
} from '../../../shared/api/scenic-spots.ts';
import { auditLogApi } from '../../../shared/api/logs.ts';
import { createTestApp, xlsxText, type TestApp } from '../../test/harness.ts';

// The example list resource of docs/adding-a-screen.md: declared with registerListResource.
let t: TestApp;
const tok: Record<string, string> = {};

const call = (who: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
  t.call(tok[who]!, method, url, body);

async function rows(who = 'admin', body: Record<string, unknown> = {}) {
  const res = await call(who, 'POST', api.page, { limit: 100, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { rows: ScenicSpotRow[]; total: number };
}

async function create(body: Record<string, unknown>, who = 'admin') {
  const res = await call(who, 'POST', api.create, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as ScenicSpotRow;
}

function expect400(res: { statusCode: number; body: string }, field: string) {
  expect(res.statusCode, res.body).toBe(400);
  expect(JSON.parse(res.body).data.field).toBe(field);
}

beforeAll(async () => {
  t = await createTestApp({ loginRateLimit: 1000 });
  await t.grant('yunling', [
    'admin:scenicSpot:page',
    'admin:scenicSpot:create',
    'admin:scenicSpot:update',
    'admin:scenicSpot:delete',
  ]);
  for (const name of ['admin', 'staff', 'yunling']) tok[name] = (await t.login(name)).access_token;
});
afterAll(() => t.close());

describe('scenic spots (/scenic/viewpoint)', () => {
  it('lists the demo area spots by sort order, filters by type and name, and sorts by name', async () => {
    const all = await rows();
    expect(all.total).toBe(15);
    expect(all.rows.map((r) => r.sort)).toEqual([...all.rows.map((r) => r.sort)].sort((a, b) => a - b));
    const facilities = await rows('admin', { spotType: 3 });
    expect(facilities.rows.map((r) => r.name)).toEqual(['游客服务中心', '医疗救助站', '停车场']);
    expect((await rows('admin', { name: '湖心' })).rows.map((r) => r.name)).toEqual(['湖心岛']);
    const byName = await rows('admin', { sort: 'name', order: 'asc', limit: 10 });
    expect(byName.rows).toHaveLength(10);
  });

  it('creates, reads, edits, disables and deletes a spot, each change audited', async () => {
    const spot = await create({
      name: '观鸟台',
      spotType: 1,
      openTime: '06:00',
      closeTime: '10:00',
      latitude: 30.3,
    });
    expect(spot).toMatchObject({ name: '观鸟台', status: 1, longitude: null, openTime: '06:00' });

    const read = await call('admin', 'GET', `${api.query}?id=${spot.id}`);
    expect(read.json().data.name).toBe('观鸟台');

    const edited = await call('admin', 'POST', api.update, {
      id: spot.id,
      closeTime: '11:30',
      latitude: null,
    });
    expect(edited.json().data).toMatchObject({ openTime: '06:00', closeTime: '11:30', latitude: null });

    const off = await call('admin', 'POST', api.status, { ids: [spot.id], status: 2 });
    expect(off.statusCode, off.body).toBe(200);
    expect((await rows('admin', { status: 2 })).rows.map((r) => r.id)).toEqual([spot.id]);

    const gone = await call('admin', 'GET', `${api.delete}?id=${spot.id}`);
    expect(gone.statusCode, gone.body).toBe(200);
    expect((await call('admin', 'GET', `${api.query}?id=${spot.id}`)).statusCode).toBe(404);

    const audit = await call('admin', 'POST', auditLogApi.page, { module: 'scenic', limit: 10 });
    const trail = audit.json().data.rows as { action: string; targetType: string; targetId: string }[];
    expect(trail.filter((r) => r.targetId === String(spot.id)).map((r) => r.action)).toEqual([
      'delete',
      'status',
      'update',
      'create',
    ]);
  });

  it('exports the filtered spots as .xlsx', async () => {
    const res = await call('admin', 'POST', api.export, { spotType: 2 });
    expect(res.statusCode).toBe(200);
    const text = xlsxText(res.rawPayload);
    expect(text).toContain('环湖骑行线');
    expect(text).not.toContain('望湖台');
  });

  it('names the field of bad input and changes nothing', async () => {
    const before = (await rows()).total;
    expect400(await call('admin', 'POST', api.create, { name: ' ' }), 'name');
    expect400(await call('admin', 'POST', api.create, { name: 'A', latitude: 91 }), 'latitude');
    expect400(await call('admin', 'POST', api.create, { name: 'A', spotType: 4 }), 'spotType');
    expect400(await call('admin', 'POST', api.create, { name: 'A', image: 'javascript:alert(1)' }), 'image');
    expect400(
      await call('admin', 'POST', api.create, { name: 'A', openTime: '18:00', closeTime: '08:00' }),
      'closeTime',
    );
    expect400(await call('admin', 'POST', api.create, { name: 'A', openTime: '08:00' }), 'closeTime');
    expect400(await call('admin', 'POST', api.create, { name: 'A', extra: 1 }), 'extra');
    // the hours are checked on the merged record: only the closing time sent, before the stored opening
    const spot = (await rows('admin', { name: '湖心岛' })).rows[0]!;
    expect400(await call('admin', 'POST', api.update, { id: spot.id, closeTime: '07:00' }), 'closeTime');
    expect((await rows()).total).toBe(before);
    expect((await rows('admin', { name: '湖心岛' })).rows[0]!.closeTime).toBe(spot.closeTime);
  });

  it('refuses an account without the permission', async () => {
    expect((await call('staff', 'POST', api.page, {})).statusCode).toBe(403);
    expect((await call('staff', 'POST', api.create, { name: 'A' })).statusCode).toBe(403);
  });

  it("keeps each area's spots to itself", async () => {
    const own = await create({ name: '云岭古桥' }, 'yunling');
    const theirs = (await rows('yunling')).rows.map((r) => r.name);
    expect(theirs).toContain('云岭古桥');
    expect(theirs).toContain('四方街'); // the old town's demo spots
    expect(theirs).not.toContain('湖心岛');
    expect((await rows()).rows.map((r) => r.name)).not.toContain('云岭古桥');
    const other = (await rows()).rows[0]!;
    expect((await call('yunling', 'GET', `${api.query}?id=${other.id}`)).statusCode).toBe(404);
    expect((await call('yunling', 'POST', api.update, { id: other.id, name: 'X' })).statusCode).toBe(404);
    expect((await call('yunling', 'GET', `${api.delete}?id=${other.id}`)).statusCode).toBe(404);
    expect((await call('yunling', 'POST', api.status, { ids: [other.id], status: 2 })).statusCode).toBe(404);
    expect((await call('admin', 'GET', `${api.query}?id=${own.id}`)).statusCode).toBe(404);
  });

  it("shows the mini-program an area's enabled spots by sort order, without a login, cacheable", async () => {
    const areas = (await rows()).rows;
    const scenicId = (await t.call(tok.admin!, 'GET', '/web/api/ticket/auth/getUserinfo')).json().data
      .scenicId as number;
    const hidden = await create({ name: '施工中的码头', sort: 1 });
    await call('admin', 'POST', api.status, { ids: [hidden.id], status: 2 });

    const res = await t.call(null, 'GET', `${publicScenicSpotApi.list}?scenicId=${scenicId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const spots = res.json().data as PublicScenicSpot[];
    const enabled = areas.filter((r) => r.status === 1);
    expect(spots.map((s) => s.name)).toEqual(
      [...enabled].sort((a, b) => a.sort - b.sort || a.id - b.id).map((r) => r.name),
    );
    expect(spots.map((s) => s.name)).not.toContain('施工中的码头');
    expect(spots.map((s) => s.name)).not.toContain('四方街'); // another area's

    const routes = await t.call(null, 'GET', `${publicScenicSpotApi.list}?scenicId=${scenicId}&spotType=2`);
    expect((routes.json().data as PublicScenicSpot[]).every((s) => s.spotType === 2)).toBe(true);
    const again = await t.call(null, 'GET', `${publicScenicSpotApi.list}?scenicId=${scenicId}`, undefined, {
      'if-none-match': String(res.headers.etag),
    });
    expect(again.statusCode).toBe(304);
    expect400(await t.call(null, 'GET', `${publicScenicSpotApi.list}?scenicId=x`), 'scenicId');
  });
});
