import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportResult } from '../../../shared/api/report.ts';
import { particularsApi } from '../../../shared/reports/particulars.ts';
import { rechargeStatApi } from '../../../shared/reports/recharge-stat.ts';
import { queryRows } from '../../db/rows.ts';
import { seededRandom } from '../../lib/seeded-random.ts';
import { demoAreas, type DemoAreas } from '../../test/areas.ts';
import { openExportApp, type ExportTokens } from '../../test/export.ts';
import { xlsxText, type TestApp } from '../../test/harness.ts';
import { seedDemoOrders } from '../order-admin/demo-history/demo-orders.ts';
import {
  foldMoneyDetailRollups,
  moneyTotalsRollup,
  rollupMismatches,
  settleMoneyDetailRollups,
} from './money-detail-rollups.ts';

let t: TestApp;
let tok: ExportTokens;
let areas: DemoAreas;
const db = () => t.database.db;
const NOW = new Date('2026-11-21T04:00:00Z');
const YEAR = { from: '2025-11-22', to: '2026-11-21' };
const START = '2025-11-22T00:00:00+08:00';
const END = '2026-11-22T00:00:00+08:00';

beforeAll(async () => {
  ({ t, tok } = await openExportApp(['admin:stat:particulars', 'admin:stat:rechargeStat']));
  areas = await demoAreas(db());
  await seedDemoOrders(db(), { scenicId: areas.qsh, orders: 400, now: NOW });
  await seedDemoOrders(db(), { scenicId: areas.ylgz, orders: 50, now: NOW, seed: 5 });
  for (const id of [areas.qsh, areas.ylgz]) await settleMoneyDetailRollups(db(), id);
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

const one = async (query: SQL) => Number((await queryRows<{ v: number }>(db(), query))[0]!.v);

/** Money received and refunded in area `scenicId` over the year, straight from payments and refunds. */
const receivedDirect = (scenicId: number, way = sql`true`) =>
  one(sql`select coalesce(sum(amount), 0)::bigint as v from payments
    where scenic_id = ${scenicId} and status in ('confirmed', 'refunded') and ${way}
      and coalesce(confirmed_at, created_at) >= ${START}::timestamptz and coalesce(confirmed_at, created_at) < ${END}::timestamptz`);
const refundedDirect = (scenicId: number) =>
  one(sql`select coalesce(sum(amount), 0)::bigint as v from refunds
    where scenic_id = ${scenicId} and status in ('done', 'external')
      and coalesce(done_at, created_at) >= ${START}::timestamptz and coalesce(done_at, created_at) < ${END}::timestamptz`);

describe('/statAnalyse/particulars', () => {
  it('answers payments and refunds per day and pay way equal to the facts, with the statements beside them', async () => {
    const r = await report(particularsApi.query);
    expect(r.figures.received).toBe(await receivedDirect(areas.qsh));
    expect(r.figures.refunded).toBe(await refundedDirect(areas.qsh));
    expect(r.figures.received).toBeGreaterThan(0);
    expect(r.figures.refunded).toBeGreaterThan(0);
    expect(r.figures.net).toBe(r.figures.received! - r.figures.refunded!);
    for (const table of ['byDay', 'byPayWay']) {
      const rows = r.tables[table]!;
      const total = rows.at(-1)!;
      expect(total.total).toBe(1);
      expect(total.received).toBe(r.figures.received);
      expect(rows.slice(0, -1).reduce((s, x) => s + Number(x.received), 0)).toBe(r.figures.received);
      expect(rows.slice(0, -1).reduce((s, x) => s + Number(x.refunded), 0)).toBe(r.figures.refunded);
    }
    // the reconciliation table: the days of the pay ways with statements (WeChat Pay, Alipay)
    const daily = r.tables.daily!;
    expect(daily.slice(0, -1).every((x) => x.payWay === 2 || x.payWay === 3)).toBe(true);
    const online = await receivedDirect(areas.qsh, sql`pay_way in (2, 3)`);
    expect(online).toBeGreaterThan(0);
    expect(daily.at(-1)!.received).toBe(online);
    expect(daily.slice(0, -1).reduce((s, x) => s + Number(x.received), 0)).toBe(online);
    const cash = await report(particularsApi.query, { payWay: 1 });
    expect(cash.tables.daily!.at(-1)!.received).toBe(await receivedDirect(areas.qsh, sql`pay_way = 1`));
    const wechat = await report(particularsApi.query, { payWay: 2 });
    expect(wechat.figures.received).toBe(await receivedDirect(areas.qsh, sql`pay_way = 2`));
    expect(wechat.tables.byPayWay!.slice(0, -1).every((x) => x.payWay === 2)).toBe(true);

    // a statement of a day shows beside our money with its open differences
    await db()
      .execute(sql`insert into pay_statements (scenic_id, pay_way, statement_date, status, lines, differences)
      values (${areas.qsh}, 2, '2026-11-20', 'matched', 7, 1)`);
    await db()
      .execute(sql`insert into pay_differences (scenic_id, pay_way, statement_date, kind, line_kind, payment_no, our_amount)
      values (${areas.qsh}, 2, '2026-11-20', 'missingThere', 'payment', 'P1', 100)`);
    const day = (await report(particularsApi.query, { from: '2026-11-20', to: '2026-11-20' })).tables.daily!;
    const line = day.find((x) => x.payWay === 2)!;
    expect(line).toMatchObject({
      day: '2026-11-20',
      statement: 'matched',
      statementLines: 7,
      differences: 1,
    });
  });

  it('exports a table as .xlsx', async () => {
    const res = await t.call(tok.staff, 'POST', particularsApi.export, { ...YEAR, table: 'byPayWay' });
    expect(res.statusCode).toBe(200);
    expect(xlsxText(res.rawPayload)).toContain('合计');
  });

  it('refuses bad input, callers without the permission, and counts no other area', async () => {
    for (const [body, field] of [
      [{ from: '2026-06-02', to: '2026-06-01' }, 'to'],
      [{ payWay: 77 }, 'payWay'],
      [{ extra: 1 }, 'extra'],
    ] as const) {
      const res = await t.call(tok.staff, 'POST', particularsApi.query, { ...YEAR, ...body });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(field);
    }
    expect(
      (await t.call(tok.staff, 'POST', particularsApi.export, { ...YEAR, table: 'nope' })).statusCode,
    ).toBe(400);
    expect((await t.call(tok.shop, 'POST', particularsApi.query, YEAR)).statusCode).toBe(403);
    const other = await report(particularsApi.query, {}, tok.admin, { 'x-scenic-id': String(areas.ylgz) });
    expect(other.figures.received).toBe(await receivedDirect(areas.ylgz));
    const all = await one(
      sql`select coalesce(sum(amount), 0)::bigint as v from payments where status in ('confirmed', 'refunded')`,
    );
    expect((await report(particularsApi.query)).figures.received).toBeLessThan(all);
  });
});

describe('money_totals_daily (migration 0056)', () => {
  it('equals the facts after a random workload of payments, refunds and their moves, folded or not', async () => {
    const r = seededRandom(31);
    const orders = (
      await queryRows<{ id: number }>(
        db(),
        sql`select id from ticket_orders where scenic_id = ${areas.qsh} order by id limit 40`,
      )
    ).map((o) => Number(o.id));
    for (let i = 0; i < 150; i++) {
      const step = r.pick(['pay', 'pay', 'confirm', 'refund', 'done', 'fail'] as const);
      const at = new Date(NOW.getTime() - r.int(0, 90) * 86_400_000).toISOString();
      if (step === 'pay')
        await db()
          .execute(sql`insert into payments (order_id, scenic_id, pay_way, provider, amount, status, created_at, confirmed_at)
          values (${r.pick(orders)}, ${areas.qsh}, ${r.pick([1, 2, 3, 9])}, 'offline', ${r.int(1, 50) * 100},
            ${r.pick(['pending', 'confirmed'])}, ${at}::timestamptz, ${at}::timestamptz)`);
      else if (step === 'confirm')
        await db().execute(sql`update payments set status = 'confirmed', confirmed_at = ${at}::timestamptz
          where id = (select id from payments where scenic_id = ${areas.qsh} and status = 'pending' order by id desc limit 1)`);
      else if (step === 'refund')
        await db()
          .execute(sql`insert into refunds (scenic_id, order_id, payment_id, amount, status, created_at)
          select scenic_id, order_id, id, least(amount, 100), 'created', ${at}::timestamptz from payments
          where scenic_id = ${areas.qsh} and status = 'confirmed' and amount > 0 order by id desc limit 1`);
      else
        await db()
          .execute(sql`update refunds set status = ${step === 'done' ? r.pick(['done', 'external']) : 'failed'},
            done_at = ${at}::timestamptz
          where id = (select id from refunds where scenic_id = ${areas.qsh} and status in ('created', 'done') order by id desc limit 1)`);
    }
    expect(await rollupMismatches(db(), moneyTotalsRollup, areas.qsh)).toEqual([]);
    await foldMoneyDetailRollups(db());
    expect(await rollupMismatches(db(), moneyTotalsRollup, areas.qsh)).toEqual([]);
    const r2 = await report(particularsApi.query);
    expect(r2.figures.received).toBe(await receivedDirect(areas.qsh));
    expect(r2.figures.refunded).toBe(await refundedDirect(areas.qsh));
  });
});

describe('/statAnalyse/rechargeStat', () => {
  const ledgerDirect = (scenicId: number, operation: number) =>
    one(sql`select coalesce(sum(change), 0)::bigint as v from member_ledger
      where scenic_id = ${scenicId} and operation = ${operation} and created_at >= ${START}::timestamptz and created_at < ${END}::timestamptz`);

  it('answers top-ups, gifts and spends per day, rule and pay way equal to the ledger and the top-ups', async () => {
    const r = await report(rechargeStatApi.query);
    expect(r.figures.topUp).toBe(await ledgerDirect(areas.qsh, 1));
    expect(r.figures.gift).toBe(await ledgerDirect(areas.qsh, 4));
    expect(r.figures.spend).toBe(-(await ledgerDirect(areas.qsh, 2)));
    expect(r.figures.topUp).toBeGreaterThan(0);
    expect(r.figures.spend).toBeGreaterThan(0);
    const paid =
      await one(sql`select coalesce(sum(amount), 0)::bigint as v from recharges where scenic_id = ${areas.qsh}
      and status = 201 and coalesce(paid_at, created_at) >= ${START}::timestamptz and coalesce(paid_at, created_at) < ${END}::timestamptz`);
    for (const table of ['byRule', 'byPayWay']) {
      const rows = r.tables[table]!;
      expect(rows.at(-1)!.topUp).toBe(paid);
      expect(rows.slice(0, -1).reduce((s, x) => s + Number(x.topUp), 0)).toBe(paid);
    }
    expect(r.tables.byRule!.some((x) => String(x.rule).startsWith('充'))).toBe(true);
    const days = r.tables.byDay!;
    expect(days.at(-1)!.topUp).toBe(r.figures.topUp);
    expect(days.slice(0, -1).reduce((s, x) => s + Number(x.change), 0)).toBe(days.at(-1)!.change);
  });

  it('refuses bad input and callers without the permission, and counts no other area', async () => {
    const bad = await t.call(tok.staff, 'POST', rechargeStatApi.query, {
      from: '2024-01-01',
      to: '2026-01-01',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('to');
    expect((await t.call(tok.shop, 'POST', rechargeStatApi.query, YEAR)).statusCode).toBe(403);
    const [member] = await queryRows<{ id: number }>(
      db(),
      sql`insert into members (scenic_id, phone, balance) values (${areas.ylgz}, '13900001111', 5000) returning id`,
    );
    await db()
      .execute(sql`insert into member_ledger (scenic_id, member_id, operation, change, balance_after, created_at)
      values (${areas.ylgz}, ${member!.id}, 1, 5000, 5000, '2026-10-01T10:00:00+08:00')`);
    const other = await report(rechargeStatApi.query, {}, tok.admin, { 'x-scenic-id': String(areas.ylgz) });
    expect(other.figures.topUp).toBe(await ledgerDirect(areas.ylgz, 1));
    expect(other.figures.topUp).toBeGreaterThanOrEqual(5000);
    expect((await report(rechargeStatApi.query)).figures.topUp).toBe(await ledgerDirect(areas.qsh, 1));
  });
});
