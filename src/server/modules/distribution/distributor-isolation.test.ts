import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { disBuyApi, type DisBuyResult } from '../../../shared/api/price-tiers.ts';
import { withdrawalApi } from '../../../shared/api/withdrawals.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { createTestApp, xlsxText, type TestApp } from '../../test/harness.ts';
import { distributorProduct } from './distribution.fixture.ts';
import { priceCalendar } from '../inventory/inventory.table.ts';
import { dayFromToday } from '../orders/orders.fixture.ts';

/**
 * Issue 17's isolation proof: the `agent` demo account, over every route it can reach, never sees
 * another distributor's rows. The sweep reads the route table, so a route added later is swept too:
 * a route declared `distributor: 'own'` is called and its answer searched for the other
 * distributor's marks (company, order numbers, withdrawal number, ids); every other staff route
 * must refuse the distributor with 403.
 */

let t: TestApp;
let db: Db;
const tok: Record<string, string> = {};
const day = dayFromToday(6);

interface Party {
  distributorId: number;
  username: string;
  company: string;
  orderId: number;
  orderNo: string;
  withdrawalId: number;
  withdrawalNo: string;
}
let agent: Party;
let other: Party;

const one = async <T>(q: ReturnType<typeof sql>) => (await queryRows<T>(db, q))[0]!;
const data = <T>(res: { statusCode: number; body: string }): T => {
  expect(res.statusCode, res.body).toBe(200);
  return (JSON.parse(res.body) as { data: T }).data;
};

async function party(username: string, product: number): Promise<Party> {
  const row = await one<{ id: number; company: string }>(
    sql`select d.id, d.company from distributors d join admins a on a.id = d.admin_id where a.username = ${username}`,
  );
  const key = crypto.randomBytes(4).toString('hex');
  const order = data<DisBuyResult>(
    await t.call(
      tok[username]!,
      'POST',
      disBuyApi.create,
      {
        buyer: { name: '团队', phone: '13900000000' },
        lines: [{ productId: product, date: day, quantity: 1 }],
        payWay: 5,
      },
      { 'idempotency-key': `iso-${key}` },
    ),
  );
  const withdrawal = data<{ id: number; withdrawalNo: string }>(
    await t.call(tok[username]!, 'POST', withdrawalApi.apply, {
      amount: 100,
      bankName: '招商银行',
      bankAccount: '6225880000001234',
      accountName: row.company,
    }),
  );
  return {
    distributorId: Number(row.id),
    username,
    company: row.company,
    orderId: order.id,
    orderNo: order.orderNo,
    withdrawalId: withdrawal.id,
    withdrawalNo: withdrawal.withdrawalNo,
  };
}

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  const area = await one<{ id: number }>(sql`select id from scenic_areas where code = 'QSH'`);
  const scenicId = Number(area.id);
  const productId = await distributorProduct(db, scenicId, {
    typeName: 'iso',
    name: '隔离票',
    price: 1000,
    channels: [1, 13],
  });
  await db.insert(priceCalendar).values({ scenicId, productId, date: day, price: 1000, stock: 100 });
  // another distributor of the same area that can log in and has money to buy and withdraw
  const next = await one<{ username: string }>(
    sql`select a.username from distributors d join admins a on a.id = d.admin_id
        where d.scenic_id = ${scenicId} and d.state = 1 and a.username <> 'agent' and d.balance >= 10000
        order by d.id limit 1`,
  );
  for (const who of ['admin', 'agent', next.username]) tok[who] = (await t.login(who)).access_token;
  agent = await party('agent', productId);
  other = await party(next.username, productId);
});
afterAll(() => t.close());

const routes = () =>
  t.app.routeRecords.filter((r) =>
    (Array.isArray(r.method) ? r.method : [r.method]).some((m) => m !== 'HEAD'),
  );
const method = (r: { method: string | string[] }) =>
  ((Array.isArray(r.method) ? r.method : [r.method]).find((m) => m !== 'HEAD') ?? 'GET') as 'GET' | 'POST';
const ownRoutes = () =>
  routes().filter((r) => r.access && 'distributor' in r.access && r.access.distributor === 'own');

/** Whether the answer carries a mark of the other distributor. */
function leaks(text: string): string | null {
  for (const mark of [other.company, other.orderNo, other.withdrawalNo]) if (text.includes(mark)) return mark;
  for (const m of text.matchAll(/"distributorId":(\d+)/g))
    if (Number(m[1]) !== agent.distributorId) return m[0];
  return null;
}

/** What a sweep sends to a route: the other distributor's ids wherever a route takes an id. */
function requestFor(url: string, verb: 'GET' | 'POST'): { url: string; body?: unknown } {
  const ids = { id: other.orderId, distributorId: other.distributorId };
  if (verb === 'GET') {
    if (/\/(query|distribution)$/.test(url)) return { url: `${url}?id=${ids.id}` };
    return { url };
  }
  if (url === withdrawalApi.cancel) return { url, body: { id: other.withdrawalId } };
  return { url, body: { page: 1, limit: 100 } };
}

describe('a distributor account sees only its own rows (issue 17)', () => {
  it('finds the other distributor in what staff see (the sweep below is not empty-handed)', async () => {
    const admin = tok.admin!;
    const withdrawals = await t.call(admin, 'POST', withdrawalApi.page, {
      page: 1,
      limit: 100,
      withdrawalNo: other.withdrawalNo,
    });
    expect(withdrawals.body).toContain(other.company);
    const orders = await t.call(admin, 'GET', `/web/api/admin/order/distribution?id=${other.orderId}`);
    expect(orders.statusCode, orders.body).toBe(200);
    expect(orders.body).toContain(other.orderNo);
    expect(ownRoutes().length).toBeGreaterThanOrEqual(20);
  });

  it('answers every route declared for distributors without another distributor’s marks', async () => {
    const swept: string[] = [];
    for (const route of ownRoutes()) {
      const verb = method(route);
      // writes are checked one by one below; here everything that reads
      if (/\/(create|apply|cancel)$/.test(route.url)) continue;
      const { url, body } = requestFor(route.url, verb);
      const res = await t.call(tok.agent!, verb, url, body);
      swept.push(`${verb} ${url} ${res.statusCode}`);
      expect([200, 400, 404], `${verb} ${url}: ${res.body.slice(0, 200)}`).toContain(res.statusCode);
      const text =
        /\/(export|recordsExport|statement)$/.test(route.url) && res.statusCode === 200
          ? xlsxText(res.rawPayload)
          : res.body;
      expect(leaks(text), `${verb} ${url}`).toBeNull();
    }
    // the agent's own rows are there: the lists work for it, they are not merely empty
    const own = await t.call(tok.agent!, 'POST', withdrawalApi.page, { page: 1, limit: 100 });
    expect(own.body).toContain(agent.withdrawalNo);
    const order = await t.call(tok.agent!, 'GET', `/web/api/admin/order/distribution?id=${agent.orderId}`);
    expect(order.statusCode).toBe(200);
    expect(swept.length).toBeGreaterThan(15);
  });

  it('refuses the other distributor’s order and withdrawal by id', async () => {
    for (const url of [
      `/web/api/admin/order/query?id=${other.orderId}`,
      `/web/api/admin/order/distribution?id=${other.orderId}`,
    ]) {
      const res = await t.call(tok.agent!, 'GET', url);
      expect(res.statusCode, url).toBe(404);
    }
    const before = await one<{ state: number }>(
      sql`select state from distributor_withdrawals where id = ${other.withdrawalId}`,
    );
    const cancel = await t.call(tok.agent!, 'POST', withdrawalApi.cancel, { id: other.withdrawalId });
    expect(cancel.statusCode).toBe(404);
    const after = await one<{ state: number }>(
      sql`select state from distributor_withdrawals where id = ${other.withdrawalId}`,
    );
    expect(after).toEqual(before);
  });

  it('writes only for itself, whatever distributor a request names', async () => {
    const res = await t.call(tok.agent!, 'POST', withdrawalApi.apply, {
      distributorId: other.distributorId,
      amount: 100,
      bankName: '招商银行',
      bankAccount: '6225880000005678',
      accountName: 'x',
    });
    if (res.statusCode === 200) {
      const id = JSON.parse(res.body).data.id as number;
      const row = await one<{ distributor_id: number }>(
        sql`select distributor_id from distributor_withdrawals where id = ${id}`,
      );
      expect(Number(row.distributor_id)).toBe(agent.distributorId);
    } else expect([400, 403]).toContain(res.statusCode);
  });

  it('refuses every other staff route with 403', async () => {
    const staffOnly = routes().filter(
      (r) =>
        (r.access?.kind === 'perm' || r.access?.kind === 'login') &&
        !('distributor' in r.access && r.access.distributor),
    );
    expect(staffOnly.length).toBeGreaterThan(100);
    const answered: string[] = [];
    for (const route of staffOnly) {
      const verb = method(route);
      const res = await t.call(tok.agent!, verb, route.url, verb === 'POST' ? {} : undefined);
      if (res.statusCode !== 403) answered.push(`${verb} ${route.url} ${res.statusCode}`);
    }
    expect(answered).toEqual([]);
  });
});
