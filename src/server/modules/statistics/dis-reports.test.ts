import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disReportApi, disSaleApi, disTicketApi } from '../../../shared/reports/distributors.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { addDays, areaDay, areaInstant, areaTimeZone } from '../../lib/area-clock.ts';
import { demoAreas } from '../../test/areas.ts';
import { expectXlsx } from '../../test/export.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { expect400 } from '../../test/replies.ts';
import { anyProduct, insertOrder } from '../order-admin/order-admin.fixture.ts';
import { createBatch, moveBatch } from '../settlement/index.ts';
import { moveTickets, report, totalOf } from './gate-origin.fixture.ts';

let t: TestApp;
let db: Db;
let qsh: number;
let ylgz: number;
let tz: string;
let today: string;
const tok: Record<string, string> = {};
const ids: Record<string, number> = {};
const company: Record<string, string> = {};

const period = () => ({ from: addDays(today, -5), to: today });

/** The facts: paid distribution orders of the area created in the period, of one account or all. */
async function facts(scenicId: number, adminId?: number) {
  const p = period();
  const [row] = await queryRows<{ orders: number; tickets: number; sales: number; refunded: number }>(
    db,
    sql`select count(*)::int as orders, coalesce(sum(ticket_count), 0)::int as tickets,
        coalesce(sum(total_amount), 0)::int as sales, coalesce(sum(refunded_amount), 0)::int as refunded
      from ticket_orders where scenic_id = ${scenicId} and channel = 13 and pay_status = 201 and admin_id is not null
        and created_at >= ${areaInstant(p.from, '00:00', tz).toISOString()}::timestamptz
        and created_at < ${areaInstant(addDays(p.to, 1), '00:00', tz).toISOString()}::timestamptz
        ${adminId ? sql`and admin_id = ${adminId}` : sql``}`,
  );
  return { ...row!, net: row!.sales - row!.refunded };
}

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  ({ qsh, ylgz } = await demoAreas(db));
  tz = await areaTimeZone(db, qsh);
  today = areaDay(new Date(), tz);
  const accounts = await queryRows<{ id: number; username: string; company: string }>(
    db,
    sql`select a.id, a.username, d.company from distributors d join admins a on a.id = d.admin_id
      where d.scenic_id = ${qsh} and d.state = 1 order by a.username = 'agent' desc, a.id limit 2`,
  );
  for (const [who, row] of [
    ['agent', accounts[0]!],
    ['other', accounts[1]!],
  ] as const) {
    ids[who] = Number(row.id);
    company[who] = row.company;
    tok[who] = (await t.login(row.username)).access_token;
  }
  for (const who of ['admin', 'staff', 'yunling']) tok[who] = (await t.login(who)).access_token;
  await t.grant('yunling', ['admin:stat:disReport', 'admin:stat:disSale', 'admin:stat:disTicket']);
  const product = await anyProduct(db, qsh);
  const at = (days: number) => areaInstant(addDays(today, -days), '10:00', tz);
  const sale = (adminId: number, extra: Partial<Parameters<typeof insertOrder>[1]>) =>
    insertOrder(db, {
      scenicId: qsh,
      product,
      channel: 13,
      clientId: 'distributionManagement',
      adminId,
      payWay: 5,
      ...extra,
    });
  await sale(ids.agent!, { tickets: 2, price: 1000, createdAt: at(2) });
  const refunded = await sale(ids.agent!, {
    tickets: 2,
    price: 3000,
    createdAt: at(1),
    refundedAmount: 3000,
  });
  await moveTickets(db, refunded.ticketIds.slice(0, 1), [205, 203]);
  // a used ticket, settled in a batch closed today
  const used = await sale(ids.agent!, { price: 5000, createdAt: at(3), visitDate: addDays(today, -3) });
  await moveTickets(db, used.ticketIds, [302, 402]);
  await sale(ids.other!, { tickets: 2, price: 2000, createdAt: at(1) });
  // not counted: unpaid, before the period, not a distributor's, another area's
  await sale(ids.agent!, { status: 101, createdAt: at(1) });
  await sale(ids.agent!, { price: 7000, createdAt: at(20) });
  await insertOrder(db, { scenicId: qsh, product, channel: 1, price: 9000, createdAt: at(1) });
  await insertOrder(db, {
    scenicId: ylgz,
    product: await anyProduct(db, ylgz),
    channel: 13,
    adminId: ids.agent!,
    price: 4000,
    createdAt: at(1),
  });
  const batch = await createBatch(db, {
    scenicId: qsh,
    periodFrom: addDays(today, -3),
    periodTo: addDays(today, -3),
    adminId: null,
  });
  await moveBatch(db, { scenicId: qsh, id: batch.id, move: 'close', adminId: null });
});
afterAll(() => t.close());

describe('/statAnalyse/disReport', () => {
  it('answers each distributor’s sales as the orders give them, and what was settled', async () => {
    const res = await report(t, tok.admin!, disReportApi.query, period());
    const rows = res.tables.distributors!;
    const all = await facts(qsh);
    expect(totalOf(rows)).toMatchObject(all);
    const agent = rows.find((r) => r.company === company.agent)!;
    expect(agent).toMatchObject({ ...(await facts(qsh, ids.agent)), settled: 5000, commission: 250 });
    expect(agent.unsettled).toBe(Number(agent.net) - 5000);
    expect(rows.find((r) => r.company === company.other)).toMatchObject(await facts(qsh, ids.other));
    expect(res.figures).toMatchObject({
      sales: all.sales,
      net: all.net,
      settled: 5000,
      unsettled: all.net - 5000,
    });
  });

  it('shows a distributor its own rows only, also in the export', async () => {
    const res = await report(t, tok.agent!, disReportApi.query, period());
    expect(res.tables.distributors!.map((r) => r.company)).toEqual([company.agent, null]);
    expect(totalOf(res.tables.distributors)).toMatchObject(await facts(qsh, ids.agent));
    const other = await report(t, tok.other!, disReportApi.query, period());
    expect(totalOf(other.tables.distributors)).toMatchObject({
      ...(await facts(qsh, ids.other)),
      settled: 0,
    });
    const file = expectXlsx(
      await t.call(tok.agent!, 'POST', disReportApi.export, { ...period(), table: 'distributors' }),
      '分销报表',
    );
    expect(file).toContain(company.agent);
    expect(file).not.toContain(company.other);
  });
});

describe('/statAnalyse/disSale and disTicket', () => {
  it('answers sales per day and distributor', async () => {
    const res = await report(t, tok.admin!, disSaleApi.query, period());
    const all = await facts(qsh);
    expect(totalOf(res.tables.days)).toMatchObject(all);
    expect(totalOf(res.tables.distributorDays)).toMatchObject(all);
    expect(res.figures).toMatchObject({ orders: all.orders, tickets: all.tickets, sales: all.sales });
    const own = await report(t, tok.agent!, disSaleApi.query, period());
    expect(new Set(own.tables.distributorDays!.slice(0, -1).map((r) => r.company))).toEqual(
      new Set([company.agent]),
    );
    expect(totalOf(own.tables.days)).toMatchObject(await facts(qsh, ids.agent));
  });

  it('answers tickets per state and product', async () => {
    const own = await report(t, tok.agent!, disTicketApi.query, period());
    const mine = await facts(qsh, ids.agent);
    expect(own.tables.states).toEqual([
      { state: 1, tickets: mine.tickets - 1, amount: 2 * 1000 + 3000 + 5000 },
      { state: 2, tickets: 1, amount: 3000 },
      { state: 3, tickets: 1, amount: 5000 },
    ]);
    expect(totalOf(own.tables.products)).toMatchObject({
      sold: mine.tickets,
      refunded: 1,
      valid: mine.tickets - 1,
    });
    expect(own.figures).toMatchObject({ sold: mine.tickets, refunded: 1, settled: 1 });
    const all = await report(t, tok.admin!, disTicketApi.query, period());
    expect(totalOf(all.tables.products)).toMatchObject({ sold: (await facts(qsh)).tickets });
  });
});

describe('the distributor reports refuse', () => {
  it('a bad period or table', async () => {
    for (const api of [disReportApi, disSaleApi, disTicketApi]) {
      expect400(await t.call(tok.admin!, 'POST', api.query, { from: today, to: addDays(today, -1) }), 'to');
      expect400(await t.call(tok.agent!, 'POST', api.export, { ...period(), table: 'nope' }), 'table');
    }
  });

  it('callers without the permission', async () => {
    for (const api of [disReportApi, disSaleApi, disTicketApi])
      expect((await t.call(tok.staff!, 'POST', api.query, period())).statusCode, api.query).toBe(403);
  });

  it('another area’s orders', async () => {
    const res = await report(t, tok.yunling!, disReportApi.query, period());
    expect(totalOf(res.tables.distributors)).toMatchObject(await facts(ylgz));
    expect(totalOf(res.tables.distributors).sales).toBe(4000);
  });
});
