import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  disorderApi,
  settlementBatchApi,
  settlementSettingApi,
  type DisorderRow,
  type SettlementBatchRow,
  type SettlementItems,
} from '../../../shared/api/settlement.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { seedDemoOrders } from '../order-admin/demo-history/demo-orders.ts';
import { createTestApp, xlsxText, type TestApp } from '../../test/harness.ts';
import { seedDemoSettlement } from './settlement.seed.ts';

let t: TestApp;
let db: Db;
let scenicId: number;
const tok: Record<string, string> = {};
const call = (who: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
  t.call(tok[who]!, method, url, body);
const data = <T>(res: { json: <R>() => R }) => res.json<{ data: T }>().data;

/** A past month with settleable distribution tickets of the demo history. */
let month: { from: string; to: string; tickets: number };

beforeAll(async () => {
  t = await createTestApp({ loginRateLimit: 1000 });
  db = t.database.db;
  scenicId = Number(
    (await queryRows<{ s: number }>(db, sql`select scenic_id as s from admins where username = 'agent'`))[0]!
      .s,
  );
  await seedDemoOrders(db, { scenicId, orders: 600, days: 100 });
  await t.grant('agent', ['admin:disorder:page', 'admin:settle:statement']);
  await t.grant('staff', ['admin:setMange:page']);
  await t.grant('yunling', ['admin:setMange:page', 'admin:settle:close', 'admin:disorder:page']);
  for (const name of ['admin', 'staff', 'agent', 'yunling']) tok[name] = (await t.login(name)).access_token;
  const [row] = await queryRows<{ month: string; last: string; n: number }>(
    db,
    sql`select to_char(date_trunc('month', t.visit_date), 'YYYY-MM-DD') as month,
          to_char(date_trunc('month', t.visit_date) + interval '1 month - 1 day', 'YYYY-MM-DD') as last, count(*)::int as n
        from order_tickets t join ticket_orders o on o.id = t.order_id
        where o.channel = 13 and o.scenic_id = ${scenicId} and t.status in (402, 403, 501)
          and t.visit_date < date_trunc('month', current_date)
        group by 1, 2 order by 3 desc limit 1`,
  );
  month = { from: row!.month, to: row!.last, tickets: Number(row!.n) };
});
afterAll(() => t.close());

describe('settlement settings (/disManage/setMange)', () => {
  it('reads the demo settings, saves new ones (audited); 400 names the field; 403 without permission', async () => {
    expect(data(await call('admin', 'GET', settlementSettingApi.query))).toMatchObject({
      cycle: 3,
      commissionRate: 500,
    });
    const body = { cycle: 2, settleUsed: true, settleExpired: false, commissionRate: 800 };
    expect((await call('admin', 'POST', settlementSettingApi.update, body)).statusCode).toBe(200);
    expect(data(await call('admin', 'GET', settlementSettingApi.query))).toMatchObject(body);
    const bad = await call('admin', 'POST', settlementSettingApi.update, { ...body, commissionRate: 20_000 });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('commissionRate');
    expect((await call('staff', 'POST', settlementSettingApi.update, body)).statusCode).toBe(403);
    expect((await call('agent', 'GET', settlementSettingApi.query)).statusCode).toBe(403);
    // another area has its own (defaults)
    expect(data(await call('yunling', 'GET', settlementSettingApi.query))).toMatchObject({
      commissionRate: 0,
    });
    await call('admin', 'POST', settlementSettingApi.update, {
      ...body,
      settleExpired: true,
      commissionRate: 500,
    });
  });
});

describe('settlement batches (T25)', () => {
  it('a draft previews, closes once (tickets to 405 with settlement rows), and exports statements', async () => {
    const created = await call('admin', 'POST', settlementBatchApi.create, {
      periodFrom: month.from,
      periodTo: month.to,
    });
    expect(created.statusCode).toBe(200);
    const batch = data<SettlementBatchRow>(created);
    expect(batch.state).toBe(1);
    const preview = data<SettlementItems>(
      await call('admin', 'GET', `${settlementBatchApi.items}?id=${batch.id}`),
    );
    expect(preview.batch.ticketCount).toBe(month.tickets);
    expect(preview.batch.commission).toBe(preview.items.length ? preview.batch.commission : 0);
    // nothing moved yet
    const [before] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from settlement_items`);
    expect(Number(before!.n)).toBe(0);
    // overlapping period: refused
    expect(
      (
        await call('admin', 'POST', settlementBatchApi.create, {
          periodFrom: month.from,
          periodTo: month.from,
        })
      ).statusCode,
    ).toBe(409);

    const closed = data<SettlementBatchRow>(
      await call('admin', 'POST', settlementBatchApi.close, { id: batch.id }),
    );
    expect(closed).toMatchObject({ state: 2, ticketCount: month.tickets, amount: preview.batch.amount });
    expect(closed.commission).toBe(Math.round(closed.commission));
    expect((await call('admin', 'POST', settlementBatchApi.close, { id: batch.id })).statusCode).toBe(409);
    const [moved] = await queryRows<{ settled: number; left: number }>(
      db,
      sql`select count(*) filter (where t.status = 405)::int as settled,
            count(*) filter (where t.status in (402, 403, 501))::int as left
          from order_tickets t join ticket_orders o on o.id = t.order_id
          where o.channel = 13 and t.visit_date between ${month.from} and ${month.to}`,
    );
    expect(moved).toEqual({ settled: month.tickets, left: 0 });

    const statement = await call('admin', 'POST', settlementBatchApi.statement, { id: batch.id });
    expect(statement.statusCode).toBe(200);
    expect(xlsxText(statement.rawPayload)).toContain('山水旅行社');
    const own = await call('agent', 'POST', settlementBatchApi.statement, { id: batch.id });
    expect(own.statusCode).toBe(200);

    const orders = data<{ rows: DisorderRow[]; total: number }>(
      await call('agent', 'POST', disorderApi.page, { page: 1, limit: 50, batchNo: batch.batchNo }),
    );
    expect(orders.total).toBeGreaterThan(0);
    expect(orders.rows.every((r) => r.batchNo === batch.batchNo && r.settleState > 0)).toBe(true);
    // the statement's batch, the products and the retail value of each order (the screen's columns)
    expect(orders.rows.every((r) => r.batchId === batch.id && r.productName !== '')).toBe(true);
    const [first] = await queryRows<{ retail: number; products: string }>(
      db,
      sql`select sum(coalesce(t.retail_floor, t.price))::int as retail, min(p.name) as products
          from order_tickets t join ticket_products p on p.id = t.product_id
          join ticket_orders o on o.id = t.order_id where o.order_no = ${orders.rows[0]!.orderNo}`,
    );
    expect(orders.rows[0]!.retailAmount).toBe(Number(first!.retail));
    expect(orders.rows[0]!.productName).toContain(first!.products);
    expect(
      xlsxText((await call('agent', 'POST', disorderApi.export, { page: 1, limit: 10 })).rawPayload),
    ).toContain(first!.products);
    // the batch settles every demo distributor's tickets (order-admin/demo-history/demo-orders.ts): the area's totals
    // are the batch's, the agent's are its own part of them
    const totals = data<{ commission: number }>(
      await call('admin', 'POST', disorderApi.totals, { page: 1, limit: 10, batchNo: batch.batchNo }),
    );
    expect(totals.commission).toBe(closed.commission);
    const ownTotals = data<{ commission: number }>(
      await call('agent', 'POST', disorderApi.totals, { page: 1, limit: 10, batchNo: batch.batchNo }),
    );
    expect(ownTotals.commission).toBeLessThanOrEqual(closed.commission);
    expect(
      (
        await queryRows<{ n: number }>(
          db,
          sql`select count(*)::int as n from audit_logs where action = 'settlement.close'`,
        )
      )[0]!.n,
    ).toBe(1);
  });

  it('bad input names the field; 403 without permission; another area sees nothing and gets 404', async () => {
    const bad = await call('admin', 'POST', settlementBatchApi.create, {
      periodFrom: '2025-02-10',
      periodTo: '2025-02-01',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('periodTo');
    expect(
      (
        await call('staff', 'POST', settlementBatchApi.create, {
          periodFrom: '2020-01-01',
          periodTo: '2020-01-31',
        })
      ).statusCode,
    ).toBe(403);
    expect((await call('agent', 'POST', settlementBatchApi.page, { page: 1, limit: 10 })).statusCode).toBe(
      403,
    );
    const [b] = await queryRows<{ id: number }>(db, sql`select id from settlement_batches limit 1`);
    expect((await call('yunling', 'GET', `${settlementBatchApi.items}?id=${b!.id}`)).statusCode).toBe(404);
    expect((await call('yunling', 'POST', settlementBatchApi.close, { id: b!.id })).statusCode).toBe(404);
    expect(
      data<{ total: number }>(await call('yunling', 'POST', settlementBatchApi.page, { page: 1, limit: 10 }))
        .total,
    ).toBe(0);
    expect(
      data<{ total: number }>(await call('yunling', 'POST', disorderApi.page, { page: 1, limit: 10 })).total,
    ).toBe(0);
  });

  it('a discarded draft frees its period; the demo seeding closes every past month', async () => {
    const draft = data<SettlementBatchRow>(
      await call('yunling', 'POST', settlementBatchApi.create, {
        periodFrom: '2020-01-01',
        periodTo: '2020-01-31',
      }),
    );
    expect(
      data<SettlementBatchRow>(await call('yunling', 'POST', settlementBatchApi.discard, { id: draft.id }))
        .state,
    ).toBe(3);
    expect((await call('yunling', 'POST', settlementBatchApi.close, { id: draft.id })).statusCode).toBe(409);
    const closed = await seedDemoSettlement(db, scenicId);
    expect(closed).toBeGreaterThan(0);
    const [left] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from order_tickets t join ticket_orders o on o.id = t.order_id
          where o.channel = 13 and t.status in (402, 403, 501) and t.visit_date < date_trunc('month', current_date)`,
    );
    expect(Number(left!.n)).toBe(0);
    expect(await seedDemoSettlement(db, scenicId)).toBe(0);
  });

  it('the agent sees only its own distribution orders', async () => {
    const rows = data<{ rows: DisorderRow[] }>(
      await call('agent', 'POST', disorderApi.page, { page: 1, limit: 100 }),
    ).rows;
    const [agent] = await queryRows<{ id: number }>(
      db,
      sql`select d.id from distributors d join admins a on a.id = d.admin_id where a.username = 'agent'`,
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.distributorId === Number(agent!.id))).toBe(true);
    // unsettled orders have no batch
    expect(
      rows.filter((r) => r.settleState === 0).every((r) => r.batchId === null && r.batchNo === null),
    ).toBe(true);
    const x = await call('agent', 'POST', disorderApi.export, { page: 1, limit: 10 });
    expect(x.statusCode).toBe(200);
  });
});
