import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogApi } from '../../../shared/api/logs.ts';
import {
  publicTicketDisplayApi as pub,
  ticketDisplayApi as api,
  type PublicTicketDisplay,
  type TicketDisplayRow,
} from '../../../shared/api/ticket-display.ts';
import { SHELF } from '../../../shared/dict/product.ts';
import { createTestApp, xlsxText, type TestApp } from '../../test/harness.ts';
import { callsAs, data, expect400 } from '../../test/replies.ts';
import { ticketProducts } from '../products/index.ts';
import { scenicAreas } from '../scenic/index.ts';

let t: TestApp;
let qsh = 0;
let ylgz = 0;
const tok: Record<string, string> = {};

const { call, publicGet } = callsAs(() => t, tok);

const rows = async (who = 'admin', body: Record<string, unknown> = {}) =>
  data<{ rows: TicketDisplayRow[]; total: number }>(
    await call(who, 'POST', api.page, { limit: 100, ...body }),
  );
const byName = async (name: string) => (await rows()).rows.find((r) => r.productName === name)!;
const shown = async (scenicId = qsh) =>
  (await data<PublicTicketDisplay[]>(await publicGet(`${pub.list}?scenicId=${scenicId}`))).map((d) => d.name);

beforeAll(async () => {
  t = await createTestApp({ loginRateLimit: 1000 });
  const areas = await t.database.db.select().from(scenicAreas);
  qsh = areas.find((a) => a.code === 'QSH')!.id;
  ylgz = areas.find((a) => a.code === 'YLGZ')!.id;
  await t.grant('yunling', ['admin:ticketDisplay:page', 'admin:ticketDisplay:update']);
  await t.grant('staff', ['admin:ticketDisplay:page']);
  for (const name of ['admin', 'staff', 'yunling']) tok[name] = (await t.login(name)).access_token;
});
afterAll(() => t.close());

describe('ticket display (/scenic/ticmes)', () => {
  it('lists every product of the area with its display, defaults where none is saved', async () => {
    const products = await t.database.db
      .select()
      .from(ticketProducts)
      .where(eq(ticketProducts.scenicId, qsh));
    const all = await rows();
    expect(all.total).toBe(products.length);
    const adult = all.rows.find((r) => r.productName === '成人票')!;
    expect(adult).toMatchObject({
      displayName: '青山湖门票·成人',
      tags: ['热门', '当日可订'],
      customized: true,
    });
    const show = all.rows.find((r) => r.productName === '《青山印象》实景演出')!;
    const showProduct = products.find((p) => p.name === '《青山印象》实景演出')!;
    expect(show).toMatchObject({
      displayName: showProduct.name,
      shortText: showProduct.intro.slice(0, 100),
      tags: [],
      status: 1,
      customized: false,
      updateTime: null,
    });
    expect((await rows('admin', { status: 2 })).rows.map((r) => r.productName)).toEqual(['夜游票']);
    expect((await rows('admin', { productName: '儿童' })).rows.map((r) => r.displayName)).toEqual([
      '青山湖门票·儿童',
    ]);
    const sorted = await rows('admin', { sort: 'sort', order: 'desc' });
    expect(sorted.rows.map((r) => r.sort)).toEqual([...sorted.rows.map((r) => r.sort)].sort((a, b) => b - a));
    const page = await data<{ rows: TicketDisplayRow[]; total: number }>(
      await call('admin', 'POST', api.page, { limit: 10, page: 1 }),
    );
    expect(page.total).toBe(products.length);

    const xlsx = await call('admin', 'POST', api.export, { status: 1 });
    expect(xlsx.statusCode).toBe(200);
    const text = xlsxText(xlsx.rawPayload);
    expect(text).toContain('两日畅游联票');
    expect(text).not.toContain('青山湖夜游');
  });

  it('saves a display, first over the defaults, then again; audited', async () => {
    const show = await byName('《青山印象》实景演出');
    const saved = await data<TicketDisplayRow>(
      await call('admin', 'POST', api.update, {
        productId: show.productId,
        displayName: ' 青山印象 ',
        cover: '/uploads/demo/picture-2.png',
        shortText: '湖上实景演出，约 70 分钟',
        tags: ['演出', '夜场'],
        sort: 1,
        status: 1,
      }),
    );
    expect(saved).toMatchObject({
      displayName: '青山印象',
      tags: ['演出', '夜场'],
      sort: 1,
      customized: true,
    });
    expect(saved.updateTime).not.toBeNull();
    const again = await data<TicketDisplayRow>(
      await call('admin', 'POST', api.update, {
        productId: show.productId,
        displayName: '青山印象',
        tags: ['演出'],
      }),
    );
    expect(again).toMatchObject({ tags: ['演出'], cover: '', sort: 0 });
    expect((await rows()).rows[0]!.productId).toBe(show.productId);
    const audit = await data<{ rows: { action: string; targetType: string; targetId: string }[] }>(
      await call('admin', 'POST', auditLogApi.page, { module: 'scenic', limit: 10 }),
    );
    expect(
      audit.rows.filter((r) => r.targetType === 'ticketDisplay' && r.targetId === String(show.productId)),
    ).toHaveLength(2);
  });

  it('shows and hides products in batch, all or none', async () => {
    const adult = await byName('成人票');
    const night = await byName('夜游票');
    await data(
      await call('admin', 'POST', api.status, { productIds: [adult.productId, night.productId], status: 2 }),
    );
    expect((await rows('admin', { status: 2 })).rows.map((r) => r.productName).sort()).toEqual(
      ['夜游票', '成人票'].sort(),
    );
    // one product not of this area: nothing changes
    const res = await call('admin', 'POST', api.status, {
      productIds: [adult.productId, 999_999],
      status: 1,
    });
    expect(res.statusCode).toBe(404);
    expect((await byName('成人票')).status).toBe(2);
    await data(
      await call('admin', 'POST', api.status, { productIds: [adult.productId, night.productId], status: 1 }),
    );
    expect((await rows('admin', { status: 2 })).total).toBe(0);
  });

  it('names the field of bad input and changes nothing', async () => {
    const before = await rows();
    const id = before.rows[0]!.productId;
    expect400(await call('admin', 'POST', api.update, { productId: id, displayName: ' ' }), 'displayName');
    expect400(
      await call('admin', 'POST', api.update, { productId: id, displayName: 'A', tags: ['a', 'a'] }),
      'tags',
    );
    expect400(
      await call('admin', 'POST', api.update, {
        productId: id,
        displayName: 'A',
        tags: ['1', '2', '3', '4', '5', '6'],
      }),
      'tags',
    );
    expect400(
      await call('admin', 'POST', api.update, { productId: id, displayName: 'A', tags: ['x'.repeat(11)] }),
      'tags.0',
    );
    expect400(
      await call('admin', 'POST', api.update, { productId: id, displayName: 'A', cover: 'data:x' }),
      'cover',
    );
    expect400(
      await call('admin', 'POST', api.update, { productId: id, displayName: 'A', status: 3 }),
      'status',
    );
    expect400(
      await call('admin', 'POST', api.update, { productId: id, displayName: 'A', extra: 1 }),
      'extra',
    );
    expect400(await call('admin', 'POST', api.status, { productIds: [], status: 1 }), 'productIds');
    expect400(await call('admin', 'POST', api.page, { status: 0 }), 'status');
    expect(await rows()).toEqual(before);
  });

  it('refuses an account without the permission', async () => {
    const id = (await rows()).rows[0]!.productId;
    expect((await call('staff', 'POST', api.page, {})).statusCode).toBe(200);
    expect((await call('staff', 'POST', api.update, { productId: id, displayName: 'X' })).statusCode).toBe(
      403,
    );
    expect((await call('staff', 'POST', api.status, { productIds: [id], status: 2 })).statusCode).toBe(403);
    expect((await byName('成人票')).displayName).toBe('青山湖门票·成人');
  });

  it("keeps each area's products to itself", async () => {
    // the old town's own products (issue 15), none of area 1's
    const theirs = await rows('yunling');
    expect(theirs.rows.map((r) => r.productName)).toEqual([
      '古镇成人票',
      '古镇优惠票',
      '扎染体验票',
      '古戏台夜场',
    ]);
    const other = (await rows()).rows[0]!;
    expect(theirs.rows.some((r) => r.productId === other.productId)).toBe(false);
    expect(
      (await call('yunling', 'POST', api.update, { productId: other.productId, displayName: 'X' }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('yunling', 'POST', api.status, { productIds: [other.productId], status: 2 })).statusCode,
    ).toBe(404);
    expect(await byName(other.productName)).toEqual(other);
  });
});

describe('public ticket display (mini-program, no login)', () => {
  it('answers the shown products on shelf by display order, cacheable', async () => {
    const res = await publicGet(`${pub.list}?scenicId=${qsh}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    const list = res.json().data as PublicTicketDisplay[];
    const expected = (await rows('admin', { status: 1 })).rows
      .filter((r) => r.shelfStatus === SHELF.on)
      .map((r) => r.displayName);
    expect(list.map((d) => d.name)).toEqual(expected);
    expect(list[0]).toMatchObject({ name: '青山印象', tags: ['演出'] });

    const etag = res.headers.etag as string;
    expect((await publicGet(`${pub.list}?scenicId=${qsh}`, { 'if-none-match': etag })).statusCode).toBe(304);

    // hidden, or off shelf: not shown
    const adult = await byName('成人票');
    await data(await call('admin', 'POST', api.status, { productIds: [adult.productId], status: 2 }));
    expect(await shown()).not.toContain('青山湖门票·成人');
    const child = await byName('儿童票');
    await t.database.db
      .update(ticketProducts)
      .set({ shelfStatus: SHELF.off })
      .where(eq(ticketProducts.id, child.productId));
    expect(await shown()).not.toContain('青山湖门票·儿童');
    expect(await shown(ylgz)).toEqual(['云岭古镇门票', '古镇优惠票', '白族扎染体验', '古戏台白族歌舞']);
    expect((await publicGet(pub.list)).statusCode).toBe(400);
  });
});
