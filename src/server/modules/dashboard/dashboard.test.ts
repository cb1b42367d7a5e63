import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardApi, type Dashboard } from '../../../shared/api/dashboard.ts';
import { rowsOf } from '../../db/rows.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { dayLastYear } from './dashboard.routes.ts';

let t: TestApp;
const tok: Record<string, string> = {};

async function dashboard(who: string) {
  const res = await t.call(tok[who]!, 'GET', dashboardApi.figures);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Dashboard;
}

const count = async (query: ReturnType<typeof sql>) =>
  Number(rowsOf<{ n: number }>(await t.app.ctx.db.execute(query))[0]!.n);

beforeAll(async () => {
  t = await createTestApp({ loginRateLimit: 1000 });
  await t.grant('yunling', ['admin:refundApply:page', 'admin:terminal:page']);
  for (const name of ['admin', 'staff', 'yunling', 'agent', 'shop'])
    tok[name] = (await t.login(name)).access_token;
});
afterAll(() => t.close());

describe('GET dashboard/figures', () => {
  it("reads the figures the modules plug in, each equal to a direct count of the area's facts", async () => {
    const d = await dashboard('admin');
    expect(d.days).toHaveLength(30);
    expect(d.days.at(-1)).toBe(d.today);
    const byKey = Object.fromEntries(d.figures.map((f) => [f.key, f]));
    expect(byKey.refundsPending?.value).toBe(
      await count(sql`select count(*)::int as n from refund_requests where scenic_id = 1 and status = 1`),
    );
    expect(byKey.shipmentsPending?.value).toBe(
      await count(sql`select count(*)::int as n from shop_orders where scenic_id = 1 and status = 201`),
    );
    expect(byKey.devicesOffline?.value).toBe(
      await count(
        sql`select count(*)::int as n from terminals where scenic_id = 1 and status = 1 and online = 0`,
      ),
    );
    expect(byKey.devicesOffline).toMatchObject({
      kind: 'count',
      yesterday: null,
      link: '/terminal/terminal',
    });
    // today's sales: paid orders created on the area's today; entries: passages in today (the rollups equal the facts)
    const zone = sql`(select time_zone from scenic_areas where id = 1)`;
    expect(byKey.sales?.value).toBe(
      await count(sql`select coalesce(sum(total_amount), 0)::int as n from ticket_orders
        where scenic_id = 1 and pay_status = 201 and (created_at at time zone ${zone})::date = ${d.today}::date`),
    );
    const trend = d.trends.find((x) => x.key === 'sales')!;
    expect(trend.values).toHaveLength(30);
    expect(trend.values.at(-1)).toBe(byKey.sales?.value);
    expect(trend.values.some((v) => v > 0)).toBe(true);
    expect(byKey.entries?.value).toBe(
      await count(sql`select count(*)::int as n from gate_events
        where scenic_id = 1 and direction = 'entry' and (scanned_at at time zone ${zone})::date = ${d.today}::date`),
    );
    expect(d.trends.map((x) => x.key)).toEqual(['sales', 'entries']);
  });

  it('shows only the figures the roles hold; another area counts its own', async () => {
    expect((await dashboard('staff')).figures).toEqual([]);
    const yunling = await dashboard('yunling');
    expect(yunling.figures.map((f) => f.key)).toEqual(['refundsPending', 'devicesOffline']);
    expect(yunling.trends).toEqual([]);
    expect(yunling.figures.find((f) => f.key === 'devicesOffline')!.value).toBe(
      await count(
        sql`select count(*)::int as n from terminals where scenic_id = 2 and status = 1 and online = 0`,
      ),
    );
  });

  it('is refused to distributors and shop accounts, and without a session', async () => {
    for (const who of ['agent', 'shop'])
      expect((await t.call(tok[who]!, 'GET', dashboardApi.figures)).statusCode).toBe(403);
    expect((await t.call('', 'GET', dashboardApi.figures)).statusCode).toBe(401);
  });

  it('compares with the same calendar day last year', () => {
    expect(dayLastYear('2026-11-30')).toBe('2025-11-30');
    expect(dayLastYear('2028-02-29')).toBe('2027-02-28');
  });
});
