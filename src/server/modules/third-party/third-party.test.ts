import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  thirdPartyApi,
  thirdPartyVoucherApi,
  type ThirdPartyRow,
  type TpVoucherRow,
} from '../../../shared/api/third-party.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { DEFAULT_TIME_ZONE, areaInstant } from '../../lib/area-clock.ts';
import { createTestApp, xlsxText, type TestApp } from '../../test/harness.ts';
import { demoAreas, type DemoAreas } from '../../test/areas.ts';
import { auditLogs } from '../audit/index.ts';
import { createTestProduct, createTestTicket } from '../checkin/checkin.fixture.ts';
import { gateEvents } from '../checkin/index.ts';
import { gates } from '../gates/index.ts';
import { otaChannels } from '../ota/index.ts';
import { orderTickets, ticketOrders } from '../orders/index.ts';
import { ticketProducts } from '../products/index.ts';
import { thirdPartyChannels, thirdPartyVouchers } from './third-party.table.ts';

let t: TestApp;
let db: Db;
const tok: Record<string, string> = {};
let { qsh, ylgz } = {} as DemoAreas;
const gate: Record<string, number> = {};
let ylGate: number;
let ylProduct: number;
let product: number;
let ctrip: number;
let gateToken: string;
const DAY = '2030-06-01';
const at = (time: string, day = DAY) => areaInstant(day, time, DEFAULT_TIME_ZONE);
const VALID = { validFrom: at('00:00').toISOString(), validTo: at('00:00', '2030-07-01').toISOString() };

const call = (who: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
  t.call(tok[who]!, method, url, body);

const scan = (value: string, extra: Record<string, unknown> = {}) =>
  t.call(
    gateToken,
    'POST',
    '/api/gate/scan',
    {
      gateId: gate['S-IN-01'],
      deviceId: 'gate-tp',
      nonce: crypto.randomBytes(8).toString('hex'),
      readMode: 1,
      value,
      scannedAt: at('10:00').toISOString(),
      ...extra,
    },
    { 'x-scenic-id': String(qsh) },
  );

async function createChannel(who: string, body: Record<string, unknown>) {
  const res = await call(who, 'POST', thirdPartyApi.create, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: ThirdPartyRow }>().data;
}

const codeListBody = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  buyChannel: 11,
  adapter: 'codeList',
  productId: product,
  codePrefix: 'QA',
  codePattern: 'QA\\d{6}',
  codeMinLength: 8,
  codeMaxLength: 8,
  gateIds: [gate['S-IN-01']],
  ...extra,
});

async function importCodes(channelId: number, codes: string[], valid = VALID) {
  const res = await call('admin', 'POST', thirdPartyVoucherApi.import, {
    channelId,
    codes: codes.join('\n'),
    ...valid,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { imported: number; skipped: { line: number; code: string; issue: string }[] } }>()
    .data;
}

const voucher = async (channelId: number, code: string) =>
  (
    await db
      .select()
      .from(thirdPartyVouchers)
      .where(and(eq(thirdPartyVouchers.channelId, channelId), eq(thirdPartyVouchers.code, code)))
  )[0]!;

beforeAll(async () => {
  t = await createTestApp({ loginRateLimit: 1000 });
  db = t.database.db;
  ({ qsh, ylgz } = await demoAreas(db));
  for (const g of await db.select().from(gates).where(eq(gates.scenicId, qsh))) gate[g.code] = g.id;
  [{ id: ylGate }] = (await db
    .insert(gates)
    .values({ scenicId: ylgz, code: 'TP-YL-IN', name: '古镇测试入口', gateType: 10 })
    .returning({ id: gates.id })) as [{ id: number }];
  ylProduct = (await db.select().from(ticketProducts).where(eq(ticketProducts.scenicId, ylgz)))[0]!.id;
  product = (await createTestProduct(db, qsh, { entryMode: 1 })).id;
  ctrip = (
    await db
      .select()
      .from(otaChannels)
      .where(and(eq(otaChannels.scenicId, qsh), eq(otaChannels.platform, 'ctrip')))
  )[0]!.id;
  await t.grant('yunling', ['admin:thirdParty:page', 'admin:thirdParty:update']);
  await t.grant('staff', ['admin:thirdParty:page']);
  for (const name of ['admin', 'staff', 'yunling']) tok[name] = (await t.login(name)).access_token;
  gateToken = (await t.deviceToken(qsh, 'handManagement')).token;
});
afterAll(() => t.close());

describe('channels', () => {
  it('creates, lists with gate names and counts, filters, sorts, exports and audits', async () => {
    const c = await createChannel('admin', codeListBody('测试门店A'));
    expect(c).toMatchObject({ adapter: 'codeList', productId: product, gates: [{ name: '南门入口' }] });
    await importCodes(c.id, ['QA000101', 'QA000102']);
    const page = await call('admin', 'POST', thirdPartyApi.page, {
      name: '测试门店A',
      adapter: 'codeList',
      status: 1,
    });
    expect(page.statusCode, page.body).toBe(200);
    const rows = page.json<{ data: { rows: ThirdPartyRow[]; total: number } }>().data.rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ vouchersUsed: 0, vouchersTotal: 2 });
    const sorted = await call('admin', 'POST', thirdPartyApi.page, {
      sort: 'name',
      order: 'asc',
      buyChannel: 11,
    });
    expect(sorted.json().data.rows.map((r: ThirdPartyRow) => r.buyChannel)).toEqual(
      expect.arrayContaining([11]),
    );
    const file = await call('admin', 'POST', thirdPartyApi.export, { name: '测试门店A' });
    expect(file.statusCode).toBe(200);
    expect(xlsxText(file.rawPayload)).toContain('测试门店A');
    const audit = await db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.targetType, 'thirdPartyChannel'), eq(auditLogs.targetId, String(c.id))));
    expect(audit.map((a) => a.action)).toContain('create');
  });

  it('refuses bad input naming the field', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [codeListBody('x1', { codePattern: 'QA(\\d' }), 'codePattern'],
      [codeListBody('x8', { codePattern: '(a+)+b' }), 'codePattern'],
      [codeListBody('x2', { productId: null }), 'productId'],
      [{ ...codeListBody('x3'), adapter: 'ota', productId: null }, 'otaChannelId'],
      [codeListBody('x4', { codeMinLength: 9, codeMaxLength: 8 }), 'codeMaxLength'],
      [codeListBody('x5', { buyChannel: 13 }), 'buyChannel'],
      [codeListBody('x6', { codePrefix: 'a b' }), 'codePrefix'],
      [codeListBody('x7', { otaChannelId: ctrip }), 'otaChannelId'],
    ];
    for (const [body, field] of cases) {
      const res = await call('admin', 'POST', thirdPartyApi.create, body);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(res.json().data.field).toBe(field);
    }
    const filter = await call('admin', 'POST', thirdPartyApi.page, { adapter: 'sms' });
    expect(filter.json().data.field).toBe('adapter');
    expect((await db.select().from(thirdPartyChannels).where(eq(thirdPartyChannels.name, 'x1'))).length).toBe(
      0,
    );
  });

  it("refuses another area's gates, product and OTA channel, and hides another area's channels", async () => {
    for (const [patch, field] of [
      [{ gateIds: [ylGate] }, 'gateIds'],
      [{ productId: ylProduct }, 'productId'],
    ] as const) {
      const res = await call('admin', 'POST', thirdPartyApi.create, codeListBody('foreign', patch));
      expect(res.statusCode).toBe(400);
      expect(res.json().data.field).toBe(field);
    }
    const theirs = await createChannel('yunling', {
      ...codeListBody('古镇测试渠道', { productId: ylProduct, gateIds: [ylGate] }),
    });
    const viaOta = await call('yunling', 'POST', thirdPartyApi.create, {
      name: 'ota foreign',
      buyChannel: 16,
      adapter: 'ota',
      otaChannelId: ctrip,
    });
    expect(viaOta.json().data.field).toBe('otaChannelId');
    expect((await call('admin', 'GET', `${thirdPartyApi.query}?id=${theirs.id}`)).statusCode).toBe(404);
    expect((await call('admin', 'POST', thirdPartyApi.update, { id: theirs.id, name: 'x' })).statusCode).toBe(
      404,
    );
    expect((await call('admin', 'GET', `${thirdPartyApi.delete}?id=${theirs.id}`)).statusCode).toBe(404);
    const mine = await call('admin', 'POST', thirdPartyApi.page, { name: '古镇测试渠道' });
    expect(mine.json().data.total).toBe(0);
    const imp = await call('admin', 'POST', thirdPartyVoucherApi.import, {
      channelId: theirs.id,
      codes: 'QA000001',
      ...VALID,
    });
    expect(imp.statusCode).toBe(404);
    const list = await call('admin', 'POST', thirdPartyVoucherApi.page, { channelId: theirs.id });
    expect(list.json().data.total).toBe(0);
  });

  it('refuses callers without the permission (403)', async () => {
    const [c] = await db.select().from(thirdPartyChannels).where(eq(thirdPartyChannels.scenicId, qsh));
    expect((await call('staff', 'POST', thirdPartyApi.page, {})).statusCode).toBe(200);
    expect((await call('staff', 'POST', thirdPartyApi.create, codeListBody('nope'))).statusCode).toBe(403);
    expect((await call('staff', 'POST', thirdPartyApi.update, { id: c!.id, name: 'x' })).statusCode).toBe(
      403,
    );
    expect((await call('staff', 'POST', thirdPartyApi.status, { ids: [c!.id], status: 2 })).statusCode).toBe(
      403,
    );
    expect((await call('staff', 'GET', `${thirdPartyApi.delete}?id=${c!.id}`)).statusCode).toBe(403);
    expect(
      (await call('staff', 'POST', thirdPartyVoucherApi.import, { channelId: c!.id, codes: 'x', ...VALID }))
        .statusCode,
    ).toBe(403);
    expect(
      (await call('staff', 'POST', thirdPartyVoucherApi.void, { channelId: c!.id, ids: [1] })).statusCode,
    ).toBe(403);
    const yl = await t.login('yunling');
    expect(yl.access_token).toBeTruthy();
    const none = await t.call(null, 'POST', thirdPartyApi.page, {});
    expect(none.statusCode).toBe(401);
  });

  it('updates (rules checked on the merged record), disables, and deletes only while no voucher is used', async () => {
    const c = await createChannel(
      'admin',
      codeListBody('测试门店B', { codePrefix: 'QB', codePattern: 'QB\\d{6}' }),
    );
    const bad = await call('admin', 'POST', thirdPartyApi.update, { id: c.id, codeMinLength: 20 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.field).toBe('codeMaxLength');
    const wrongKind = await call('admin', 'POST', thirdPartyApi.update, { id: c.id, otaChannelId: ctrip });
    expect(wrongKind.json().data.field).toBe('otaChannelId');
    const up = await call('admin', 'POST', thirdPartyApi.update, {
      id: c.id,
      gateIds: [gate['S-IN-01'], gate['N-IN-01']],
    });
    expect(up.statusCode, up.body).toBe(200);
    const st = await call('admin', 'POST', thirdPartyApi.status, { ids: [c.id], status: 2 });
    expect(st.statusCode, st.body).toBe(200);
    const q = await call('admin', 'GET', `${thirdPartyApi.query}?id=${c.id}`);
    expect(q.json().data).toMatchObject({ status: 2, gateIds: [gate['S-IN-01'], gate['N-IN-01']] });
    await importCodes(c.id, ['QB000001']);
    await db
      .update(thirdPartyVouchers)
      .set({ status: 'used', usedAt: new Date(), gateId: gate['S-IN-01'] })
      .where(eq(thirdPartyVouchers.channelId, c.id));
    const del = await call('admin', 'GET', `${thirdPartyApi.delete}?id=${c.id}`);
    expect(del.statusCode).toBe(409);
    const other = await createChannel(
      'admin',
      codeListBody('测试门店C', { codePrefix: 'QC', codePattern: '' }),
    );
    await importCodes(other.id, ['QC000001']);
    expect((await call('admin', 'GET', `${thirdPartyApi.delete}?id=${other.id}`)).statusCode).toBe(200);
    expect(
      (await db.select().from(thirdPartyVouchers).where(eq(thirdPartyVouchers.channelId, other.id))).length,
    ).toBe(0);
  });
});

describe('vouchers', () => {
  let channelId: number;
  beforeAll(async () => {
    channelId = (
      await createChannel('admin', codeListBody('券码渠道', { codePrefix: 'QV', codePattern: 'QV\\d{6}' }))
    ).id;
  });

  it('imports pasted codes, reporting invalid format, repeats and codes already imported by line', async () => {
    const first = await importCodes(channelId, ['QV000001', 'QV000002']);
    expect(first).toEqual({ imported: 2, skipped: [] });
    const second = await importCodes(channelId, [
      'QV000003',
      '',
      'bad',
      'QV000003',
      'QV000001',
      '  QV000004  ',
    ]);
    expect(second.imported).toBe(2);
    expect(second.skipped).toEqual([
      { line: 3, code: 'bad', issue: 'format' },
      { line: 4, code: 'QV000003', issue: 'duplicate' },
      { line: 5, code: 'QV000001', issue: 'exists' },
    ]);
    const many = await call('admin', 'POST', thirdPartyVoucherApi.import, {
      channelId,
      codes: Array.from({ length: 5001 }, (_, i) => `QV${String(100000 + i)}`).join('\n'),
      ...VALID,
    });
    expect(many.statusCode).toBe(400);
    expect(many.json().data.field).toBe('codes');
    const range = await call('admin', 'POST', thirdPartyVoucherApi.import, {
      channelId,
      codes: 'QV000009',
      validFrom: VALID.validTo,
      validTo: VALID.validFrom,
    });
    expect(range.json().data.field).toBe('validTo');
  });

  it('lists with filters, exports, and voids unused vouchers only (all or none)', async () => {
    const page = await call('admin', 'POST', thirdPartyVoucherApi.page, {
      channelId,
      code: 'QV00000',
      status: 'unused',
    });
    expect(page.statusCode, page.body).toBe(200);
    const rows = page.json<{ data: { rows: TpVoucherRow[]; total: number } }>().data.rows;
    expect(rows.map((r) => r.code).sort()).toEqual(['QV000001', 'QV000002', 'QV000003', 'QV000004']);
    const outside = await call('admin', 'POST', thirdPartyVoucherApi.page, {
      channelId,
      validFrom: at('00:00', '2030-08-01').toISOString(),
    });
    expect(outside.json().data.total).toBe(0);
    const bad = await call('admin', 'POST', thirdPartyVoucherApi.page, { channelId, status: 'lost' });
    expect(bad.json().data.field).toBe('status');
    const file = await call('admin', 'POST', thirdPartyVoucherApi.export, { channelId });
    expect(file.statusCode, file.body).toBe(200);
    expect(xlsxText(file.rawPayload)).toContain('QV000004');
    const used = await voucher(channelId, 'QV000002');
    await db
      .update(thirdPartyVouchers)
      .set({ status: 'used', usedAt: new Date(), gateId: gate['S-IN-01'] })
      .where(eq(thirdPartyVouchers.id, used.id));
    const one = await voucher(channelId, 'QV000001');
    const refused = await call('admin', 'POST', thirdPartyVoucherApi.void, {
      channelId,
      ids: [one.id, used.id],
    });
    expect(refused.statusCode).toBe(409);
    expect((await voucher(channelId, 'QV000001')).status).toBe('unused');
    const done = await call('admin', 'POST', thirdPartyVoucherApi.void, { channelId, ids: [one.id] });
    expect(done.statusCode, done.body).toBe(200);
    expect((await voucher(channelId, 'QV000001')).status).toBe('void');
    const audit = await db.select().from(auditLogs).where(eq(auditLogs.targetType, 'thirdPartyVoucher'));
    expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['import', 'void']));
  });

  it('verify answers what a gate would do, redeeming nothing', async () => {
    const v = (code: string, extra: Record<string, unknown> = {}) =>
      call('admin', 'POST', thirdPartyApi.verify, { code, at: at('10:00').toISOString(), ...extra });
    expect((await v('QV000003', { gateId: gate['S-IN-01'] })).json().data).toMatchObject({
      outcome: 'redeemVoucher',
      channelId,
      voucher: { status: 'unused' },
    });
    expect((await v('QV000003', { gateId: gate['N-IN-01'] })).json().data).toMatchObject({
      outcome: 'refused',
      reason: 'wrongGate',
    });
    expect((await v('QV000001')).json().data).toMatchObject({ reason: 'voucherVoid' });
    expect((await v('QV000002')).json().data).toMatchObject({ reason: 'voucherUsed' });
    expect((await v('QV999999')).json().data).toMatchObject({ reason: 'voucherUnknown' });
    expect((await v('nothing-like-it')).json().data).toMatchObject({ outcome: 'noMatch', channelId: null });
    expect((await v('QV000003', { at: at('10:00', '2030-08-01').toISOString() })).json().data.reason).toBe(
      'voucherExpired',
    );
    expect((await voucher(channelId, 'QV000003')).status).toBe('unused');
    const foreign = await v('QV000003', { gateId: ylGate });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().data.field).toBe('gateId');
    expect((await call('admin', 'POST', thirdPartyApi.verify, { code: '' })).json().data.field).toBe('code');
    expect((await call('staff', 'POST', thirdPartyApi.verify, { code: 'QV000003' })).statusCode).toBe(200);
  });
});

describe('at the gate: POST /api/gate/scan', () => {
  let channelId: number;
  beforeAll(async () => {
    channelId = (
      await createChannel('admin', codeListBody('闸机渠道', { codePrefix: 'QG', codePattern: 'QG\\d{6}' }))
    ).id;
    await importCodes(channelId, ['QG000001', 'QG000002', 'QG000003', 'QG000004']);
  });

  it('admits a voucher once and records the gate event; a second read is refused voucherUsed', async () => {
    const first = await scan('QG000001');
    expect(first.statusCode, first.body).toBe(200);
    const answer = first.json().data;
    expect(answer).toMatchObject({
      allowed: true,
      applied: true,
      event: { entryType: 1, direction: 'entry' },
    });
    const v = await voucher(channelId, 'QG000001');
    expect(v).toMatchObject({ status: 'used', gateId: gate['S-IN-01'], gateEventId: answer.event.id });
    expect(v.usedAt?.toISOString()).toBe(at('10:00').toISOString());
    const again = await scan('QG000001', { scannedAt: at('10:05').toISOString() });
    expect(again.json().data).toMatchObject({
      allowed: false,
      reason: 'voucherUsed',
      event: { entryType: 1 },
    });
  });

  it('answers a retried nonce with the first answer, without a second event', async () => {
    const nonce = crypto.randomBytes(8).toString('hex');
    const first = await scan('QG000004', { nonce });
    const again = await scan('QG000004', { nonce });
    expect(again.json().data).toMatchObject({
      allowed: true,
      duplicate: true,
      event: { id: first.json().data.event.id },
    });
    const events = await db
      .select()
      .from(gateEvents)
      .where(and(eq(gateEvents.id, first.json().data.event.id), eq(gateEvents.nonce, nonce)));
    expect(events).toHaveLength(1);
    // the scan's device is the caller's own client, whatever deviceId the body names
    expect(events[0]!.deviceId).toMatch(/^termT/);
    const all = await db.select().from(gateEvents).where(eq(gateEvents.nonce, nonce));
    expect(all).toHaveLength(1);
  });

  it('refuses a gate that does not accept the channel, and outside the validity', async () => {
    expect((await scan('QG000002', { gateId: gate['N-IN-01'] })).json().data).toMatchObject({
      allowed: false,
      reason: 'wrongGate',
    });
    expect(
      (await scan('QG000002', { scannedAt: at('10:00', '2030-07-02').toISOString() })).json().data,
    ).toMatchObject({
      allowed: false,
      reason: 'voucherExpired',
    });
    expect((await voucher(channelId, 'QG000002')).status).toBe('unused');
  });

  it('refuses an unknown code of a matching format, and leaves other codes to the usual path', async () => {
    expect((await scan('QG999999')).json().data).toMatchObject({ allowed: false, reason: 'voucherUnknown' });
    expect((await scan('no-such-code')).json().data).toMatchObject({ allowed: false, reason: 'unknown' });
    const tk = await createTestTicket(db, { scenicId: qsh, productId: product, visitDate: DAY });
    expect((await scan(tk.code!)).json().data).toMatchObject({ allowed: true });
    await call('admin', 'POST', thirdPartyApi.status, { ids: [channelId], status: 2 });
    expect((await scan('QG000003')).json().data).toMatchObject({ allowed: false, reason: 'unknown' });
    await call('admin', 'POST', thirdPartyApi.status, { ids: [channelId], status: 1 });
  });

  it("admits a ticket of the platform's order for an OTA channel's code", async () => {
    await createChannel('admin', {
      name: '携程核销',
      buyChannel: 16,
      adapter: 'ota',
      otaChannelId: ctrip,
      codePrefix: 'CT',
      codeMinLength: 10,
      codeMaxLength: 20,
      gateIds: [gate['S-IN-01'], gate['S-OUT-01']],
    });
    const tk = await createTestTicket(db, {
      scenicId: qsh,
      productId: product,
      visitDate: DAY,
      visitorName: '王五',
    });
    await db
      .update(ticketOrders)
      .set({ clientId: 'ctripManagement', channel: 16, externalNo: 'CT2030060101' })
      .where(eq(ticketOrders.id, tk.orderId));
    const res = await scan('CT2030060101');
    expect(res.json().data).toMatchObject({
      allowed: true,
      applied: true,
      event: { ticketId: tk.id, orderId: tk.orderId, entryType: 1 },
    });
    const [row] = await db.select().from(orderTickets).where(eq(orderTickets.id, tk.id));
    expect(row!.status).toBe(302);
    expect((await scan('CT2030060101', { scannedAt: at('10:01').toISOString() })).json().data).toMatchObject({
      allowed: false,
      reason: 'alreadyInside',
    });
    expect(
      (await scan('CT2030060101', { gateId: gate['S-OUT-01'], scannedAt: at('12:00').toISOString() })).json()
        .data,
    ).toMatchObject({ allowed: true, event: { direction: 'exit' } });
    expect((await scan('CT2030069999')).json().data).toMatchObject({ reason: 'voucherUnknown' });
    expect((await scan('CT2030060101', { gateId: gate['N-IN-01'] })).json().data).toMatchObject({
      reason: 'wrongGate',
    });
    const verified = await call('admin', 'POST', thirdPartyApi.verify, { code: 'CT2030060101' });
    expect(verified.json().data).toMatchObject({ outcome: 'admitTickets', tickets: [{ id: tk.id }] });
  });
});

describe('demo data', () => {
  it('has the meituan and store channels in QSH, used vouchers with their gate events, and YLGZ a channel', async () => {
    const channels = await db.select().from(thirdPartyChannels);
    expect(channels.some((c) => c.scenicId === qsh && c.adapter === 'ota' && c.buyChannel === 17)).toBe(true);
    const store = channels.find(
      (c) => c.scenicId === qsh && c.buyChannel === 11 && c.name === '湖滨旅行社门店',
    )!;
    expect(channels.some((c) => c.scenicId === ylgz && c.adapter === 'codeList')).toBe(true);
    const [counts] = await queryRows<{ total: number; used: number; events: number }>(
      db,
      sql`select count(*)::int as total, count(*) filter (where v.status = 'used')::int as used,
        count(e.id) filter (where e.gate_id = v.gate_id and e.result = 'ok')::int as events
        from third_party_vouchers v left join gate_events e on e.id = v.gate_event_id
        where v.channel_id = ${store.id}`,
    );
    expect(counts).toEqual({ total: 200, used: 24, events: 24 });
  });
});
