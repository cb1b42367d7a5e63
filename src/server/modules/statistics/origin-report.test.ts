import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { originApi, provinceOf } from '../../../shared/reports/origin.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { demoAreas } from '../../test/areas.ts';
import { expectXlsx } from '../../test/export.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { expect400 } from '../../test/replies.ts';
import { anyProduct, insertOrder } from '../order-admin/order-admin.fixture.ts';
import { idNumber } from '../orders/orders.fixture.ts';
import { foldGateOriginRollups, gateOriginMismatches } from './gate-origin-rollups.ts';
import { moveTickets, report, totalOf } from './gate-origin.fixture.ts';

let t: TestApp;
let db: Db;
let qsh: number;
let ylgz: number;
const tok: Record<string, string> = {};
// visit days after the demo's own
const DAY = '2027-04-10';

/** An ID number of a province (its first two digits), else the fixture's Beijing one. */
const idOf = (province: string, n: number) => `${province}${idNumber(n).slice(2)}`;

/** The facts: tickets that count as visitors of the area's visit days, per province. */
async function facts(scenicId: number, from: string, to: string) {
  const rows = await queryRows<{ id: string | null; n: number }>(
    db,
    sql`select visitor_id_number as id, count(*)::int as n from order_tickets
      where scenic_id = ${scenicId} and visit_date between ${from}::date and ${to}::date
        and status in (201, 202, 205, 301, 302, 401, 402, 403, 405, 501)
      group by 1`,
  );
  const byProvince = new Map<number, number>();
  for (const r of rows)
    byProvince.set(provinceOf(r.id), (byProvince.get(provinceOf(r.id)) ?? 0) + Number(r.n));
  return byProvince;
}

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  ({ qsh, ylgz } = await demoAreas(db));
  for (const who of ['admin', 'staff', 'agent', 'yunling']) tok[who] = (await t.login(who)).access_token;
  await t.grant('yunling', ['admin:stat:origin']);
  const product = await anyProduct(db, qsh);
  const order = (status: number, ids: (string | null)[], visitDate = DAY, scenicId = qsh, p = product) =>
    insertOrder(db, { scenicId, product: p, status, tickets: ids.length, visitorIdNumbers: ids, visitDate });
  await order(201, [idOf('44', 1), idOf('44', 2), idOf('44', 3), idOf('11', 4), null, 'E12345678']);
  const used = await order(201, [idOf('91', 5), idOf('32', 6)], '2027-04-11');
  await moveTickets(db, used.ticketIds, [302, 402]);
  // not visitors: unpaid, cancelled, refunded
  await order(101, [idOf('44', 7)]);
  const cancelled = await order(101, [idOf('44', 8)]);
  await moveTickets(db, cancelled.ticketIds, [102]);
  const refunded = await order(201, [idOf('33', 9), idOf('33', 10)]);
  await moveTickets(db, refunded.ticketIds.slice(0, 1), [205, 203]);
  // the period before, and another area
  await order(201, [idOf('44', 11)], '2027-04-08');
  await order(201, [idOf('51', 12), idOf('51', 13)], DAY, ylgz, await anyProduct(db, ylgz));
});
afterAll(() => t.close());

describe('the origin rollup (origin_daily)', () => {
  it('equals the tickets, through sales, refunds and a fold', async () => {
    expect(await gateOriginMismatches(db)).toEqual([]);
    await foldGateOriginRollups(db);
    expect(await gateOriginMismatches(db)).toEqual([]);
  });
});

describe('/statAnalyse/origin', () => {
  const period = { from: DAY, to: '2027-04-11' };

  it('answers visitors per province as the tickets give them, the unknown last', async () => {
    const res = await report(t, tok.admin!, originApi.query, period);
    const expected = await facts(qsh, period.from, period.to);
    const rows = res.tables.provinces!;
    expect(rows.slice(0, -1).map((r) => [r.province, r.visitors])).toEqual([
      [44, 3],
      [11, 1],
      [32, 1],
      [33, 1],
      [91, 1],
      [0, 2],
    ]);
    for (const row of rows.slice(0, -1)) expect(row.visitors).toBe(expected.get(Number(row.province)));
    expect(totalOf(rows)).toMatchObject({ visitors: 9, share: 1000 });
    expect(rows[0]!.share).toBe(333);
    expect(res.figures).toEqual({ visitors: 9, visitorsPrevious: 1, identified: 7, provinces: 4 });
  });

  it('exports the table as .xlsx', async () => {
    const res = await t.call(tok.admin!, 'POST', originApi.export, { ...period, table: 'provinces' });
    expect(expectXlsx(res, '客源地分析')).toContain('广东');
  });

  it('refuses a bad period or an unknown field', async () => {
    expect400(await t.call(tok.admin!, 'POST', originApi.query, { from: '2027-04-12', to: DAY }), 'to');
    expect400(await t.call(tok.admin!, 'POST', originApi.query, { from: 'x', to: DAY }), 'from');
    const extra = await t.call(tok.admin!, 'POST', originApi.query, { ...period, province: 44 });
    expect(extra.statusCode).toBe(400);
  });

  it('refuses callers without the permission, and distributors', async () => {
    for (const who of ['staff', 'agent'])
      expect((await t.call(tok[who]!, 'POST', originApi.query, period)).statusCode, who).toBe(403);
  });

  it('counts only the acting area', async () => {
    const res = await report(t, tok.yunling!, originApi.query, period);
    expect(res.tables.provinces!.slice(0, -1)).toEqual([{ province: 51, visitors: 2, share: 1000 }]);
  });
});
