import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  OrderDetail,
  OrderDistribution,
  OrderPrint,
  OrderRow,
  OrderTotals,
} from '../../../shared/api/orders.ts';
import { formatTicketValidity } from '../../../shared/ticket-validity.ts';
import { DEFAULT_TIME_ZONE, addDays, areaDay, areaDayEnd, areaDayStart } from '../../lib/area-clock.ts';
import { createTestApp, xlsxText, type TestApp } from '../../test/harness.ts';
import { admins } from '../accounts/accounts.table.ts';
import { auditLogs } from '../audit/audit.table.ts';
import { outboxMessages } from '../messaging/messaging.table.ts';
import { scenicPeriods } from '../inventory/inventory.table.ts';
import { placeOrder } from '../orders/orders.service.ts';
import { createBatch, moveBatch } from '../settlement/settlement.service.ts';
import { ticketTypes } from '../products/products.table.ts';
import { anyProduct, insertOrder, type FixtureOrder } from './order-admin.fixture.ts';

const BASE = '/web/api/admin/order';

let t: TestApp;
const tok = { admin: '', staff: '', yunling: '', shop: '' };

// the filter tests live in their own month, away from any demo orders
const MONTH = { ordStartTime: '2019-03-01T00:00:00.000Z', ordEndTime: '2019-03-31T23:59:59.999Z' };
const at = (day: number, hour = 10) => new Date(Date.UTC(2019, 2, day, hour));

let a: FixtureOrder; // regular, paid cash, window, phone 13900000001, visitor ID 110101199001011234
let b: FixtureOrder; // timed, paid WeChat, distribution, visit 2019-04-10
let c: FixtureOrder; // unpaid, mini-program
let mixed: FixtureOrder; // two products
let other: FixtureOrder; // area 2
let agentId: number;

const page = async (token: string, body: Record<string, unknown>) => {
  const res = await t.call(token, 'POST', `${BASE}/page`, { ...MONTH, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: { rows: OrderRow[]; total: number } }>().data;
};
const ids = async (body: Record<string, unknown>) =>
  (await page(tok.admin, body)).rows.map((r) => r.id).sort();

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  await t.grant('staff', ['admin:order:page']);
  await t.grant('yunling', ['admin:order:page', 'admin:order:update']);
  tok.admin = (await t.login('admin')).access_token;
  tok.staff = (await t.login('staff')).access_token;
  tok.yunling = (await t.login('yunling')).access_token;
  tok.shop = (await t.login('shop')).access_token;
  const [agent] = await db.select().from(admins).where(eq(admins.username, 'agent'));
  agentId = agent!.id;

  const regular = await anyProduct(db, 1, 1);
  const timed = await anyProduct(db, 1, 2);
  a = await insertOrder(db, {
    scenicId: 1,
    product: regular,
    tickets: 2,
    createdAt: at(5),
    visitDate: '2019-03-06',
    buyerPhone: '13900000001',
    visitorIdNumbers: ['110101199001011234', null],
    payWay: 1,
    channel: 1,
  });
  b = await insertOrder(db, {
    scenicId: 1,
    product: timed,
    createdAt: at(12),
    visitDate: '2019-04-10',
    payWay: 2,
    channel: 13,
    clientId: 'distributionManagement',
    adminId: agentId,
    externalNo: 'EXT-001',
    price: 5_000,
    refundedAmount: 1_000,
  });
  c = await insertOrder(db, {
    scenicId: 1,
    product: regular,
    status: 101,
    createdAt: at(20),
    visitDate: '2019-03-21',
    channel: 4,
    clientId: 'weixinManagement',
  });
  mixed = await insertOrder(db, {
    scenicId: 1,
    product: regular,
    extraProducts: [timed],
    createdAt: at(25),
    visitDate: '2019-03-25',
    payWay: 2,
  });
  const area2 = await anyProduct(db, 2).catch(() => null);
  other = await insertOrder(db, {
    scenicId: 2,
    product: area2 ?? regular,
    createdAt: at(6),
    visitDate: '2019-03-06',
    buyerPhone: '13900000001',
  });
});

afterAll(async () => {
  await t.close();
});

describe('POST /order/page', () => {
  it('lists the area’s orders newest first with product names, counts and amounts', async () => {
    const data = await page(tok.admin, {});
    expect(data.rows.map((r) => r.id)).toEqual([mixed.id, c.id, b.id, a.id]);
    expect(data.total).toBe(4);
    const rowA = data.rows.find((r) => r.id === a.id)!;
    expect(rowA).toMatchObject({ ticketCount: 2, totalAmount: 20_000, paidAmount: 20_000, productCount: 1 });
    expect(rowA.productName).not.toBe('');
    expect(data.rows.find((r) => r.id === mixed.id)!.productCount).toBe(2);
  });

  it('masks the buyer’s ID number', async () => {
    await t.database.db.execute(
      // direct update of a column the list shows
      sql`update ticket_orders set buyer_id_number = '110101199001011234' where id = ${a.id}`,
    );
    const row = (await page(tok.admin, { orderNo: a.orderNo })).rows[0]!;
    expect(row.buyerIdNumber).toBe('1101**********1234');
  });

  it('each filter narrows the set', async () => {
    expect(await ids({ ordStartTime: at(10).toISOString() })).toEqual([b.id, c.id, mixed.id].sort());
    expect(await ids({ ordEndTime: at(10).toISOString() })).toEqual([a.id]);
    expect(await ids({ subStartTime: '2019-04-01' })).toEqual([b.id]);
    expect(await ids({ subEndTime: '2019-03-10' })).toEqual([a.id]);
    // whole days as the console sends them (start and end of a day in UTC+8)
    expect(
      await ids({ subStartTime: '2019-03-20T16:00:00.000Z', subEndTime: '2019-03-21T15:59:59.999Z' }),
    ).toEqual([c.id]);
    const timed = await anyProduct(t.database.db, 1, 2);
    expect(await ids({ productId: timed.id })).toEqual([b.id, mixed.id].sort());
    expect(await ids({ ordTicketType: 2 })).toEqual([b.id, mixed.id].sort());
    expect(await ids({ channel: 13 })).toEqual([b.id]);
    expect(await ids({ ordPayWay: 2 })).toEqual([b.id, mixed.id].sort());
    expect(await ids({ ordIsPay: 101 })).toEqual([c.id]);
    expect(await ids({ status: 101 })).toEqual([c.id]);
    expect(await ids({ orderNo: b.orderNo })).toEqual([b.id]);
    expect(await ids({ phone: '13900000001' })).toEqual([a.id]);
    expect(await ids({ idNumber: '110101199001011234' })).toEqual([a.id]);
    expect(await ids({ idNumber: '110101199001011234', channel: 4 })).toEqual([]);
  });

  it('subTicketType (the ticket category of any product) and ordPayId (the provider’s transaction id) filter and show', async () => {
    const db = t.database.db;
    const timed = await anyProduct(db, 1, 2);
    const regular = await anyProduct(db, 1, 1);
    expect(await ids({ subTicketType: timed.typeId })).toEqual(
      timed.typeId === regular.typeId ? [a.id, b.id, c.id, mixed.id].sort() : [b.id, mixed.id].sort(),
    );
    expect(await ids({ subTicketType: 999_999 })).toEqual([]);
    expect(await ids({ ordPayId: `fx-${b.orderNo}` })).toEqual([b.id]);
    expect(await ids({ ordPayId: `fx-${b.orderNo}`, channel: 1 })).toEqual([]);
    expect(await ids({ ordPayId: 'no-such-txn' })).toEqual([]);
    const rows = (await page(tok.admin, {})).rows;
    const [typeName] = await db
      .select({ name: ticketTypes.name })
      .from(ticketTypes)
      .where(eq(ticketTypes.id, timed.typeId));
    expect(rows.find((r) => r.id === b.id)).toMatchObject({
      payId: `fx-${b.orderNo}`,
      ticketTypeName: typeName!.name,
    });
    // unpaid: no payment, no transaction id
    expect(rows.find((r) => r.id === c.id)!.payId).toBeNull();
    // another area's transaction id finds nothing here
    expect(await ids({ ordPayId: `fx-${other.orderNo}` })).toEqual([]);
    const theirs = await page(tok.yunling, { ordPayId: `fx-${other.orderNo}` });
    expect(theirs.rows.map((r) => r.id)).toEqual([other.id]);
  });

  it('sorts by visit date and amount, pages stably', async () => {
    const byVisit = await page(tok.admin, { sort: 'visitDate', order: 'asc' });
    expect(byVisit.rows.map((r) => r.id)).toEqual([a.id, c.id, mixed.id, b.id]);
    const byAmount = await page(tok.admin, { sort: 'totalAmount', order: 'desc' });
    expect(byAmount.rows[0]!.totalAmount).toBe(20_000);
    expect(byAmount.rows.at(-1)!.id).toBe(b.id);
    const second = await page(tok.admin, { limit: 10, page: 2 });
    expect(second.rows).toEqual([]);
    expect(second.total).toBe(4);
  });

  it('400 names the field', async () => {
    for (const [body, field] of [
      [{ ordIsPay: 7 }, 'ordIsPay'],
      [{ foo: 1 }, 'foo'],
      [{ sort: 'buyerName' }, 'sort'],
      [{ ordStartTime: '2019-03-10T00:00:00Z', ordEndTime: '2019-03-01T00:00:00Z' }, 'ordEndTime'],
      [{ subStartTime: 'tomorrow' }, 'subStartTime'],
      [{ channel: 99 }, 'channel'],
      [{ subTicketType: 'x' }, 'subTicketType'],
      [{ subTicketType: 0 }, 'subTicketType'],
      [{ ordPayId: 'x'.repeat(65) }, 'ordPayId'],
    ] as const) {
      const res = await t.call(tok.admin, 'POST', `${BASE}/page`, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).toContain(field);
    }
  });

  it('403 without admin:order:page', async () => {
    expect((await t.call(tok.shop, 'POST', `${BASE}/page`, {})).statusCode).toBe(403);
    expect((await t.call(tok.shop, 'POST', `${BASE}/totals`, {})).statusCode).toBe(403);
    expect((await t.call(tok.shop, 'POST', `${BASE}/export`, {})).statusCode).toBe(403);
  });

  it('another area’s orders are not listed', async () => {
    const mine = await page(tok.admin, { phone: '13900000001' });
    expect(mine.rows.map((r) => r.id)).toEqual([a.id]);
    const theirs = await page(tok.yunling, {});
    expect(theirs.rows.map((r) => r.id)).toEqual([other.id]);
    const asArea2 = await t.call(tok.admin, 'POST', `${BASE}/page`, MONTH, { 'x-scenic-id': '2' });
    expect(asArea2.json<{ data: { rows: OrderRow[] } }>().data.rows.map((r) => r.id)).toEqual([other.id]);
  });
});

describe('GET /order/productOptions', () => {
  it('lists the area’s products only; 403 without the permission', async () => {
    const res = await t.call(tok.admin, 'GET', `${BASE}/productOptions`);
    expect(res.statusCode).toBe(200);
    const mine = res.json<{ data: { id: number }[] }>().data.map((p) => p.id);
    expect(mine).toContain((await anyProduct(t.database.db, 1)).id);
    const options = res.json<{ data: { id: number; typeId: number; typeName: string }[] }>().data;
    expect(options.every((p) => p.typeId > 0 && p.typeName !== '')).toBe(true);
    const theirs = (await t.call(tok.yunling, 'GET', `${BASE}/productOptions`)).json<{
      data: { id: number }[];
    }>();
    expect(theirs.data.some((p) => mine.includes(p.id))).toBe(false);
    expect((await t.call(tok.shop, 'GET', `${BASE}/productOptions`)).statusCode).toBe(403);
  });
});

describe('POST /order/totals', () => {
  const totals = async (token: string, body: Record<string, unknown>) => {
    const res = await t.call(token, 'POST', `${BASE}/totals`, { ...MONTH, ...body });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ data: OrderTotals }>().data;
  };

  it('matches the rows of the same filter', async () => {
    for (const filter of [{}, { ordPayWay: 2 }, { channel: 13 }, { ordIsPay: 101 }, { orderNo: 'none' }]) {
      const rows = (await page(tok.admin, { ...filter, limit: 100 })).rows;
      const sum = (k: 'totalAmount' | 'paidAmount' | 'refundedAmount') => rows.reduce((s, r) => s + r[k], 0);
      expect(await totals(tok.admin, filter)).toEqual({
        count: rows.length,
        totalAmount: sum('totalAmount'),
        paidAmount: sum('paidAmount'),
        refundedAmount: sum('refundedAmount'),
      });
    }
    expect(await totals(tok.admin, { channel: 13 })).toEqual({
      count: 1,
      totalAmount: 5_000,
      paidAmount: 5_000,
      refundedAmount: 1_000,
    });
  });

  it('400 names the field; another area is not counted', async () => {
    const res = await t.call(tok.admin, 'POST', `${BASE}/totals`, { ordPayWay: 'x' });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('ordPayWay');
    expect((await totals(tok.yunling, {})).count).toBe(1);
    expect((await totals(tok.admin, { phone: '13900000001' })).count).toBe(1);
  });
});

describe('POST /order/export', () => {
  it('is an xlsx of the filtered set', async () => {
    const res = await t.call(tok.admin, 'POST', `${BASE}/export`, { ...MONTH, channel: 13 });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const text = xlsxText(res.rawPayload);
    expect(text).toContain(b.orderNo);
    expect(text).toContain('EXT-001');
    // ordPayId and the ticket category are columns of the export
    expect(text).toContain(`fx-${b.orderNo}`);
    expect(text).toContain('支付流水号');
    expect(text).toContain('票种');
    expect(text).not.toContain(a.orderNo);
    expect(text).not.toContain(other.orderNo);
  });

  it('400 names the field', async () => {
    const res = await t.call(tok.admin, 'POST', `${BASE}/export`, { status: 999 });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('status');
  });
});

describe('GET /order/query', () => {
  it('answers the order with tickets, payments and codes for admin:order:update holders', async () => {
    const res = await t.call(tok.admin, 'GET', `${BASE}/query?id=${a.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json<{ data: OrderDetail }>().data;
    expect(d.order.orderNo).toBe(a.orderNo);
    expect(d.tickets.map((x) => x.id)).toEqual(a.ticketIds);
    expect(d.tickets[0]!.code).toMatch(/^[0-9a-f]{32}$/);
    expect(d.tickets[0]!.codeHidden).toBe(false);
    expect(d.tickets[0]!.visitorIdNumber).toBe('110101199001011234');
    expect(d.payments).toHaveLength(1);
    expect(d.payments[0]).toMatchObject({ amount: 20_000, status: 'confirmed' });
    expect(d).toMatchObject({ refunds: [], refundRequests: [], gateEvents: [] });
    // the product's validity display comes with each ticket; ordPayId and the category with the order
    const product = await anyProduct(t.database.db, 1, 1);
    expect(d.tickets[0]).toMatchObject({
      validityDisplay: product.validityDisplay,
      validityText: product.validityText,
    });
    expect(d.order.payId).toBe(`fx-${a.orderNo}`);
    expect(d.order.ticketTypeName).not.toBe('');
  });

  it('hides codes from holders of admin:order:page only', async () => {
    const d = (await t.call(tok.staff, 'GET', `${BASE}/query?id=${a.id}`)).json<{ data: OrderDetail }>().data;
    expect(d.tickets.every((x) => x.code === null && x.codeHidden)).toBe(true);
  });

  it('400, 403, and another area’s order is 404', async () => {
    const bad = await t.call(tok.admin, 'GET', `${BASE}/query?id=abc`);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('id');
    expect((await t.call(tok.shop, 'GET', `${BASE}/query?id=${a.id}`)).statusCode).toBe(403);
    expect((await t.call(tok.admin, 'GET', `${BASE}/query?id=${other.id}`)).statusCode).toBe(404);
    expect((await t.call(tok.yunling, 'GET', `${BASE}/query?id=${a.id}`)).statusCode).toBe(404);
    expect((await t.call(tok.yunling, 'GET', `${BASE}/query?id=${other.id}`)).statusCode).toBe(200);
  });
});

describe('POST /order/resendNotice', () => {
  it('queues SMS template 2 for the buyer, records the resend in the audit log and says what is sent', async () => {
    const res = await t.call(tok.admin, 'POST', `${BASE}/resendNotice`, { id: a.id });
    expect(res.statusCode, res.body).toBe(200);
    const notice = res.json<{ data: { phone: string; text: string; messageId: number } }>().data;
    expect(notice).toMatchObject({ phone: '139****0001' });
    expect(notice.text).toContain(a.orderNo);
    const [queued] = await t.database.db
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.id, notice.messageId));
    expect(queued).toMatchObject({ template: 2, recipient: '13900000001', status: 0, ref: a.orderNo });
    expect(queued!.variables.orderNo).toBe(a.orderNo);
    const rows = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'resendNotice'), eq(auditLogs.targetId, a.orderNo)));
    expect(rows).toHaveLength(1);
    const d = (await t.call(tok.admin, 'GET', `${BASE}/query?id=${a.id}`)).json<{ data: OrderDetail }>().data;
    expect(d.audit.map((x) => x.action)).toContain('resendNotice');
  });

  it('400, 403, 404 for another area', async () => {
    const bad = await t.call(tok.admin, 'POST', `${BASE}/resendNotice`, {});
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('id');
    expect((await t.call(tok.staff, 'POST', `${BASE}/resendNotice`, { id: a.id })).statusCode).toBe(403);
    expect((await t.call(tok.admin, 'POST', `${BASE}/resendNotice`, { id: other.id })).statusCode).toBe(404);
  });
});

describe('POST /order/printData', () => {
  it('answers the printable tickets with a template and records the reprint', async () => {
    const res = await t.call(tok.admin, 'POST', `${BASE}/printData`, { id: a.id });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<{ data: OrderPrint }>().data;
    const tickets = data.groups.flatMap((g) => g.tickets);
    expect(tickets.map((x) => x.ticketId)).toEqual(a.ticketIds);
    expect(tickets[0]).toMatchObject({ orderNo: a.orderNo, price: 10_000 });
    expect(tickets[0]!.visitor).toContain('1101**********1234');
    expect(tickets[0]!.qrCode).toMatch(/^[0-9a-f]{32}$/);
    // the printed validity follows the product's validity display, in the area's zone
    const product = await anyProduct(t.database.db, 1, 1);
    expect(tickets[0]!.visitDate).toBe(
      product.validityText ||
        formatTicketValidity(
          {
            validFrom: areaDayStart('2019-03-06', DEFAULT_TIME_ZONE),
            validUntil: areaDayEnd('2019-03-06', DEFAULT_TIME_ZONE),
            validityDisplay: product.validityDisplay,
          },
          DEFAULT_TIME_ZONE,
        ),
    );
    await t.database.db.execute(
      sql`update ticket_products set validity_display = 3 where id = ${product.id}`,
    );
    const again = (await t.call(tok.admin, 'POST', `${BASE}/printData`, { id: a.id })).json<{
      data: OrderPrint;
    }>();
    expect(again.data.groups[0]!.tickets[0]!.visitDate).toBe(
      product.validityText || '2019-03-06 00:00 ~ 2019-03-06 23:59',
    );
    await t.database.db.execute(
      sql`update ticket_products set validity_display = ${product.validityDisplay} where id = ${product.id}`,
    );
    // unpaid tickets are not printable
    const unpaid = await t.call(tok.admin, 'POST', `${BASE}/printData`, { id: c.id });
    expect(unpaid.json<{ data: OrderPrint }>().data.groups).toEqual([]);
  });

  it('400, 403, 404 for another area', async () => {
    const bad = await t.call(tok.admin, 'POST', `${BASE}/printData`, { id: a.id, ticketIds: [] });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('ticketIds');
    expect((await t.call(tok.staff, 'POST', `${BASE}/printData`, { id: a.id })).statusCode).toBe(403);
    expect((await t.call(tok.admin, 'POST', `${BASE}/printData`, { id: other.id })).statusCode).toBe(404);
  });
});

describe('GET /order/distribution', () => {
  it('shows channel, client, distributor and the settlement view', async () => {
    const res = await t.call(tok.admin, 'GET', `${BASE}/distribution?id=${b.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const d = res.json<{ data: OrderDistribution }>().data;
    expect(d).toMatchObject({
      channel: 13,
      clientId: 'distributionManagement',
      externalNo: 'EXT-001',
      paidAmount: 5_000,
      refundedAmount: 1_000,
      dueAmount: 4_000,
      settledTickets: 0,
    });
    expect(d.distributor).toMatchObject({ id: agentId, username: 'agent' });
    // the agency of the account, nothing settled yet
    expect(d.agency).toMatchObject({ company: expect.any(String), state: 1 });
    expect(d).toMatchObject({ settleState: 0, commission: 0, settledAmount: 0, batches: [] });
    expect(d.tickets.map((x) => x.id)).toEqual(b.ticketIds);
    expect(d.tickets[0]).toMatchObject({ price: 5_000, batchNo: null, commission: null });
    const plain = (await t.call(tok.admin, 'GET', `${BASE}/distribution?id=${a.id}`)).json<{
      data: OrderDistribution;
    }>().data;
    expect(plain.distributor).toBeNull();
  });

  it('400, 403, 404 for another area', async () => {
    const bad = await t.call(tok.admin, 'GET', `${BASE}/distribution?id=0`);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('id');
    expect((await t.call(tok.shop, 'GET', `${BASE}/distribution?id=${b.id}`)).statusCode).toBe(403);
    expect((await t.call(tok.admin, 'GET', `${BASE}/distribution?id=${other.id}`)).statusCode).toBe(404);
  });

  it('shows the settlement batch, commission and state once a batch settles its tickets', async () => {
    const db = t.database.db;
    // a used distribution order of the agent, visited in May 2019 (away from the other tests)
    const used = await insertOrder(db, {
      scenicId: 1,
      product: await anyProduct(db, 1, 1),
      tickets: 2,
      createdAt: new Date(Date.UTC(2019, 4, 2, 10)),
      visitDate: '2019-05-03',
      payWay: 5,
      channel: 13,
      clientId: 'distributionManagement',
      adminId: agentId,
      price: 5_000,
    });
    // entered and used (T9, T11 of docs/domain.md)
    for (const status of [302, 402])
      await db.execute(sql`update order_tickets set status = ${status} where order_id = ${used.id}`);
    await db.execute(
      sql`insert into settlement_settings (scenic_id, commission_rate) values (1, 500)
          on conflict (scenic_id) do update set commission_rate = 500`,
    );
    const batch = await createBatch(db, {
      scenicId: 1,
      periodFrom: '2019-05-01',
      periodTo: '2019-05-31',
      adminId: null,
    });
    const before = (await t.call(tok.admin, 'GET', `${BASE}/distribution?id=${used.id}`)).json<{
      data: OrderDistribution;
    }>().data;
    // a draft batch settles nothing yet
    expect(before).toMatchObject({ settledTickets: 0, settleState: 0, batches: [] });
    await moveBatch(db, { scenicId: 1, id: batch.id, move: 'close', adminId: null });
    const d = (await t.call(tok.admin, 'GET', `${BASE}/distribution?id=${used.id}`)).json<{
      data: OrderDistribution;
    }>().data;
    expect(d).toMatchObject({ settledTickets: 2, settleState: 2, settledAmount: 10_000, commission: 500 });
    expect(d.batches).toEqual([
      expect.objectContaining({
        batchNo: batch.batchNo,
        state: 2,
        tickets: 2,
        amount: 10_000,
        commission: 500,
      }),
    ]);
    expect(d.tickets.map((x) => [x.status, x.batchNo, x.commission])).toEqual([
      [405, batch.batchNo, 250],
      [405, batch.batchNo, 250],
    ]);
  });

  it('a distributor’s account sees its own orders only: another distributor’s order is 404', async () => {
    const agent = (await t.login('agent')).access_token;
    const res = await t.call(agent, 'GET', `${BASE}/distribution?id=${b.id}`);
    expect(res.statusCode, res.body).toBe(200);
    // a staff order of the same area is not the distributor's
    expect((await t.call(agent, 'GET', `${BASE}/distribution?id=${a.id}`)).statusCode).toBe(404);
    // another distributor of the same area (a demo distributor's login)
    const rival = (await t.login('dist01')).access_token;
    expect((await t.call(rival, 'GET', `${BASE}/distribution?id=${b.id}`)).statusCode).toBe(404);
    expect((await t.call(rival, 'GET', `${BASE}/query?id=${b.id}`)).statusCode).toBe(404);
  });
});

describe('staff actions', () => {
  // orders placed by the orders service, so stock is held and can be released
  const fresh = async (opts: { paid?: boolean } = {}): Promise<FixtureOrder> => {
    const product = await anyProduct(t.database.db, 1, 1);
    const [period] = await t.database.db
      .select({ id: scenicPeriods.id })
      .from(scenicPeriods)
      .where(and(eq(scenicPeriods.scenicId, 1), eq(scenicPeriods.status, 1)))
      .orderBy(asc(scenicPeriods.startTime))
      .limit(1);
    // tomorrow on the area's clock (the demo areas keep the default zone)
    const date = addDays(areaDay(new Date(), DEFAULT_TIME_ZONE), 1);
    const { order, tickets } = await placeOrder(t.database.db, {
      scenicId: 1,
      channel: 1,
      clientId: 'winManagement',
      buyer: { name: '李四', phone: '13700000000' },
      lines: [
        {
          productId: product.id,
          date,
          ...(period ? { periodId: period.id } : {}),
          quantity: 2,
          visitors: [{ name: '李四' }, { name: '王五' }],
        },
      ],
      ...(opts.paid === false ? {} : { payNow: { payWay: 1 } }),
    });
    return { id: order.id, orderNo: order.orderNo, ticketIds: tickets.map((x) => x.id) };
  };
  const detail = async (id: number) =>
    (await t.call(tok.admin, 'GET', `${BASE}/query?id=${id}`)).json<{ data: OrderDetail }>().data;

  it('cancel: an unpaid order goes to system-cancelled; a paid one is 409', async () => {
    const unpaid = await fresh({ paid: false });
    const res = await t.call(tok.admin, 'POST', `${BASE}/cancel`, { id: unpaid.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ data: { status: number } }>().data.status).toBe(103);
    const d = await detail(unpaid.id);
    expect(d.tickets.map((x) => x.status)).toEqual([103, 103]);
    expect(d.audit.filter((x) => x.action === 'systemCancel')).toHaveLength(1);
    const paid = await fresh();
    expect((await t.call(tok.admin, 'POST', `${BASE}/cancel`, { id: paid.id })).statusCode).toBe(409);
  });

  it('issue: tickets become ticketed and the answer carries their print data', async () => {
    const order = await fresh();
    const res = await t.call(tok.admin, 'POST', `${BASE}/issue`, {
      id: order.id,
      ticketIds: [order.ticketIds[0]],
    });
    expect(res.statusCode, res.body).toBe(200);
    const printed = res.json<{ data: OrderPrint }>().data.groups.flatMap((g) => g.tickets);
    expect(printed.map((x) => x.ticketId)).toEqual([order.ticketIds[0]]);
    const d = await detail(order.id);
    expect(d.tickets.map((x) => x.status)).toEqual([301, 201]);
    expect(d.tickets[0]!.printCount).toBe(1);
    expect(d.audit.filter((x) => x.action === 'issue')).toHaveLength(1);
  });

  it('void: needs a reason; tickets become invalid and lose their code', async () => {
    const order = await fresh();
    const noReason = await t.call(tok.admin, 'POST', `${BASE}/void`, {
      id: order.id,
      ticketIds: order.ticketIds,
    });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain('reason');
    const res = await t.call(tok.admin, 'POST', `${BASE}/void`, {
      id: order.id,
      ticketIds: [order.ticketIds[1]],
      reason: '重复出票',
    });
    expect(res.statusCode, res.body).toBe(200);
    const d = await detail(order.id);
    expect(d.tickets.map((x) => x.status)).toEqual([201, 502]);
    expect(d.tickets[1]!.code).toBeNull();
    expect(d.audit.filter((x) => x.action === 'void')).toHaveLength(1);
    // again: 502 is terminal
    const again = await t.call(tok.admin, 'POST', `${BASE}/void`, {
      id: order.id,
      ticketIds: [order.ticketIds[1]],
      reason: 'x',
    });
    expect(again.statusCode).toBe(409);
  });

  it('400 names the field, 403 without admin:order:update, another area’s order is 404', async () => {
    for (const url of ['cancel', 'issue', 'void']) {
      const bad = await t.call(tok.admin, 'POST', `${BASE}/${url}`, { id: 'x' });
      expect(bad.statusCode, url).toBe(400);
      expect(bad.body).toContain('id');
      expect(
        (await t.call(tok.staff, 'POST', `${BASE}/${url}`, { id: a.id, ticketIds: a.ticketIds, reason: 'r' }))
          .statusCode,
      ).toBe(403);
    }
    const theirs = await insertOrder(t.database.db, {
      scenicId: 2,
      product: await anyProduct(t.database.db, 1, 1),
      status: 101,
    });
    expect((await t.call(tok.admin, 'POST', `${BASE}/cancel`, { id: theirs.id })).statusCode).toBe(404);
    expect((await t.call(tok.admin, 'POST', `${BASE}/issue`, { id: theirs.id })).statusCode).toBe(404);
    expect(
      (
        await t.call(tok.admin, 'POST', `${BASE}/void`, {
          id: theirs.id,
          ticketIds: theirs.ticketIds,
          reason: 'r',
        })
      ).statusCode,
    ).toBe(404);
    expect((await detail(theirs.id)) as unknown).toBeDefined();
  });
});
