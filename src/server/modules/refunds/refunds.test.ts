import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUND_RULE, REFUND_UNIT } from '../../../shared/dict/product.ts';
import type { Db } from '../../db/client.ts';
import { createTestApp, xlsxText, type TestApp } from '../../test/harness.ts';
import { callsAs } from '../../test/replies.ts';
import { dayFromNow, insertPaidOrder, insertRefundProduct } from './refunds.fixture.ts';
import { requestRefund } from './refunds.service.ts';
import { queryRows } from '../../db/rows.ts';

const B = '/web/api/admin/refundApply';
let t: TestApp;
let db: Db;
const tok: Record<string, string> = {};
let product: number;
let ylProduct: number;

const { call } = callsAs(() => t, tok);

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(db, query);

/** The audit actions of one target, oldest first (one row per staff write, the service's). */
async function auditActions(targetType: string, id: number) {
  const logged = await rows<{ action: string }>(
    sql`select action from audit_logs where target_type = ${targetType} and target_id = ${String(id)} order by id`,
  );
  return logged.map((r) => r.action);
}

async function ticketStatus(id: number) {
  const [row] = await rows<{ status: number }>(sql`select status from order_tickets where id = ${id}`);
  return Number(row!.status);
}

/** A paid order in area 1 with one open refund request per ticket. */
async function requested(prices = [10_000], extra: { phone?: string; clientId?: string } = {}) {
  const o = await insertPaidOrder(db, {
    scenicId: 1,
    productId: product,
    visitDate: dayFromNow(8),
    prices,
    ...(extra.phone ? { buyerPhone: extra.phone } : {}),
    ...(extra.clientId ? { clientId: extra.clientId } : {}),
  });
  const created = await requestRefund(db, {
    scenicId: 1,
    ticketIds: o.ticketIds,
    reason: '行程变更',
    requestedBy: 'weixinManagement',
  });
  return { ...o, requestIds: created.map((r) => r.id) };
}

beforeAll(async () => {
  t = await createTestApp({ loginRateLimit: 1000 });
  db = t.database.db;
  product = await insertRefundProduct(
    db,
    1,
    {
      refundRule: REFUND_RULE.conditional,
      refundDeadlineHours: 2,
      refundFeeUnit: REFUND_UNIT.yuan,
      refundFeeValue: 1_000,
    },
    '退票路由测试票',
  );
  ylProduct = await insertRefundProduct(db, 2, { refundRule: REFUND_RULE.anytime }, '云岭退票票');
  await t.grant('yunling', ['admin:refundApply:page', 'admin:refundApply:review', 'admin:order:refund']);
  for (const name of ['admin', 'staff', 'yunling']) tok[name] = (await t.login(name)).access_token;
});

afterAll(async () => {
  await t?.close();
});

describe('POST /web/api/admin/refundApply/page and export', () => {
  it('lists the area’s applications with order, product, fee and filters', async () => {
    const a = await requested([10_000], { phone: '13711112222' });
    const res = await call('admin', 'POST', `${B}/page`, { phone: '1111222', limit: 10 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.total).toBe(1);
    expect(res.json().data.rows[0]).toMatchObject({
      id: a.requestIds[0],
      orderNo: a.orderNo,
      productName: '退票路由测试票',
      ticketAmount: 10_000,
      fee: 1_000,
      refundAmount: 9_000,
      status: 1,
      ticketStatus: 202,
      requestedBy: 'weixinManagement',
    });
    const byOrder = await call('admin', 'POST', `${B}/page`, {
      orderNo: a.orderNo,
      status: 1,
      productId: product,
    });
    expect(byOrder.json().data.total).toBe(1);
    const none = await call('admin', 'POST', `${B}/page`, { orderNo: a.orderNo, status: 2 });
    expect(none.json().data.total).toBe(0);
    const sorted = await call('admin', 'POST', `${B}/page`, {
      sort: 'createTime',
      order: 'asc',
      createTimeFrom: new Date(Date.now() - 3_600_000).toISOString(),
    });
    expect(sorted.statusCode, sorted.body).toBe(200);
  });

  it('400 names the field; 403 without the permission', async () => {
    const bad = await call('admin', 'POST', `${B}/page`, { status: 9 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.field).toBe('status');
    const unknown = await call('admin', 'POST', `${B}/page`, { sort: 'fee' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().data.field).toBe('sort');
    expect((await call('staff', 'POST', `${B}/page`, {})).statusCode).toBe(403);
    expect((await call('staff', 'POST', `${B}/export`, {})).statusCode).toBe(403);
  });

  it('another area sees none of them', async () => {
    const a = await requested();
    const res = await call('yunling', 'POST', `${B}/page`, { orderNo: a.orderNo });
    expect(res.json().data.total).toBe(0);
    expect((await call('yunling', 'GET', `${B}/query?id=${a.requestIds[0]}`)).statusCode).toBe(404);
    expect((await call('yunling', 'POST', `${B}/approve`, { id: a.requestIds[0] })).statusCode).toBe(404);
    expect(
      (await call('yunling', 'POST', `${B}/reject`, { id: a.requestIds[0], reason: 'x' })).statusCode,
    ).toBe(404);
  });

  it('exports the filter as .xlsx in the request’s language', async () => {
    const a = await requested();
    const res = await call(
      'admin',
      'POST',
      `${B}/export`,
      { orderNo: a.orderNo },
      { 'accept-language': 'en' },
    );
    expect(res.statusCode).toBe(200);
    const text = xlsxText(res.rawPayload);
    expect(text).toContain(a.orderNo);
    expect(text).toContain('Pending review');
    expect(text).toContain('Refund amount');
  });
});

describe('query, approve, reject', () => {
  it('query answers the request with its order, ticket, rule, gate events and refunds', async () => {
    const a = await requested();
    const res = await call('admin', 'GET', `${B}/query?id=${a.requestIds[0]}`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.order).toMatchObject({ orderNo: a.orderNo, paidAmount: 10_000 });
    expect(data.ticket).toMatchObject({ id: a.ticketIds[0], price: 10_000, status: 202 });
    expect(data.rule).toMatchObject({ refundRule: 2, refundFeeValue: 1_000 });
    expect(data.gateEvents).toEqual([]);
    expect(data.refunds).toEqual([]);
    expect((await call('admin', 'GET', `${B}/query?id=abc`)).json().data.field).toBe('id');
  });

  it('approve: refunds the money, the request is approved and shows its refund', async () => {
    const a = await requested();
    expect((await call('staff', 'POST', `${B}/approve`, { id: a.requestIds[0] })).statusCode).toBe(403);
    const res = await call('admin', 'POST', `${B}/approve`, { id: a.requestIds[0] });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ id: a.requestIds[0], ticketStatus: 203 });
    const again = await call('admin', 'POST', `${B}/approve`, { id: a.requestIds[0] });
    expect(again.statusCode).toBe(409);
    const detail = (await call('admin', 'GET', `${B}/query?id=${a.requestIds[0]}`)).json().data;
    expect(detail.request).toMatchObject({ status: 2, reviewedBy: 'admin' });
    expect(detail.refunds).toEqual([expect.objectContaining({ amount: 9_000, status: 'external' })]);
    expect((await call('admin', 'POST', `${B}/approve`, {})).json().data.field).toBe('id');
    expect(await auditActions('refundRequest', a.requestIds[0]!)).toEqual(['refundRequest', 'refundApprove']);
  });

  it('reject needs a reason and restores the ticket', async () => {
    const a = await requested();
    const missing = await call('admin', 'POST', `${B}/reject`, { id: a.requestIds[0], reason: '  ' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().data.field).toBe('reason');
    expect(
      (await call('staff', 'POST', `${B}/reject`, { id: a.requestIds[0], reason: 'x' })).statusCode,
    ).toBe(403);
    const res = await call('admin', 'POST', `${B}/reject`, { id: a.requestIds[0], reason: '已使用' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await ticketStatus(a.ticketIds[0]!)).toBe(201);
    expect(
      (await call('admin', 'POST', `${B}/reject`, { id: a.requestIds[0], reason: 'x' })).statusCode,
    ).toBe(409);
    expect(await auditActions('refundRequest', a.requestIds[0]!)).toEqual(['refundRequest', 'refundReject']);
  });
});

describe('staff refund and markDone', () => {
  it('staffRefund (T20) with a reason; 400, 403, other area', async () => {
    const o = await insertPaidOrder(db, {
      scenicId: 1,
      productId: product,
      visitDate: dayFromNow(8),
      prices: [6_000, 4_000],
      payments: [{ provider: 'wechat', payWay: 2, amount: 10_000 }],
    });
    const body = { orderId: o.orderId, ticketIds: o.ticketIds, reason: '景区闭园' };
    expect((await call('staff', 'POST', '/web/api/admin/order/staffRefund', body)).statusCode).toBe(403);
    expect((await call('yunling', 'POST', '/web/api/admin/order/staffRefund', body)).statusCode).toBe(404);
    const noReason = await call('admin', 'POST', '/web/api/admin/order/staffRefund', { ...body, reason: '' });
    expect(noReason.json().data.field).toBe('reason');
    const noTickets = await call('admin', 'POST', '/web/api/admin/order/staffRefund', {
      ...body,
      ticketIds: [],
    });
    expect(noTickets.json().data.field).toBe('ticketIds');
    const res = await call('admin', 'POST', '/web/api/admin/order/staffRefund', body);
    expect(res.statusCode, res.body).toBe(200);
    const { refundIds } = res.json().data as { refundIds: number[] };
    expect(refundIds).toHaveLength(1);
    expect(await ticketStatus(o.ticketIds[0]!)).toBe(205);
    expect(await auditActions('ticketOrder', o.orderId)).toEqual(['staffRefund']);

    expect(
      (await call('staff', 'POST', '/web/api/admin/refund/markDone', { refundId: refundIds[0] })).statusCode,
    ).toBe(403);
    expect(
      (await call('yunling', 'POST', '/web/api/admin/refund/markDone', { refundId: refundIds[0] }))
        .statusCode,
    ).toBe(404);
    expect(
      (await call('admin', 'POST', '/web/api/admin/refund/markDone', { refundId: 'x' })).json().data.field,
    ).toBe('refundId');
    const done = await call('admin', 'POST', '/web/api/admin/refund/markDone', {
      refundId: refundIds[0],
      providerRefundId: 'wx-123',
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().data.refunded).toEqual(o.ticketIds);
    expect(await ticketStatus(o.ticketIds[1]!)).toBe(203);
    expect(await auditActions('refund', refundIds[0]!)).toEqual(['refundDone']);
    expect(
      (await call('admin', 'POST', '/web/api/admin/refund/markDone', { refundId: refundIds[0] })).statusCode,
    ).toBe(409);
  });
});

describe('GET /order/countRefundApply (docs/product.md §7)', () => {
  it('counts the open applications of the acting area; 0 without the permission', async () => {
    const before = (await call('admin', 'GET', '/order/countRefundApply')).json().data as number;
    await requested();
    const res = await call('admin', 'GET', '/order/countRefundApply');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toBe(before + 1);
    const staff = await call('staff', 'GET', '/order/countRefundApply');
    expect(staff.statusCode).toBe(200);
    expect(staff.json().data).toBe(0);
    expect((await call('yunling', 'GET', '/order/countRefundApply')).json().data).toBe(0);
    expect((await t.call(null, 'GET', '/order/countRefundApply')).statusCode).toBe(401);
  });
});

describe('client refund API (/api/open/refund)', () => {
  let clientToken: string;

  beforeAll(async () => {
    // an OTA's platform client (a client with no caller kind calls no client route: client-sweep.test.ts)
    clientToken = await t.clientToken('ctripManagement');
  });

  const open = (url: string, body: unknown, scenic = '1') =>
    t.call(clientToken, 'POST', url, body, { 'x-scenic-id': scenic });

  it('applies for the client’s own order, then withdraws', async () => {
    const o = await insertPaidOrder(db, {
      scenicId: 1,
      productId: product,
      visitDate: dayFromNow(8),
      prices: [10_000, 10_000],
      clientId: 'ctripManagement',
    });
    const res = await open('/api/open/refund/apply', {
      orderNo: o.orderNo,
      ticketIds: [o.ticketIds[0]],
      reason: '改期',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [request] = res.json().data as { id: number; fee: number; refundAmount: number }[];
    expect(request).toMatchObject({ fee: 1_000, refundAmount: 9_000 });
    expect(await ticketStatus(o.ticketIds[0]!)).toBe(202);
    const w = await open('/api/open/refund/withdraw', { requestId: request!.id });
    expect(w.statusCode, w.body).toBe(200);
    expect(await ticketStatus(o.ticketIds[0]!)).toBe(204);
    expect((await open('/api/open/refund/withdraw', { requestId: request!.id })).statusCode).toBe(409);
    // all refundable tickets when ticketIds is left out
    const all = await open('/api/open/refund/apply', { orderNo: o.orderNo });
    expect(all.statusCode, all.body).toBe(200);
    expect(all.json().data).toHaveLength(1);
  });

  it('400, another client’s order and another area: 404; a console token: 403', async () => {
    const bad = await open('/api/open/refund/apply', { orderNo: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data.field).toBe('orderNo');
    const theirs = await insertPaidOrder(db, {
      scenicId: 1,
      productId: product,
      visitDate: dayFromNow(8),
      prices: [5_000],
    });
    expect((await open('/api/open/refund/apply', { orderNo: theirs.orderNo })).statusCode).toBe(404);
    const yl = await insertPaidOrder(db, {
      scenicId: 2,
      productId: ylProduct,
      visitDate: dayFromNow(8),
      prices: [5_000],
      clientId: 'ctripManagement',
    });
    expect((await open('/api/open/refund/apply', { orderNo: yl.orderNo })).statusCode).toBe(404);
    expect((await open('/api/open/refund/apply', { orderNo: yl.orderNo }, '2')).statusCode).toBe(200);
    const other = await requested();
    expect((await open('/api/open/refund/withdraw', { requestId: other.requestIds[0] })).statusCode).toBe(
      404,
    );
    expect(
      (await call('admin', 'POST', '/api/open/refund/apply', { orderNo: theirs.orderNo })).statusCode,
    ).toBe(403);
  });
});
