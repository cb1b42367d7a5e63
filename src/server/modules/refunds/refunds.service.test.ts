import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUND_RULE, REFUND_UNIT } from '../../../shared/dict/product.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { dayFromNow, insertPaidOrder, insertRefundProduct, soldOn } from './refunds.fixture.ts';
import {
  approveRefundRequest,
  countPendingRefundRequests,
  markRefundDone,
  refundDeadline,
  refundFee,
  rejectRefundRequest,
  requestRefund,
  staffRefund,
  withdrawRefundRequest,
} from './refunds.service.ts';
import { queryRows } from '../../db/rows.ts';

let t: TestApp;
let db: Db;
let anytime: number;
let conditional: number;
let none: number;
let adminId: number;
let staffId: number;

const rows = <T>(query: ReturnType<typeof sql>) => queryRows<T>(db, query);

async function ticket(id: number) {
  const [row] = await rows<{ status: number; code: string | null }>(
    sql`select status, code from order_tickets where id = ${id}`,
  );
  return { status: Number(row!.status), code: row!.code };
}

async function order(id: number) {
  const [row] = await rows<{ status: number; refunded_amount: number }>(
    sql`select status, refunded_amount from ticket_orders where id = ${id}`,
  );
  return { status: Number(row!.status), refundedAmount: Number(row!.refunded_amount) };
}

async function refundsOf(orderId: number) {
  return (
    await rows<{ id: number; payment_id: number; amount: number; status: string }>(
      sql`select id, payment_id, amount, status from refunds where order_id = ${orderId} order by id`,
    )
  ).map((r) => ({
    id: Number(r.id),
    paymentId: Number(r.payment_id),
    amount: Number(r.amount),
    status: r.status,
  }));
}

async function expect409(promise: Promise<unknown>, key: string) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).statusCode).toBe(409);
  expect((error as AppError).msgKey).toBe(key);
}

const ask = (ticketIds: number[], extra: { adminId?: number; now?: Date } = {}) =>
  requestRefund(db, { scenicId: 1, ticketIds, reason: '行程变更', requestedBy: 'mini', ...extra });
/** A paid order of area 1 (one offline payment of the total unless `payments` says otherwise). */
const paid = (
  productId: number,
  visitDate: string,
  prices = [5_000],
  payments?: { provider: string; payWay: number; amount: number }[],
) => insertPaidOrder(db, { scenicId: 1, productId, visitDate, prices, payments });
const approve = (requestId: number, by = adminId) =>
  approveRefundRequest(db, { scenicId: 1, requestId, adminId: by });
const withdraw = (requestId: number) => withdrawRefundRequest(db, { scenicId: 1, requestId });
const refundByStaff = (orderId: number, ticketIds: number[], reason = 'x') =>
  staffRefund(db, { scenicId: 1, orderId, ticketIds, reason, adminId });
const setTicketStatus = (id: number, status: number) =>
  db.execute(sql`update order_tickets set status = ${status} where id = ${id}`);

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  anytime = await insertRefundProduct(db, 1, { refundRule: REFUND_RULE.anytime });
  conditional = await insertRefundProduct(db, 1, {
    refundRule: REFUND_RULE.conditional,
    refundDeadlineHours: 24,
    refundFeeUnit: REFUND_UNIT.percent,
    refundFeeValue: 15,
  });
  none = await insertRefundProduct(db, 1, { refundRule: REFUND_RULE.none });
  const admins = await rows<{ id: number; username: string }>(sql`select id, username from admins`);
  adminId = Number(admins.find((a) => a.username === 'admin')!.id);
  staffId = Number(admins.find((a) => a.username === 'staff')!.id);
});

afterAll(async () => {
  await t?.close();
});

describe('refund fee and deadline', () => {
  const rule = (refundRule: number, refundFeeUnit: number, refundFeeValue: number) => ({
    refundRule,
    refundDeadlineHours: 0,
    refundFeeUnit,
    refundFeeValue,
  });

  it('yuan: the fee in cents, at most the price', () => {
    expect(refundFee(10_000, rule(REFUND_RULE.conditional, REFUND_UNIT.yuan, 500))).toBe(500);
    expect(refundFee(300, rule(REFUND_RULE.conditional, REFUND_UNIT.yuan, 500))).toBe(300);
  });

  it('percent: price × pct / 100 rounded half up', () => {
    expect(refundFee(10_000, rule(REFUND_RULE.conditional, REFUND_UNIT.percent, 15))).toBe(1500);
    // 1_250 × 10 % = 125 exactly; 1_245 × 10 % = 124.5 → 125; 1_244 × 10 % = 124.4 → 124
    expect(refundFee(1_245, rule(REFUND_RULE.conditional, REFUND_UNIT.percent, 10))).toBe(125);
    expect(refundFee(1_244, rule(REFUND_RULE.conditional, REFUND_UNIT.percent, 10))).toBe(124);
    expect(refundFee(999, rule(REFUND_RULE.conditional, REFUND_UNIT.percent, 100))).toBe(999);
  });

  it('anytime: no fee; non-refundable: 409', () => {
    expect(refundFee(10_000, rule(REFUND_RULE.anytime, REFUND_UNIT.yuan, 500))).toBe(0);
    expect(() => refundFee(10_000, rule(REFUND_RULE.none, REFUND_UNIT.yuan, 0))).toThrow(AppError);
  });

  it("the deadline is N hours before 00:00 of the visit date on the area's clock", () => {
    const deadline = refundDeadline('2030-05-10', 24, 'Asia/Shanghai');
    expect(deadline.toISOString()).toBe('2030-05-08T16:00:00.000Z');
    expect(refundDeadline('2030-05-10', 0, 'Asia/Shanghai').toISOString()).toBe('2030-05-09T16:00:00.000Z');
    // an area in New York (summer time, UTC-4): midnight there is 04:00 UTC
    expect(refundDeadline('2030-05-10', 0, 'America/New_York').toISOString()).toBe(
      '2030-05-10T04:00:00.000Z',
    );
  });
});

describe('refund requests (T15, T18, T19)', () => {
  it('T15: the ticket goes to 202 with the fee frozen and the status before kept', async () => {
    const o = await paid(conditional, dayFromNow(10), [8_000]);
    const [request] = await ask(o.ticketIds);
    expect(request).toMatchObject({
      status: 1,
      statusBeforeRefund: 201,
      ticketAmount: 8_000,
      fee: 1_200,
      refundAmount: 6_800,
    });
    expect((await ticket(o.ticketIds[0]!)).status).toBe(202);
    expect((await order(o.orderId)).status).toBe(202);
    // a second request while one is open: 409
    await expect409(ask(o.ticketIds), 'transitionNotAllowed');
    // the product's fee changes later: the request keeps its frozen fee
    await db.execute(sql`update ticket_products set refund_fee_value = 50 where id = ${conditional}`);
    const [stored] = await rows<{ fee: number }>(
      sql`select fee from refund_requests where id = ${request!.id}`,
    );
    expect(Number(stored!.fee)).toBe(1_200);
    await db.execute(sql`update ticket_products set refund_fee_value = 15 where id = ${conditional}`);
  });

  it('guards: non-refundable, deadline, gate event, expired (no after-expiry policy)', async () => {
    const n = await paid(none, dayFromNow(5));
    await expect409(ask(n.ticketIds), 'refundNotAllowed');

    const c = await paid(conditional, dayFromNow(5));
    const deadline = refundDeadline(dayFromNow(5), 24, 'Asia/Shanghai');
    await expect409(ask(c.ticketIds, { now: new Date(deadline.getTime() + 1000) }), 'refundDeadlinePassed');
    // at the deadline itself: still in time
    await ask(c.ticketIds, { now: deadline });

    const g = await paid(anytime, dayFromNow(0));
    const [gate] = await rows<{ id: number }>(sql`select id from gates where scenic_id = 1 limit 1`);
    await db.execute(
      sql`insert into gate_events (scenic_id, gate_id, device_id, nonce, direction, read_mode, ticket_id, result, scanned_at)
          values (1, ${gate!.id}, 'dev', ${`n${g.ticketIds[0]}`}, 'entry', 1, ${g.ticketIds[0]}, 'ok', now())`,
    );
    await expect409(ask(g.ticketIds), 'refundAfterEntry');

    const e = await paid(anytime, dayFromNow(-3));
    await setTicketStatus(e.ticketIds[0]!, 501);
    await expect409(ask(e.ticketIds), 'refundExpired');
  });

  it('all or none: one bad ticket refuses the whole request', async () => {
    const o = await paid(anytime, dayFromNow(3), [5_000, 5_000]);
    await setTicketStatus(o.ticketIds[1]!, 302);
    await expect409(ask(o.ticketIds), 'transitionNotAllowed');
    expect((await ticket(o.ticketIds[0]!)).status).toBe(201);
  });

  it('T18 withdraw → 204, T19 asks again, the cap stops the fourth request', async () => {
    const o = await paid(anytime, dayFromNow(7));
    await setTicketStatus(o.ticketIds[0]!, 301);
    for (let i = 0; i < 3; i++) {
      const [r] = await ask(o.ticketIds);
      expect(r!.statusBeforeRefund).toBe(301);
      const w = await withdraw(r!.id);
      expect(w.status).toBe(4);
      expect((await ticket(o.ticketIds[0]!)).status).toBe(204);
      // withdrawn twice: 409
      await expect409(withdraw(r!.id), 'refundRequestClosed');
    }
    await expect409(ask(o.ticketIds), 'refundRequestCap');
  });

  it('reject restores the status before the request (301 stays 301)', async () => {
    const o = await paid(anytime, dayFromNow(7));
    await setTicketStatus(o.ticketIds[0]!, 301);
    const [r] = await ask(o.ticketIds);
    const rejected = await rejectRefundRequest(db, {
      scenicId: 1,
      requestId: r!.id,
      adminId,
      reason: '已过截止',
    });
    expect(rejected.status).toBe(3);
    expect((await ticket(o.ticketIds[0]!)).status).toBe(301);
    expect((await order(o.orderId)).status).toBe(301);
    await expect409(approve(r!.id), 'refundRequestClosed');
  });

  it('another area cannot see or act on the request', async () => {
    const o = await paid(anytime, dayFromNow(7));
    const [r] = await ask(o.ticketIds);
    await expect(approveRefundRequest(db, { scenicId: 2, requestId: r!.id, adminId })).rejects.toMatchObject({
      statusCode: 404,
    });
    await expect(
      requestRefund(db, { scenicId: 2, ticketIds: o.ticketIds, reason: '', requestedBy: 'x' }),
    ).rejects.toMatchObject({ statusCode: 404 });
    expect(await countPendingRefundRequests(db, 2)).toBe(0);
    expect(await countPendingRefundRequests(db, 1)).toBeGreaterThan(0);
  });
});

describe('approval and refunds (T17, T20, T21, T22)', () => {
  it('offline payment: refunded outside at once, the ticket goes on to 203, stock comes back', async () => {
    const day = dayFromNow(12);
    const o = await paid(conditional, day, [10_000, 10_000]);
    const soldBefore = await soldOn(db, conditional, day);
    const [r] = await ask([o.ticketIds[0]!]);
    const result = await approve(r!.id);
    expect(result.ticketStatus).toBe(203);
    expect(result.refunds).toEqual([expect.objectContaining({ amount: 8_500, status: 'external' })]);
    const tk = await ticket(o.ticketIds[0]!);
    expect(tk).toEqual({ status: 203, code: null });
    expect(await soldOn(db, conditional, day)).toBe(soldBefore - 1);
    expect(await order(o.orderId)).toEqual({ status: 201, refundedAmount: 8_500 });
    // approved twice: 409, no second refund
    await expect409(approve(r!.id), 'refundRequestClosed');
    expect(await refundsOf(o.orderId)).toHaveLength(1);
    // every forbidden move from 203 is a 409
    await expect409(ask([o.ticketIds[0]!]), 'transitionNotAllowed');
    await expect409(refundByStaff(o.orderId, [o.ticketIds[0]!]), 'transitionNotAllowed');
  });

  it('the reviewer may not be the account that asked', async () => {
    const o = await paid(anytime, dayFromNow(9));
    const [r] = await requestRefund(db, {
      scenicId: 1,
      ticketIds: o.ticketIds,
      reason: '',
      requestedBy: 'staff',
      adminId: staffId,
    });
    await expect409(approve(r!.id, staffId), 'reviewerIsRequester');
    expect((await ticket(o.ticketIds[0]!)).status).toBe(202);
    await approve(r!.id);
  });

  it('online payment: the ticket waits in 205 until the refund is done; a failure changes no status', async () => {
    const o = await paid(anytime, dayFromNow(9), [5_000], [{ provider: 'wechat', payWay: 2, amount: 5_000 }]);
    const [r] = await ask(o.ticketIds);
    const result = await approve(r!.id);
    expect(result.ticketStatus).toBe(205);
    const [refund] = result.refunds;
    expect(refund).toMatchObject({ amount: 5_000, status: 'created' });
    // T22
    await markRefundDone(db, { scenicId: 1, refundId: refund!.id, failed: true });
    expect((await ticket(o.ticketIds[0]!)).status).toBe(205);
    // markDone in another area: invisible
    await expect(markRefundDone(db, { scenicId: 2, refundId: refund!.id })).rejects.toMatchObject({
      statusCode: 404,
    });
    // T21 after a manual retry
    const done = await markRefundDone(db, { scenicId: 1, refundId: refund!.id, providerRefundId: 'wx-r-1' });
    expect(done.refunded).toEqual([o.ticketIds[0]]);
    expect((await ticket(o.ticketIds[0]!)).status).toBe(203);
    const [payment] = await rows<{ status: string; refunded_amount: number }>(
      sql`select status, refunded_amount from payments where id = ${o.paymentIds[0]}`,
    );
    expect(payment).toMatchObject({ status: 'refunded', refunded_amount: 5_000 });
    await expect409(markRefundDone(db, { scenicId: 1, refundId: refund!.id }), 'refundNotPending');
    // withdraw after approval: 409
    await expect409(withdraw(r!.id), 'refundRequestClosed');
  });

  it('one refund is split over two payments, the largest remaining first', async () => {
    const o = await paid(
      anytime,
      dayFromNow(9),
      [5_000, 5_000],
      [
        { provider: 'offline', payWay: 1, amount: 4_000 },
        { provider: 'alipay', payWay: 3, amount: 6_000 },
      ],
    );
    // the first ticket: all 5,000 from the larger payment (6,000)
    const [r] = await ask([o.ticketIds[0]!]);
    const first = await approve(r!.id);
    expect(first.refunds).toEqual([
      expect.objectContaining({ paymentId: o.paymentIds[1], amount: 5_000, status: 'created' }),
    ]);
    // the second, by staff (T20): 4,000 offline (now the largest) + 1,000 online
    const second = await refundByStaff(o.orderId, [o.ticketIds[1]!], '景区临时闭园');
    expect(second.refunds.map((x) => [x.paymentId, x.amount, x.status])).toEqual([
      [o.paymentIds[0], 4_000, 'external'],
      [o.paymentIds[1], 1_000, 'created'],
    ]);
    expect((await ticket(o.ticketIds[1]!)).status).toBe(205);
    expect(await order(o.orderId)).toEqual({ status: 205, refundedAmount: 10_000 });
    const payments = await rows<{ refunded_amount: number; amount: number }>(
      sql`select amount, refunded_amount from payments where order_id = ${o.orderId} order by id`,
    );
    expect(payments.map((p) => Number(p.refunded_amount))).toEqual([4_000, 6_000]);
    // nothing left to refund: a further staff refund of a refunded ticket is refused
    await expect409(refundByStaff(o.orderId, [o.ticketIds[1]!]), 'transitionNotAllowed');
    for (const refund of (await refundsOf(o.orderId)).filter((x) => x.status === 'created'))
      await markRefundDone(db, { scenicId: 1, refundId: refund.id });
    expect(await order(o.orderId)).toEqual({ status: 203, refundedAmount: 10_000 });
  });

  it('staff refund: ticket of another order is 404; withdrawn tickets go by T19', async () => {
    const o = await paid(anytime, dayFromNow(9));
    const other = await paid(anytime, dayFromNow(9));
    await expect(refundByStaff(o.orderId, other.ticketIds)).rejects.toMatchObject({ statusCode: 404 });
    const [r] = await ask(o.ticketIds);
    await withdraw(r!.id);
    const result = await refundByStaff(o.orderId, o.ticketIds);
    expect(result.refunded).toEqual(o.ticketIds);
    expect((await ticket(o.ticketIds[0]!)).status).toBe(203);
  });

  it('every change is audited', async () => {
    const actions = await rows<{ action: string }>(
      sql`select distinct action from audit_logs where module = 'orders' order by action`,
    );
    expect(actions.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        'refundApprove',
        'refundDone',
        'refundFailed',
        'refundReject',
        'refundRequest',
        'refundWithdraw',
        'staffRefund',
      ]),
    );
  });
});
