import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TICKET_STATUS as S } from '../../../shared/dict/order.ts';
import { AppError } from '../../http/errors.ts';
import { DEFAULT_TIME_ZONE, areaDateTime } from '../../lib/area-clock.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { oauthClients } from '../oauth/oauth.table.ts';
import { DEFAULT_SETTINGS } from '../settings/settings.service.ts';
import { scenicSettings } from '../settings/settings.table.ts';
import { showSeats } from '../theatres/theatres.table.ts';
import {
  clientToken,
  createOrderFixtures,
  dayFromToday,
  idNumber,
  rowsOf,
  soldOf,
  type OrderFixtures,
} from './orders.fixture.ts';
import { runOrderJobs } from './jobs.ts';
import { orderTickets, payments, ticketOrders } from './orders.table.ts';
import { gateEvents } from '../checkin/checkin.table.ts';
import { refunds } from '../refunds/refunds.table.ts';
import {
  cancelOrder,
  confirmPayment,
  expireTickets,
  expireUnpaidOrders,
  issueTickets,
  orderTicketsOf,
  placeOrder,
  voidTickets,
  type OrderLineInput,
} from './orders.service.ts';
import { ORDER_STATUS_PRECEDENCE, summaryStatus, transitionTickets } from './ticket-state.service.ts';

let t: TestApp;
let f: OrderFixtures;
let ctrip: string;
let admin: string;
let key = 0;

beforeAll(async () => {
  t = await createTestApp();
  f = await createOrderFixtures(t.database.db);
  ctrip = await clientToken(t, 'ctripManagement');
  admin = (await t.login('admin')).access_token;
});
afterAll(() => t.close());

const db = () => t.database.db;
const open = (
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
  token = ctrip,
) =>
  t.call(token, method, `/api/open${url}`, body, {
    'x-scenic-id': String(f.scenicId),
    'idempotency-key': `k-${++key}`,
    ...headers,
  });

const regularLine = (quantity = 2): OrderLineInput => ({ productId: f.regular, date: f.date, quantity });
const place = (lines: OrderLineInput[], extra: Partial<Parameters<typeof placeOrder>[1]> = {}) =>
  placeOrder(db(), {
    scenicId: f.scenicId,
    channel: 16,
    clientId: 'ctripManagement',
    buyer: { name: '张三', phone: '13800000000' },
    lines,
    ...extra,
  });

async function expectError(p: Promise<unknown>, status: number) {
  const error = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).statusCode).toBe(status);
  return error as AppError;
}

describe('client_credentials and the CLIENT access', () => {
  it('issues a client token only to a confidential client holding the grant', async () => {
    const basic = (id: string, secret: string) =>
      `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
    const token = (authorization: string) =>
      t.app.inject({
        method: 'POST',
        url: '/login/oauth/token',
        headers: { authorization, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'grant_type=client_credentials',
      });
    const { sha256 } = await import('../../lib/password.ts');
    await db()
      .update(oauthClients)
      .set({ secretHash: sha256('Test-Secret-1234') })
      .where(eq(oauthClients.clientId, 'ctripManagement'));
    const good = await token(basic('ctripManagement', 'Test-Secret-1234'));
    expect(good.statusCode).toBe(200);
    expect(good.json()).toMatchObject({ token_type: 'bearer', refresh_token: '' });
    expect((await token(basic('ctripManagement', 'wrong'))).statusCode).toBe(401);
    // the console's public client never gets a client token
    expect((await token(`Basic ${await t.basic()}`)).statusCode).toBe(400);
    // a client without the grant
    await db()
      .update(oauthClients)
      .set({ grantTypes: ['password'] })
      .where(eq(oauthClients.clientId, 'dataManagement'));
    await db()
      .update(oauthClients)
      .set({ secretHash: sha256('x-secret') })
      .where(eq(oauthClients.clientId, 'dataManagement'));
    expect((await token(basic('dataManagement', 'x-secret'))).statusCode).toBe(400);
  });

  it('keeps console tokens off client routes and client tokens off console routes (403)', async () => {
    const asAdmin = await open('GET', `/order/query?orderNo=T1`, undefined, {}, admin);
    expect(asAdmin.statusCode).toBe(403);
    expect((await t.call(ctrip, 'GET', '/web/api/ticket/auth/getUserinfo')).statusCode).toBe(403);
    expect((await t.call(ctrip, 'POST', '/web/api/ticket/scenic/page', { limit: 10 })).statusCode).toBe(403);
    expect((await open('GET', `/order/query?orderNo=T1`, undefined, {}, 'nonsense')).statusCode).toBe(401);
  });

  it('needs an existing, enabled scenic area in X-Scenic-Id (400 naming it)', async () => {
    const none = await t.call(ctrip, 'GET', '/api/open/order/query?orderNo=T1');
    expect(none.statusCode).toBe(400);
    expect(none.json().data.field).toBe('X-Scenic-Id');
    const unknown = await open('GET', '/order/query?orderNo=T1', undefined, { 'x-scenic-id': '99999' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().data.field).toBe('X-Scenic-Id');
  });

  it('refuses a client that is no sales channel (403)', async () => {
    const dashboard = await clientToken(t, 'dataManagement');
    const res = await open('POST', '/order/create', { buyer: {}, lines: [regularLine()] }, {}, dashboard);
    expect(res.statusCode).toBe(403);
  });
});

describe('selling API', () => {
  it('places an order (T1) once per Idempotency-Key', async () => {
    const before = await soldOf(db(), f.regular, f.date);
    const body = { buyer: { name: '李四', phone: '13900000000' }, lines: [regularLine(2)] };
    const first = await open('POST', '/order/create', body, { 'idempotency-key': 'same-1' });
    expect(first.statusCode).toBe(200);
    const order = first.json().data;
    expect(order).toMatchObject({ status: S.pendingPayment, payStatus: 101, totalAmount: 20000 });
    expect(order.tickets).toHaveLength(2);
    // no secret before payment
    expect(order.tickets[0].code).toBeNull();
    expect(await soldOf(db(), f.regular, f.date)).toBe(before + 2);

    const again = await open('POST', '/order/create', body, { 'idempotency-key': 'same-1' });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(order);
    expect(await soldOf(db(), f.regular, f.date)).toBe(before + 2);

    const other = await open(
      'POST',
      '/order/create',
      { ...body, lines: [regularLine(1)] },
      { 'idempotency-key': 'same-1' },
    );
    expect(other.statusCode).toBe(409);
  });

  it('answers 400 naming the field', async () => {
    const noKey = await t.call(
      ctrip,
      'POST',
      '/api/open/order/create',
      { buyer: {}, lines: [regularLine()] },
      { 'x-scenic-id': String(f.scenicId) },
    );
    expect(noKey.statusCode).toBe(400);
    expect(JSON.stringify(noKey.json())).toMatch(/idempotency-key/i);
    const past = await open('POST', '/order/create', {
      buyer: {},
      lines: [{ ...regularLine(), date: dayFromToday(-1) }],
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().data.field).toBe('lines.0.date');
    const zero = await open('POST', '/order/create', {
      buyer: {},
      lines: [{ ...regularLine(), quantity: 0 }],
    });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().data.field).toContain('quantity');
    const realName = await open('POST', '/order/create', {
      buyer: {},
      lines: [
        {
          productId: f.realName,
          date: f.date,
          quantity: 2,
          visitors: [{ name: 'a', idNumber: idNumber(1) }],
        },
      ],
    });
    expect(realName.statusCode).toBe(400);
    expect(realName.json().data.field).toBe('lines.0.visitors');
    const tooMany = await open('POST', '/order/create', {
      buyer: {},
      lines: [
        {
          productId: f.realName,
          date: f.date,
          quantity: 4,
          visitors: [11, 12, 13, 14].map((n) => ({ name: `v${n}`, idNumber: idNumber(n) })),
        },
      ],
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().data.field).toBe('lines.0.quantity');
  });

  it('pays (T3), deduplicates the confirmation, hands out the secrets and refuses a wrong amount', async () => {
    const created = (await open('POST', '/order/create', { buyer: {}, lines: [regularLine(1)] })).json().data;
    const pay = (amount: number, txn = 'ctrip-pay-1') =>
      open('POST', '/order/pay', { orderNo: created.orderNo, payWay: 13, amount, providerTxnId: txn });
    expect((await pay(1)).statusCode).toBe(409);
    const paid = await pay(10000);
    expect(paid.statusCode).toBe(200);
    expect(paid.json().data.outcome).toBe('confirmed');
    expect(paid.json().data.order.status).toBe(S.unused);
    expect(paid.json().data.order.tickets[0].code).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const dup = await pay(10000);
    expect(dup.json().data.outcome).toBe('duplicate');
    const query = await open('GET', `/order/query?orderNo=${created.orderNo}`);
    expect(query.json().data).toMatchObject({ status: S.unused, payStatus: 201, paidAmount: 10000 });
    // a paid order is not cancelled here (refunds)
    expect((await open('POST', '/order/cancel', { orderNo: created.orderNo })).statusCode).toBe(409);
  });

  it('cancels (T4) releasing stock; a late payment then is refunded and the order stays 102 (T7)', async () => {
    const before = await soldOf(db(), f.regular, f.date);
    const created = (await open('POST', '/order/create', { buyer: {}, lines: [regularLine(3)] })).json().data;
    const cancelled = await open('POST', '/order/cancel', { orderNo: created.orderNo });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data.status).toBe(S.userCancelled);
    expect(await soldOf(db(), f.regular, f.date)).toBe(before);
    const late = await open('POST', '/order/pay', {
      orderNo: created.orderNo,
      payWay: 13,
      amount: 30000,
      providerTxnId: 'late-1',
    });
    expect(late.json().data.outcome).toBe('lateRefunded');
    expect(late.json().data.order.status).toBe(S.userCancelled);
    const [order] = await db().select().from(ticketOrders).where(eq(ticketOrders.orderNo, created.orderNo));
    const money = await db().select().from(refunds).where(eq(refunds.orderId, order!.id));
    expect(money).toHaveLength(1);
    expect(money[0]).toMatchObject({ amount: 30000, status: 'created' });
  });

  it('keeps other areas and other channels out (404)', async () => {
    const created = (await open('POST', '/order/create', { buyer: {}, lines: [regularLine(1)] })).json().data;
    const otherArea = await open('GET', `/order/query?orderNo=${created.orderNo}`, undefined, {
      'x-scenic-id': String(f.otherScenicId),
    });
    expect(otherArea.statusCode).toBe(404);
    const meituan = await clientToken(t, 'mtManagement');
    const otherChannel = await open('GET', `/order/query?orderNo=${created.orderNo}`, undefined, {}, meituan);
    expect(otherChannel.statusCode).toBe(404);
    // and Meituan may not sell these products at all
    const sell = await open('POST', '/order/create', { buyer: {}, lines: [regularLine(1)] }, {}, meituan);
    expect(sell.statusCode).toBe(403);
  });

  it('lists what the channel may sell on a date with price and stock left', async () => {
    const res = await open('POST', '/products', { date: f.date });
    expect(res.statusCode).toBe(200);
    const rows = res.json().data as { productId: number; offers: { price: number; left: number }[] }[];
    const regular = rows.find((r) => r.productId === f.regular)!;
    expect(regular.offers[0]!.price).toBe(10000);
    expect(regular.offers[0]!.left).toBe(100 - (await soldOf(db(), f.regular, f.date)));
    const show = rows.find((r) => r.productId === f.performance)!;
    expect(show.offers[0]).toMatchObject({ price: 3000 });
    expect((await open('POST', '/products', { date: 'tomorrow' })).statusCode).toBe(400);
  });

  it("caps what is left by the public stock of the area's slots, one offer per slot", async () => {
    // two slots of the area for the test (its own are closed)
    const slots = rowsOf<{ id: number }>(
      await db().execute(sql`insert into scenic_periods (scenic_id, name, start_time, end_time, capacity)
        values (${f.scenicId}, 'T上午', '00:00', '12:00', 50), (${f.scenicId}, 'T下午', '12:00', '23:59', 50)
        returning id`),
    );
    const first = slots[0]!;
    await db().execute(sql`insert into public_stock (scenic_id, period_id, date, capacity, sold)
      values (${f.scenicId}, ${first.id}, ${f.date}, 3, 1)
      on conflict (period_id, date) do update set capacity = 3, sold = 1, status = 1`);
    try {
      const rows = (await open('POST', '/products', { date: f.date })).json().data as {
        productId: number;
        offers: { periodId: number | null; sessionId: number | null; left: number }[];
      }[];
      const regular = rows.find((r) => r.productId === f.regular)!;
      expect(regular.offers.map((o) => o.periodId)).toEqual(slots.map((p) => Number(p.id)));
      expect(regular.offers.map((o) => o.left)).toEqual([2, 50]);
      // a timed session counts against the slot holding its start
      const timed = rows.find((r) => r.productId === f.timed)!;
      for (const offer of timed.offers) expect(offer.periodId).not.toBeNull();
    } finally {
      await db().execute(sql`delete from scenic_periods where id in (${slots[0]!.id}, ${slots[1]!.id})`);
    }
  });
});

describe('orders service', () => {
  it('places and pays at once (T2) with an offline pay way', async () => {
    const { order, tickets } = await place([regularLine(1)], { payNow: { payWay: 1 } });
    expect(order).toMatchObject({ status: S.unused, payStatus: 201, paidAmount: 10000, payWay: 1 });
    expect(tickets[0]!.code).toBeTruthy();
    const paid = await db().select().from(payments).where(eq(payments.orderId, order.id));
    expect(paid).toMatchObject([{ status: 'confirmed', amount: 10000, provider: 'offline' }]);
    await expect(place([regularLine(1)], { payNow: { payWay: 2 } })).rejects.toMatchObject({
      field: 'payNow.payWay',
    });
  });

  it('computes validity and entries: a timed session, a performance priced by its seats', async () => {
    const { tickets } = await place([
      { productId: f.timed, date: f.date, sessionId: f.sessionId, quantity: 1 },
    ]);
    // the session's 09:00-11:00 on the area's clock (the demo areas keep Asia/Shanghai)
    expect(areaDateTime(tickets[0]!.validFrom, DEFAULT_TIME_ZONE)).toBe(`${f.date} 09:00`);
    expect(areaDateTime(tickets[0]!.validUntil, DEFAULT_TIME_ZONE)).toBe(`${f.date} 11:00`);
    expect(tickets[0]!.price).toBe(8000);
    const show = await place([
      {
        productId: f.performance,
        date: f.date,
        showId: f.showId,
        quantity: 2,
        seats: [
          { row: 0, col: 0 },
          { row: 1, col: 0 },
        ],
      },
    ]);
    expect(show.order.totalAmount).toBe(8000);
    expect(show.tickets.map((x) => x.seatLabel).sort()).toEqual(['1排1号', '2排1号']);
    // the seat is held under the order number; a second buyer is refused
    await expectError(
      place([
        {
          productId: f.performance,
          date: f.date,
          showId: f.showId,
          quantity: 1,
          seats: [{ row: 0, col: 0 }],
        },
      ]),
      409,
    );
    // cancel frees the seats
    await cancelOrder(db(), { scenicId: f.scenicId, orderId: show.order.id, by: 'staff', adminId: 1 });
    const [seat] = await db()
      .select()
      .from(showSeats)
      .where(and(eq(showSeats.showId, f.showId), eq(showSeats.row, 0), eq(showSeats.col, 0)));
    expect(seat).toMatchObject({ status: 1, holdRef: null });
  });

  it('limits tickets per ID number over the non-cancelled tickets of the day', async () => {
    const visitor = { name: '王五', idNumber: idNumber(7) };
    await place([{ productId: f.realName, date: f.date, quantity: 1, visitors: [visitor] }]);
    await expectError(
      place([{ productId: f.realName, date: f.date, quantity: 1, visitors: [visitor] }]),
      409,
    );
    // with an invalid ID number: 400
    await expect(
      place([
        {
          productId: f.realName,
          date: f.date,
          quantity: 1,
          visitors: [{ name: 'x', idNumber: '110101199001010000' }],
        },
      ]),
    ).rejects.toMatchObject({ field: 'lines.0.visitors.0.idNumber' });
  });

  it('refuses an off-shelf product and a channel the product does not allow', async () => {
    await expectError(place([regularLine(1)], { channel: 17 }), 403);
    await db().execute(sql`update ticket_products set shelf_status = 2 where id = ${f.timed}`);
    try {
      await expectError(
        place([{ productId: f.timed, date: f.date, sessionId: f.sessionId, quantity: 1 }]),
        409,
      );
    } finally {
      await db().execute(sql`update ticket_products set shelf_status = 1 where id = ${f.timed}`);
    }
  });

  it('leaves a customer-cancelled order alone once its deadline passes (the job ends)', async () => {
    const cancelled = await place([regularLine(1)]);
    await cancelOrder(db(), { scenicId: f.scenicId, orderId: cancelled.order.id, by: 'customer' });
    const later = new Date(Date.now() + 16 * 60_000);
    // the expiry job first takes whatever else is due, then finds nothing: a second run is empty
    await expireUnpaidOrders(db(), later);
    expect(await expireUnpaidOrders(db(), later)).toBe(0);
    const [row] = await db().select().from(ticketOrders).where(eq(ticketOrders.id, cancelled.order.id));
    expect(row).toMatchObject({ status: S.userCancelled, payStatus: 101 });
  });

  it('expires unpaid orders (T5); a late payment revives the order (T6) or is refunded when sold out', async () => {
    const before = await soldOf(db(), f.regular, f.date);
    const a = await place([regularLine(1)]);
    const b = await place([regularLine(1)]);
    const later = new Date(Date.now() + 16 * 60_000);
    expect(await expireUnpaidOrders(db(), later)).toBeGreaterThanOrEqual(2);
    const [expired] = await db().select().from(ticketOrders).where(eq(ticketOrders.id, a.order.id));
    expect(expired).toMatchObject({ status: S.systemCancelled, payStatus: 103 });
    // their stock (and that of any other unpaid order of this file) went back
    const released = await soldOf(db(), f.regular, f.date);
    expect(released).toBeLessThanOrEqual(before);

    const revived = await confirmPayment(db(), {
      scenicId: f.scenicId,
      orderNo: a.order.orderNo,
      payWay: 13,
      amount: 10000,
      provider: 'offline',
      providerTxnId: 'late-a',
    });
    expect(revived.outcome).toBe('lateAccepted');
    expect(revived.order).toMatchObject({ status: S.unused, payStatus: 201 });
    expect(await soldOf(db(), f.regular, f.date)).toBe(released + 1);

    await db().execute(
      sql`update price_calendar set stock = sold where product_id = ${f.regular} and date = ${f.date}`,
    );
    try {
      const refused = await confirmPayment(db(), {
        scenicId: f.scenicId,
        orderNo: b.order.orderNo,
        payWay: 13,
        amount: 10000,
        provider: 'offline',
        providerTxnId: 'late-b',
      });
      expect(refused.outcome).toBe('lateRefunded');
      expect(refused.order.status).toBe(S.systemCancelled);
    } finally {
      await db().execute(
        sql`update price_calendar set stock = 100 where product_id = ${f.regular} and date = ${f.date}`,
      );
    }
  });

  it('refunds a late payment when the area does not accept them (setting, T6), even with stock', async () => {
    const c = await place([regularLine(1)]);
    await expireUnpaidOrders(db(), new Date(Date.now() + 16 * 60_000));
    await db()
      .insert(scenicSettings)
      .values({ scenicId: f.scenicId, ...DEFAULT_SETTINGS, acceptLatePayment: false })
      .onConflictDoUpdate({ target: scenicSettings.scenicId, set: { acceptLatePayment: false } });
    try {
      const refused = await confirmPayment(db(), {
        scenicId: f.scenicId,
        orderNo: c.order.orderNo,
        payWay: 13,
        amount: 10000,
        provider: 'offline',
        providerTxnId: 'late-setting-off',
      });
      expect(refused.outcome).toBe('lateRefunded');
      expect(refused.order).toMatchObject({ status: S.systemCancelled, payStatus: 103 });
    } finally {
      await db()
        .update(scenicSettings)
        .set({ acceptLatePayment: true })
        .where(eq(scenicSettings.scenicId, f.scenicId));
    }
  });

  it('a payment past the deadline before the job ran is handled as late (T5 then T6)', async () => {
    const a = await place([regularLine(1)]);
    const result = await confirmPayment(db(), {
      scenicId: f.scenicId,
      orderNo: a.order.orderNo,
      payWay: 13,
      amount: 10000,
      provider: 'offline',
      providerTxnId: 'late-c',
      now: new Date(Date.now() + 20 * 60_000),
    });
    expect(result.outcome).toBe('lateAccepted');
  });

  it('issues (T8), voids (T23, secret revoked, stock back) and refuses what the table does not allow', async () => {
    const { order, tickets } = await place([regularLine(2)], { payNow: { payWay: 1 } });
    const issued = await issueTickets(db(), { scenicId: f.scenicId, orderId: order.id, adminId: 1 });
    expect(issued.map((x) => [x.status, x.printCount])).toEqual([
      [S.ticketed, 1],
      [S.ticketed, 1],
    ]);
    const before = await soldOf(db(), f.regular, f.date);
    const voided = await voidTickets(db(), {
      scenicId: f.scenicId,
      orderId: order.id,
      ticketIds: [tickets[0]!.id],
      reason: 'duplicate',
      adminId: 1,
    });
    expect(voided[0]).toMatchObject({ status: S.invalid, code: null });
    expect(await soldOf(db(), f.regular, f.date)).toBe(before - 1);
    // a voided ticket is terminal
    await expectError(
      voidTickets(db(), {
        scenicId: f.scenicId,
        orderId: order.id,
        ticketIds: [tickets[0]!.id],
        reason: 'x',
        adminId: 1,
      }),
      409,
    );
    // cancelling a paid order: 409
    await expectError(cancelOrder(db(), { scenicId: f.scenicId, orderId: order.id, by: 'customer' }), 409);
    // another area cannot touch it
    await expectError(issueTickets(db(), { scenicId: f.otherScenicId, orderId: order.id, adminId: 1 }), 404);
  });

  it('expires unused tickets past their validity (T24) and closes entered ones (T13, T14)', async () => {
    const { order } = await place([regularLine(3)], { payNow: { payWay: 1 } });
    const [a, b, c] = await orderTicketsOf(db(), order.id);
    await db().execute(
      sql`update order_tickets set status = ${S.entered}, entry_count = 1, first_entry_at = now() where id = ${b!.id}`,
    );
    await db().execute(
      sql`update order_tickets set status = ${S.inUse}, entry_count = 1 where id = ${c!.id}`,
    );
    const after = new Date(Date.now() + 10 * 86_400_000);
    const counts = await expireTickets(db(), after);
    expect(counts.expired).toBeGreaterThanOrEqual(1);
    const now = await orderTicketsOf(db(), order.id);
    expect(now.map((x) => x.status)).toEqual([S.expired, S.used, S.used]);
    expect(a).toBeTruthy();
    // the visitor still inside (b) leaves by a system exit event; the ticket in use (c) had none
    const exits = await db().select().from(gateEvents).where(eq(gateEvents.orderId, order.id));
    expect(exits).toHaveLength(1);
    expect(exits[0]).toMatchObject({
      ticketId: b!.id,
      gateId: null,
      deviceId: 'system',
      direction: 'exit',
      result: 'dayClose',
      readMode: null,
      scannedAt: after,
    });
    // a second run changes nothing and writes no second exit
    await expireTickets(db(), after);
    expect(await db().select().from(gateEvents).where(eq(gateEvents.orderId, order.id))).toHaveLength(1);
  });

  it('runs the jobs under an advisory lock', async () => {
    const result = await runOrderJobs(db());
    expect(result).not.toBeNull();
  });
});

describe('transitionTickets and the order summary status', () => {
  it('moves all or nothing, and the order shows what needs attention first', async () => {
    const { order, tickets } = await place([regularLine(2)], { payNow: { payWay: 1 } });
    const [a, b] = tickets;
    await db().transaction(async (tx) => {
      await transitionTickets(tx, {
        scenicId: f.scenicId,
        ticketIds: [a!.id],
        transition: 'T8',
        to: S.ticketed,
      });
    });
    const [o1] = await db().select().from(ticketOrders).where(eq(ticketOrders.id, order.id));
    expect(o1!.status).toBe(S.ticketed);
    // T3 needs 101: nothing moves, 409
    await expectError(
      db().transaction((tx) =>
        transitionTickets(tx, {
          scenicId: f.scenicId,
          ticketIds: [a!.id, b!.id],
          transition: 'T8',
          to: S.ticketed,
        }),
      ),
      409,
    );
    const [bNow] = await db().select().from(orderTickets).where(eq(orderTickets.id, b!.id));
    expect(bNow!.status).toBe(S.unused);
    // another area's scenic id: 409, nothing changes
    await expectError(
      db().transaction((tx) =>
        transitionTickets(tx, {
          scenicId: f.otherScenicId,
          ticketIds: [b!.id],
          transition: 'T8',
          to: S.ticketed,
        }),
      ),
      409,
    );
    const statuses = rowsOf<{ status: number }>(
      await db().execute(sql`select status from order_tickets where order_id = ${order.id} order by id`),
    ).map((r) => Number(r.status));
    expect(statuses).toEqual([S.ticketed, S.unused]);
  });

  it('keeps the order status in the database by the precedence of the code (migration 0007)', async () => {
    const rows = rowsOf<{ status: number; rank: number }>(
      await db().execute(sql`select status, rank from order_status_precedence order by rank`),
    );
    expect(rows.map((r) => Number(r.status))).toEqual([...ORDER_STATUS_PRECEDENCE]);
    expect(summaryStatus([S.used, S.entered, S.refunded])).toBe(S.entered);
  });

  it('recomputes the order status in the statement that moves a ticket, and only then', async () => {
    const { order, tickets } = await place([regularLine(2)], { payNow: { payWay: 1 } });
    const statusOf = async () =>
      (await db().select().from(ticketOrders).where(eq(ticketOrders.id, order.id)))[0]!;
    const before = await statusOf();
    expect(before.status).toBe(S.unused);
    // a change that moves no status leaves the order row alone
    await db().execute(sql`update order_tickets set entry_count = entry_count where order_id = ${order.id}`);
    expect((await statusOf()).updatedAt).toEqual(before.updatedAt);
    // a plain UPDATE outside any service: the order follows all the same
    await db().execute(sql`update order_tickets set status = ${S.entered} where id = ${tickets[1]!.id}`);
    expect((await statusOf()).status).toBe(S.entered);
    await db().execute(sql`update order_tickets set status = ${S.left} where id = ${tickets[1]!.id}`);
    expect((await statusOf()).status).toBe(S.left);
  });
});
