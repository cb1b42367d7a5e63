import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportResult } from '../../../shared/api/report.ts';
import { dataAnalyseApi, dataParsApi, statAllReportApi } from '../../../shared/reports/sales.ts';
import { queryRows } from '../../db/rows.ts';
import { demoAreas, type DemoAreas } from '../../test/areas.ts';
import { openExportApp, type ExportTokens } from '../../test/export.ts';
import { xlsxText, type TestApp } from '../../test/harness.ts';
import { seedDemoOrders } from '../order-admin/demo-history/demo-orders.ts';
import { foldSalesRollups } from './sales-rollup.ts';

let t: TestApp;
let tok: ExportTokens;
let areas: DemoAreas;
const db = () => t.database.db;
const NOW = new Date('2026-11-21T04:00:00Z');
const YEAR = { from: '2025-11-22', to: '2026-11-21' };

beforeAll(async () => {
  ({ t, tok } = await openExportApp([
    'admin:stat:dataPars',
    'admin:stat:dataAnalyse',
    'admin:stat:statAllReport',
  ]));
  areas = await demoAreas(db());
  await seedDemoOrders(db(), { scenicId: areas.qsh, orders: 400, now: NOW });
  await seedDemoOrders(db(), { scenicId: areas.ylgz, orders: 60, now: NOW, seed: 5 });
  await foldSalesRollups(db());
});
afterAll(() => t.close());

const report = async (
  url: string,
  body: Record<string, unknown> = {},
  token = tok.staff,
  headers?: Record<string, string>,
) => {
  const res = await t.call(token, 'POST', url, { ...YEAR, ...body }, headers);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: ReportResult }>().data;
};

/** Paid orders of an area created in the year on its clock (Asia/Shanghai), straight from the facts. */
const ordersDirect = async (scenicId: number, extra: SQL = sql`true`) =>
  (
    await queryRows<{ orders: number; amount: number; tickets: number; refunded: number }>(
      db(),
      sql`select count(*)::int as orders, coalesce(sum(total_amount), 0)::int as amount,
        coalesce(sum(ticket_count), 0)::int as tickets, coalesce(sum(refunded_amount), 0)::int as refunded
      from ticket_orders where scenic_id = ${scenicId} and pay_status = 201 and ${extra}
        and (created_at at time zone 'Asia/Shanghai')::date between ${YEAR.from} and ${YEAR.to}`,
    )
  )[0]!;
const ticketsDirect = async (scenicId: number) =>
  (
    await queryRows<{ tickets: number; amount: number; refunded: number; refundedValue: number }>(
      db(),
      sql`select count(*)::int as tickets, coalesce(sum(t.price), 0)::int as amount,
        count(*) filter (where t.status = 203)::int as refunded,
        coalesce(sum(t.price) filter (where t.status = 203), 0)::int as "refundedValue"
      from order_tickets t join ticket_orders o on o.id = t.order_id
      where o.scenic_id = ${scenicId} and o.pay_status = 201
        and (o.created_at at time zone 'Asia/Shanghai')::date between ${YEAR.from} and ${YEAR.to}`,
    )
  )[0]!;

const body = (rows: ReportResult['tables'][string]) => rows.slice(0, -1);
const sum = (rows: ReportResult['tables'][string], key: string) =>
  rows.reduce((s, r) => s + Number(r[key] ?? 0), 0);

describe('/statAnalyse/dataPars', () => {
  it('answers the figures of the period and of the one before, equal to the facts, split three ways', async () => {
    const r = await report(dataParsApi.query);
    const direct = await ordersDirect(areas.qsh);
    const tickets = await ticketsDirect(areas.qsh);
    expect(direct.orders).toBeGreaterThan(300);
    expect(r.figures).toMatchObject({
      amount: direct.amount,
      orders: direct.orders,
      tickets: direct.tickets,
      refundedAmount: direct.refunded,
      refundedTickets: tickets.refunded,
      avgPrice: Math.round(direct.amount / direct.tickets),
    });
    expect(r.figures.refundedTickets).toBeGreaterThan(0);
    expect(r.figures.amountPrev).toBe(0); // the history starts a year ago
    for (const table of ['byChannel', 'byPayWay']) {
      const rows = r.tables[table]!;
      expect(rows.at(-1)).toMatchObject({ total: 1, amount: direct.amount, orders: direct.orders });
      expect(sum(body(rows), 'amount')).toBe(direct.amount);
    }
    expect(r.tables.byProductType!.at(-1)).toMatchObject({
      total: 1,
      amount: tickets.amount,
      tickets: tickets.tickets,
    });
    // a channel's figures are that channel's orders
    const window = await report(dataParsApi.query, { channel: 1 });
    expect(window.figures.amount).toBe((await ordersDirect(areas.qsh, sql`channel = 1`)).amount);
    // the previous period of a month is the month before
    const month = await report(dataParsApi.query, { from: '2026-10-01', to: '2026-10-31' });
    const before = await report(dataParsApi.query, { from: '2026-08-31', to: '2026-09-30' });
    expect(month.figures.amountPrev).toBe(before.figures.amount);
  });

  it('exports a table as .xlsx with the screen total', async () => {
    const res = await t.call(tok.staff, 'POST', dataParsApi.export, { ...YEAR, table: 'byChannel' });
    expect(res.statusCode).toBe(200);
    expect(xlsxText(res.rawPayload)).toContain('合计');
  });
});

describe('/statAnalyse/dataAnalyse', () => {
  it('answers the trend by day, week and month with the period before, hours, products and channels', async () => {
    const direct = await ordersDirect(areas.qsh);
    for (const step of ['day', 'week', 'month']) {
      const r = await report(dataAnalyseApi.query, { step });
      const trend = r.tables.trend!;
      expect(trend.at(-1)).toMatchObject({ total: 1, amount: direct.amount, orders: direct.orders });
      expect(sum(body(trend), 'amount')).toBe(direct.amount);
      expect(body(trend).length).toBe(step === 'day' ? 365 : step === 'week' ? 53 : 13);
    }
    const r = await report(dataAnalyseApi.query);
    expect(r.figures.amount).toBe(direct.amount);
    const hours = body(r.tables.byHour!);
    expect(hours.length).toBeLessThanOrEqual(24);
    expect(sum(hours, 'orders')).toBe(direct.orders);
    expect(r.tables.byProduct!.at(-1)!.amount).toBe((await ticketsDirect(areas.qsh)).amount);
    expect(typeof body(r.tables.byProduct!)[0]!.product).toBe('string');
    expect(r.tables.byChannel!.at(-1)!.amount).toBe(direct.amount);
    // the same month of two periods side by side
    const late = await report(dataAnalyseApi.query, { from: '2026-10-01', to: '2026-11-20', step: 'month' });
    const early = await report(dataAnalyseApi.query, { from: '2026-08-11', to: '2026-09-30', step: 'month' });
    expect(late.tables.trend!.at(-1)!.amountPrev).toBe(early.figures.amount);
  });
});

describe('/statAnalyse/statAllReport', () => {
  it('answers product × channel × pay way with subtotals and a grand total equal to the tickets', async () => {
    const r = await report(statAllReportApi.query);
    const direct = await ticketsDirect(areas.qsh);
    const rows = r.tables.summary!;
    expect(rows.at(-1)).toMatchObject({
      total: 1,
      tickets: direct.tickets,
      amount: direct.amount,
      refundedTickets: direct.refunded,
      refundedAmount: direct.refundedValue,
      net: direct.amount - direct.refundedValue,
    });
    const cells = rows.filter((x) => x.channel !== 'subtotal' && x.total !== 1);
    const subtotals = rows.filter((x) => x.channel === 'subtotal');
    expect(sum(cells, 'amount')).toBe(direct.amount);
    expect(sum(subtotals, 'amount')).toBe(direct.amount);
    expect(subtotals.length).toBeGreaterThan(1);
    expect(r.figures.amount).toBe(direct.amount);
    expect(r.tables.byProduct!.at(-1)!.amount).toBe(direct.amount);
    expect(sum(body(r.tables.byProduct!), 'amount')).toBe(direct.amount);
    const performance = await report(statAllReportApi.query, { productType: 3 });
    expect(performance.figures.amount).toBeLessThan(direct.amount);
    const res = await t.call(tok.staff, 'POST', statAllReportApi.export, { ...YEAR, table: 'summary' });
    expect(res.statusCode).toBe(200);
    const text = xlsxText(res.rawPayload);
    expect(text).toContain('小计');
    expect(text).toContain('合计');
  });
});

describe('the sales reports refuse', () => {
  it('bad input with the field, callers without the permission, and count no other area', async () => {
    for (const url of [dataParsApi.query, dataAnalyseApi.query, statAllReportApi.query])
      for (const [bad, field] of [
        [{ from: '2026-06-02', to: '2026-06-01' }, 'to'],
        [{ from: '2024-01-01', to: '2026-01-01' }, 'to'],
        [{ channel: 77 }, 'channel'],
        [{ extra: 1 }, 'extra'],
      ] as const) {
        const res = await t.call(tok.staff, 'POST', url, { ...YEAR, ...bad });
        expect(res.statusCode, `${url} ${JSON.stringify(bad)}`).toBe(400);
        expect(res.body).toContain(field);
      }
    expect(
      (await t.call(tok.staff, 'POST', dataAnalyseApi.query, { ...YEAR, step: 'year' })).statusCode,
    ).toBe(400);
    expect(
      (await t.call(tok.staff, 'POST', statAllReportApi.export, { ...YEAR, table: 'nope' })).statusCode,
    ).toBe(400);
    for (const url of [
      dataParsApi.query,
      dataAnalyseApi.query,
      statAllReportApi.query,
      statAllReportApi.export,
    ])
      expect((await t.call(tok.shop, 'POST', url, { ...YEAR, table: 'summary' })).statusCode).toBe(403);
    const other = await report(dataParsApi.query, {}, tok.admin, { 'x-scenic-id': String(areas.ylgz) });
    expect(other.figures.amount).toBe((await ordersDirect(areas.ylgz)).amount);
    const mine = await report(dataParsApi.query);
    expect(mine.figures.amount).toBe((await ordersDirect(areas.qsh)).amount);
    expect(mine.figures.amount).not.toBe(other.figures.amount);
  });
});
