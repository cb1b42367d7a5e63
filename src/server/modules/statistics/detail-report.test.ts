import { strFromU8, unzipSync } from 'fflate';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detailReportApi, type DetailRow } from '../../../shared/reports/detail-report.ts';
import { queryRows } from '../../db/rows.ts';
import { addDays, areaDay, areaDayStart } from '../../lib/area-clock.ts';
import { demoAreas, type DemoAreas } from '../../test/areas.ts';
import { openExportApp, type ExportTokens } from '../../test/export.ts';
import { xlsxText, type TestApp } from '../../test/harness.ts';
import { seedDemoOrders } from '../order-admin/demo-history/demo-orders.ts';
import {
  foldMoneyDetailRollups,
  rollupMismatches,
  settleMoneyDetailRollups,
  ticketTotalsRollup,
} from './money-detail-rollups.ts';
import { SalesWorkload } from './sales-rollup.fixture.ts';

let t: TestApp;
let tok: ExportTokens;
let areas: DemoAreas;
const db = () => t.database.db;
const NOW = new Date('2026-11-21T04:00:00Z');

/** Tags nest and close, and every `&` starts an entity: the XML is well-formed (enough for these parts). */
function wellFormed(xml: string): boolean {
  const open: string[] = [];
  for (const [, close, name, selfClosing] of xml
    .replace(/^<\?xml[^>]*\?>/, '')
    .matchAll(/<(\/?)([\w:.-]+)[^>]*?(\/?)>/g)) {
    if (close) {
      if (open.pop() !== name) return false;
    } else if (!selfClosing) open.push(name!);
  }
  return open.length === 0 && !/&(?!(amp|lt|gt|quot|apos);)/.test(xml);
}
const YEAR = { from: '2025-11-22', to: '2026-11-21' };

beforeAll(async () => {
  ({ t, tok } = await openExportApp(['admin:stat:detailReport']));
  areas = await demoAreas(db());
  // the demo history of both areas, written in bulk (triggers off), then settled as the demo does
  await seedDemoOrders(db(), { scenicId: areas.qsh, orders: 500, now: NOW });
  await seedDemoOrders(db(), { scenicId: areas.ylgz, orders: 60, now: NOW, seed: 9 });
  for (const id of [areas.qsh, areas.ylgz]) await settleMoneyDetailRollups(db(), id);
});
afterAll(() => t.close());

const page = (body: Record<string, unknown>, token = tok.staff, headers?: Record<string, string>) =>
  t.call(token, 'POST', detailReportApi.page, { ...YEAR, ...body }, headers);

/** The tickets of area 1 in the period matching `cond`, counted straight from the facts. */
async function direct(
  cond = sql`true`,
  scenicId = areas.qsh,
  span = { start: '2025-11-22T00:00:00+08:00', end: '2026-11-22T00:00:00+08:00' },
) {
  const [row] = await queryRows<{ n: number }>(
    db(),
    sql`select count(*)::int as n from order_tickets t join ticket_orders o on o.id = t.order_id
      where o.scenic_id = ${scenicId} and o.created_at >= ${span.start}::timestamptz and o.created_at < ${span.end}::timestamptz
        and ${cond}`,
  );
  return row!.n;
}

describe('/statAnalyse/detailReport', () => {
  it('pages the tickets of the period, newest first, with a total equal to the facts for each filter', async () => {
    const res = await page({ limit: 50 });
    expect(res.statusCode).toBe(200);
    const { rows, total } = res.json<{ data: { rows: DetailRow[]; total: number } }>().data;
    expect(total).toBe(await direct());
    expect(total).toBeGreaterThan(500);
    expect(rows).toHaveLength(50);
    const times = rows.map((r) => r.createTime);
    expect([...times].sort().reverse()).toEqual(times);
    expect(rows[0]!.productName).not.toBe('');
    expect(rows.every((r) => r.visitorIdNumber === '' || r.visitorIdNumber.includes('*'))).toBe(true);

    const [sample] = await queryRows<{
      product_id: number;
      channel: number;
      pay_way: number;
      order_no: string;
      phone: string;
    }>(
      db(),
      sql`select t.product_id, o.channel, o.pay_way, o.order_no, o.buyer_phone as phone from order_tickets t
        join ticket_orders o on o.id = t.order_id where o.scenic_id = ${areas.qsh} and o.pay_way is not null
          and o.created_at > '2026-06-01' and o.created_at < '2026-11-21' order by t.id limit 1`,
    );
    const cases: [Record<string, unknown>, ReturnType<typeof sql>][] = [
      [{ status: 203 }, sql`t.status = 203`],
      [{ channel: sample!.channel }, sql`o.channel = ${sample!.channel}`],
      [{ payWay: sample!.pay_way, status: 402 }, sql`o.pay_way = ${sample!.pay_way} and t.status = 402`],
      [{ productId: sample!.product_id }, sql`t.product_id = ${sample!.product_id}`],
      [{ orderNo: sample!.order_no }, sql`o.order_no = ${sample!.order_no}`],
      [{ phone: sample!.phone }, sql`o.buyer_phone = ${sample!.phone}`],
      [
        { from: '2026-06-01', to: '2026-06-30' },
        sql`o.created_at >= '2026-06-01T00:00:00+08:00' and o.created_at < '2026-07-01T00:00:00+08:00'`,
      ],
    ];
    for (const [filter, cond] of cases) {
      const answer = (await page(filter)).json<{ data: { total: number; rows: DetailRow[] } }>().data;
      expect(answer.total, JSON.stringify(filter)).toBe(await direct(cond));
      expect(answer.total, JSON.stringify(filter)).toBeGreaterThan(0);
    }
  });

  it('answers an empty page for a filter nothing matches and for a page past the end', async () => {
    for (const body of [{ productId: 999_999 }, { page: 10_000 }]) {
      const res = await page(body);
      expect(res.statusCode).toBe(200);
      expect(res.json<{ data: { rows: DetailRow[] } }>().data.rows).toEqual([]);
    }
  });

  it('sorts by price and pages without repeating a ticket', async () => {
    const first = (await page({ sort: 'price', order: 'asc', limit: 30 })).json<{
      data: { rows: DetailRow[] };
    }>().data.rows;
    const second = (await page({ sort: 'price', order: 'asc', limit: 30, page: 2 })).json<{
      data: { rows: DetailRow[] };
    }>().data.rows;
    const prices = [...first, ...second].map((r) => r.price);
    expect([...prices].sort((a, b) => a - b)).toEqual(prices);
    const ids = new Set([...first, ...second].map((r) => r.id));
    expect(ids.size).toBe(60);
  });

  it('exports every ticket of the filter as a streamed .xlsx', async () => {
    const total = await direct(sql`t.status = 402`);
    const res = await t.call(tok.staff, 'POST', detailReportApi.export, {
      ...YEAR,
      status: 402,
      sort: 'visitDate',
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain('售票明细');
    const xml = xlsxText(res.rawPayload);
    // the header row and one row per ticket, across several keyset batches
    expect(xml.match(/<row>/g)?.length).toBe(total + 1);
    expect(total).toBeGreaterThan(100);
    expect(xml).toContain('已使用');
    // every part is well-formed XML, every row has every column
    const parts = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(parts).sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    for (const [name, bytes] of Object.entries(parts)) expect(wellFormed(strFromU8(bytes)), name).toBe(true);
    const rowsXml = strFromU8(parts['xl/worksheets/sheet1.xml']!).split('<row>').slice(1);
    const widths = new Set(rowsXml.map((r) => r.split('</row>')[0]!.match(/<c[ />]/g)?.length));
    expect([...widths]).toEqual([19]);
  });

  it("reads the range picker's ISO bounds as the days they mean, and defaults to the last 30 days", async () => {
    const total = async (body: Record<string, unknown>) =>
      (await t.call(tok.staff, 'POST', detailReportApi.page, body)).json<{ data: { total: number } }>().data
        .total;
    const june = await total({ from: '2026-06-01', to: '2026-06-30' });
    expect(june).toBeGreaterThan(0);
    expect(await total({ from: '2026-06-01T00:00:00+08:00', to: '2026-06-30T23:59:59.999+08:00' })).toBe(
      june,
    );
    expect(await total({ from: '2026-05-31T16:00:00.000Z', to: '2026-06-30T15:59:59.999Z' })).toBe(june);
    const today = areaDay(new Date(), 'Asia/Shanghai');
    const start = areaDayStart(addDays(today, -29), 'Asia/Shanghai').toISOString();
    expect(await total({})).toBe(
      await direct(sql`true`, areas.qsh, { start, end: new Date(Date.now() + 86_400_000).toISOString() }),
    );
  });

  it('refuses bad input naming the field', async () => {
    for (const [body, field] of [
      [{ from: '2026-06-02', to: '2026-06-01' }, 'to'],
      [{ from: '2025-01-01', to: '2026-06-01' }, 'to'],
      [{ from: 'yesterday' }, 'from'],
      [{ status: 999 }, 'status'],
      [{ sort: 'buyerName' }, 'sort'],
      [{ colour: 'red' }, 'colour'],
    ] as const) {
      const res = await page(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body, JSON.stringify(body)).toContain(field);
    }
    const res = await t.call(tok.staff, 'POST', detailReportApi.export, {
      from: '2026-06-02',
      to: '2026-06-01',
    });
    expect(res.statusCode).toBe(400);
  });

  it('needs admin:stat:detailReport', async () => {
    expect((await page({}, tok.shop)).statusCode).toBe(403);
    expect((await t.call(tok.shop, 'POST', detailReportApi.export, YEAR)).statusCode).toBe(403);
  });

  it("never counts or shows another area's tickets", async () => {
    const own = (await page({ limit: 100 })).json<{ data: { rows: DetailRow[]; total: number } }>().data;
    const other = (await page({ limit: 100 }, tok.admin, { 'x-scenic-id': String(areas.ylgz) })).json<{
      data: { rows: DetailRow[]; total: number };
    }>().data;
    expect(other.total).toBe(await direct(sql`true`, areas.ylgz));
    expect(other.total).toBeGreaterThan(0);
    const ownNos = new Set(own.rows.map((r) => r.orderNo));
    expect(other.rows.some((r) => ownNos.has(r.orderNo))).toBe(false);
    const [all] = await queryRows<{ n: number }>(db(), sql`select count(*)::int as n from order_tickets`);
    expect(own.total).toBeLessThan(all!.n);
  });
});

describe('ticket_totals_daily (migration 0056)', () => {
  it('equals the facts after the bulk history and after a random workload, folded or not', async () => {
    expect(await rollupMismatches(db(), ticketTotalsRollup, areas.qsh)).toEqual([]);
    const work = await SalesWorkload.open(db(), areas.qsh, 77);
    for (let i = 0; i < 250; i++) await work.step(db());
    expect(work.done.pay + work.done.refund + work.done.cancel).toBeGreaterThan(20);
    expect(await rollupMismatches(db(), ticketTotalsRollup, areas.qsh)).toEqual([]);
    await foldMoneyDetailRollups(db());
    expect(await rollupMismatches(db(), ticketTotalsRollup, areas.qsh)).toEqual([]);
    const [dup] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from (select 1 from ticket_totals_daily
        group by scenic_id, day, product_id, channel, pay_way, status having count(*) > 1) d`,
    );
    expect(dup!.n).toBe(0);
  });
});
