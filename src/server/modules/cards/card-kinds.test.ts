import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardKindApi as api, type CardKindRow, type CardProductOption } from '../../../shared/api/cards.ts';
import { expectXlsx } from '../../test/export.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { callsAs, data, expect400 } from '../../test/replies.ts';
import { auditLogs } from '../audit/index.ts';
import { ticketProducts } from '../products/index.ts';
import { scenicAreas } from '../scenic/scenic.table.ts';

let t: TestApp;
const tok: Record<string, string> = {};
const { call, page } = callsAs(() => t, tok);
let productId: number;
let otherProductId: number;

const PERMS = ['admin:card:kind:query', 'admin:card:kind:update'];
const annual = {
  name: '测试年卡',
  price: 39_900,
  validityType: 1,
  validDays: 365,
  productIds: [] as number[],
  perDayEntries: 1,
  channels: ['winManagement', 'weixinManagement'],
};
const create = async (extra: Record<string, unknown> = {}) =>
  data<CardKindRow>(call('admin', 'POST', api.create, { ...annual, ...extra }));

beforeAll(async () => {
  t = await createTestApp({ loginRateLimit: 1000 });
  await t.grant('yunling', PERMS);
  for (const name of ['admin', 'staff', 'yunling']) tok[name] = (await t.login(name)).access_token;
  const db = t.database.db;
  const areas = await db.select().from(scenicAreas);
  const areaOf = (code: string) => areas.find((a) => a.code === code)!.id;
  const productOf = async (scenicId: number) =>
    (await db.select().from(ticketProducts).where(eq(ticketProducts.scenicId, scenicId)))[0]!.id;
  productId = await productOf(areaOf('QSH'));
  otherProductId = await productOf(areaOf('YLGZ'));
});
afterAll(() => t.close());

describe('card kinds (/VipCard/vipUseAssort)', () => {
  it('lists the demo kinds with their filters and sorts; another area sees its own only', async () => {
    const all = await page<CardKindRow>('admin', api.page);
    expect(all.rows.map((r) => r.name).sort()).toEqual([
      '永久会员卡',
      '湖山季卡',
      '湖山年卡',
      '节假日畅游卡',
    ]);
    const names = async (body: Record<string, unknown>) =>
      (await page<CardKindRow>('admin', api.page, body)).rows.map((r) => r.name);
    expect(await names({ name: '年卡' })).toEqual(['湖山年卡']);
    expect(await names({ status: 2 })).toEqual(['永久会员卡']);
    expect(await names({ validityType: 0 })).toEqual(['永久会员卡']);
    expect((await names({ channel: 'weixinManagement' })).sort()).toEqual([
      '湖山季卡',
      '湖山年卡',
      '节假日畅游卡',
    ]);
    expect(await names({ sort: 'price', order: 'asc' })).toEqual([
      '湖山季卡',
      '节假日畅游卡',
      '湖山年卡',
      '永久会员卡',
    ]);
    const holiday = all.rows.find((r) => r.name === '节假日畅游卡')!;
    expect(holiday).toMatchObject({ validityType: 1, validDays: null, totalEntries: 20 });
    expect(holiday.blackoutDates).toHaveLength(7);
    expect((await page<CardKindRow>('yunling', api.page)).total).toBe(0);
    expect400(await call('admin', 'POST', api.page, { channel: 'ctripManagement' }), 'channel');
    expect400(await call('admin', 'POST', api.page, { sort: 'validDays' }), 'sort');
  });

  it('creates, reads, edits, shelves and deletes a kind, each change audited', async () => {
    const made = await create({
      productIds: [productId],
      blackoutDates: ['2026-10-01'],
      photoRequired: true,
    });
    expect(made).toMatchObject({
      ...annual,
      productIds: [productId],
      realName: 2,
      status: 2,
      totalEntries: 0,
    });
    expect(await data(call('admin', 'GET', `${api.query}?id=${made.id}`))).toEqual(made);

    // from days to fixed dates: the unused way is cleared with null
    const dated = await data<CardKindRow>(
      call('admin', 'POST', api.update, {
        id: made.id,
        validDays: null,
        validFrom: '2026-01-01',
        validTo: '2026-12-31',
      }),
    );
    expect(dated).toMatchObject({ validDays: null, validFrom: '2026-01-01', validTo: '2026-12-31' });
    const renamed = await data<CardKindRow>(
      call('admin', 'POST', api.update, { id: made.id, name: '新名字' }),
    );
    expect(renamed).toMatchObject({ name: '新名字', validFrom: '2026-01-01', productIds: [productId] });
    const permanent = await data<CardKindRow>(
      call('admin', 'POST', api.update, { id: made.id, validityType: 0, validFrom: null, validTo: null }),
    );
    expect(permanent).toMatchObject({ validityType: 0, validDays: null, validFrom: null, validTo: null });

    await data(call('admin', 'POST', api.shelf, { ids: [made.id], status: 1 }));
    expect((await data<CardKindRow>(call('admin', 'GET', `${api.query}?id=${made.id}`))).status).toBe(1);
    await data(call('admin', 'POST', api.shelf, { ids: [made.id], status: 2 }));
    expect((await data<CardKindRow>(call('admin', 'GET', `${api.query}?id=${made.id}`))).status).toBe(2);

    await data(call('admin', 'GET', `${api.delete}?id=${made.id}`));
    expect((await call('admin', 'GET', `${api.query}?id=${made.id}`)).statusCode).toBe(404);
    const audited = await t.database.db
      .select({ action: auditLogs.action })
      .from(auditLogs)
      .where(and(eq(auditLogs.targetType, 'cardKind'), eq(auditLogs.targetId, String(made.id))));
    expect(audited.map((a) => a.action).sort()).toEqual(
      ['create', 'delete', 'status', 'status', 'update', 'update', 'update'].sort(),
    );
  });

  it('offers the area’s products for the picker', async () => {
    const options = await data<CardProductOption[]>(call('admin', 'GET', api.productOptions));
    expect(options.map((o) => o.id)).toContain(productId);
    expect(options.map((o) => o.id)).not.toContain(otherProductId);
  });

  it('refuses bad input, naming the field', async () => {
    const bad = async (extra: Record<string, unknown>, field: string) =>
      expect400(await call('admin', 'POST', api.create, { ...annual, ...extra }), field);
    await bad({ name: ' ' }, 'name');
    await bad({ name: '卡'.repeat(41) }, 'name');
    await bad({ description: 'x'.repeat(1001) }, 'description');
    await bad({ cover: 'javascript:alert(1)' }, 'cover');
    await bad({ price: -1 }, 'price');
    await bad({ price: 1.5 }, 'price');
    await bad({ validityType: 2 }, 'validityType');
    await bad({ validDays: 0 }, 'validDays');
    await bad({ validDays: 3651 }, 'validDays');
    // timed: days or dates, exactly one of the two
    await bad({ validDays: null }, 'validDays');
    await bad({ validFrom: '2026-01-01', validTo: '2026-02-01' }, 'validDays');
    await bad({ validDays: null, validFrom: '2026-01-01' }, 'validTo');
    await bad({ validDays: null, validTo: '2026-01-01' }, 'validFrom');
    await bad({ validDays: null, validFrom: '2026-02-01', validTo: '2026-01-31' }, 'validTo');
    await bad({ validDays: null, validFrom: '2026-02-30', validTo: '2026-03-01' }, 'validFrom');
    // permanent: no days and no dates
    await bad({ validityType: 0 }, 'validDays');
    await bad({ validityType: 0, validDays: null, validTo: '2026-01-01' }, 'validTo');
    await bad({ productIds: [otherProductId] }, 'productIds');
    await bad({ productIds: [productId, productId] }, 'productIds');
    await bad({ perDayEntries: 100 }, 'perDayEntries');
    await bad({ perDayEntries: -1 }, 'perDayEntries');
    await bad({ totalEntries: 100_001 }, 'totalEntries');
    await bad({ blackoutDates: ['2026-05-01', '2026-05-01'] }, 'blackoutDates');
    await bad({ blackoutDates: ['2026-5-1'] }, 'blackoutDates.0');
    const many = Array.from({ length: 367 }, (_, i) =>
      new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10),
    );
    await bad({ blackoutDates: many }, 'blackoutDates');
    await bad({ photoRequired: 'yes' }, 'photoRequired');
    await bad({ realName: 4 }, 'realName');
    await bad({ status: 3 }, 'status');
    await bad({ channels: [] }, 'channels');
    await bad({ channels: ['ctripManagement'] }, 'channels.0');
    await bad({ channels: ['winManagement', 'winManagement'] }, 'channels');
    await bad({ sold: 3 }, 'sold');
    expect400(await call('admin', 'POST', api.create, { name: '无价' }), 'price');
    // the message is in the caller's language
    const res = await call(
      'admin',
      'POST',
      api.create,
      { ...annual, validDays: null },
      { 'accept-language': 'en' },
    );
    expect(JSON.parse(res.body).msg).toContain('one of the two');

    // an edit is checked on the merged record
    const kind = await create();
    const edit = async (body: Record<string, unknown>, field: string) =>
      expect400(await call('admin', 'POST', api.update, { id: kind.id, ...body }), field);
    await edit({ validFrom: '2026-01-01', validTo: '2026-02-01' }, 'validDays');
    await edit({ validityType: 0 }, 'validDays');
    await edit({ productIds: [otherProductId] }, 'productIds');
    await edit({ channels: [] }, 'channels');
    expect400(await call('admin', 'POST', api.shelf, { ids: [kind.id], status: 0 }), 'status');
    expect400(await call('admin', 'POST', api.shelf, { ids: [], status: 1 }), 'ids');
  });

  it('answers 403 without the permission and 404 for another area’s kind', async () => {
    const kind = await create();
    expect((await call('staff', 'POST', api.page, {})).statusCode).toBe(403);
    expect((await call('staff', 'POST', api.export, {})).statusCode).toBe(403);
    expect((await call('staff', 'GET', `${api.query}?id=${kind.id}`)).statusCode).toBe(403);
    expect((await call('staff', 'POST', api.create, annual)).statusCode).toBe(403);
    expect((await call('staff', 'POST', api.update, { id: kind.id, name: 'x' })).statusCode).toBe(403);
    expect((await call('staff', 'POST', api.shelf, { ids: [kind.id], status: 1 })).statusCode).toBe(403);
    expect((await call('staff', 'GET', `${api.delete}?id=${kind.id}`)).statusCode).toBe(403);
    expect((await call('staff', 'GET', api.productOptions)).statusCode).toBe(403);
    // query only: staff may read but not change
    await t.grant('staff', ['admin:card:kind:query']);
    expect((await call('staff', 'POST', api.page, {})).statusCode).toBe(200);
    expect((await call('staff', 'POST', api.update, { id: kind.id, name: 'x' })).statusCode).toBe(403);

    expect((await call('yunling', 'GET', `${api.query}?id=${kind.id}`)).statusCode).toBe(404);
    expect((await call('yunling', 'POST', api.update, { id: kind.id, name: 'y' })).statusCode).toBe(404);
    expect((await call('yunling', 'POST', api.shelf, { ids: [kind.id], status: 1 })).statusCode).toBe(404);
    expect((await call('yunling', 'GET', `${api.delete}?id=${kind.id}`)).statusCode).toBe(404);
    // and a kind of its own cannot admit to this area's products
    expect400(
      await call('yunling', 'POST', api.create, { ...annual, productIds: [productId] }),
      'productIds',
    );
    expect((await data<CardKindRow>(call('admin', 'GET', `${api.query}?id=${kind.id}`))).name).toBe(
      annual.name,
    );
  });

  it('exports the filtered kinds as .xlsx in the caller’s language', async () => {
    const zh = expectXlsx(await call('admin', 'POST', api.export, { validityType: 1 }), '畅游卡种类');
    expect(zh).toContain('湖山年卡');
    expect(zh).toContain('激活后 365 天');
    expect(zh).toContain('每日 1 次，总次数不限');
    expect(zh).toContain('人工售票窗口、小程序、景区后台');
    expect(zh).not.toContain('永久会员卡');
    const en = expectXlsx(
      await call('admin', 'POST', api.export, { name: '节假日' }, { 'accept-language': 'en' }),
      'Travel card kinds',
    );
    expect(en).toContain('Blackout dates');
    expect(en).toMatch(/\d{4}-01-01 to \d{4}-12-31/);
    expect(en).toContain('any number a day, 20 in all');
  });
});
