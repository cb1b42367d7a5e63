import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distributorApi, type DistributorApiClientResult } from '../../../shared/api/distribution.ts';
import { openOrderApi } from '../../../shared/api/selling.ts';
import { disorderApi } from '../../../shared/api/settlement.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { distributorProduct } from './distribution.fixture.ts';
import { secretGrant } from '../../test/credentials.ts';
import { priceCalendar } from '../inventory/inventory.table.ts';
import { dayFromToday } from '../orders/orders.fixture.ts';

/**
 * Issue 17: distributors sell through the selling API with their own OAuth client, issued on their
 * detail page; an order placed with it is the distributor's (channel 13, pay ways 5 and 8, its rows).
 */

let t: TestApp;
let db: Db;
const tok: Record<string, string> = {};
const day = dayFromToday(7);
let scenicId: number;
let otherArea: number;
let product: number;
let agent: { id: number; adminId: number };

const one = async <T>(q: ReturnType<typeof sql>) => (await queryRows<T>(db, q))[0]!;
const data = <T>(res: { statusCode: number; body: string }): T => {
  expect(res.statusCode, res.body).toBe(200);
  return (JSON.parse(res.body) as { data: T }).data;
};
const issue = (id: number, who = 'admin') => t.call(tok[who]!, 'POST', distributorApi.apiClient, { id });

async function clientToken(clientId: string, secret: string): Promise<{ status: number; token?: string }> {
  const res = await secretGrant(t, clientId, secret);
  return { status: res.statusCode, token: res.statusCode === 200 ? res.json().access_token : undefined };
}

const sell = (token: string, payWay: number, area = scenicId) =>
  t.call(
    token,
    'POST',
    openOrderApi.create,
    { buyer: { name: '团队' }, lines: [{ productId: product, date: day, quantity: 2 }], payNow: { payWay } },
    { 'x-scenic-id': String(area), 'idempotency-key': crypto.randomUUID() },
  );

const money = () =>
  one<{ balance: number; credit_used: number }>(
    sql`select balance, credit_used from distributors where id = ${agent.id}`,
  ).then((r) => ({ balance: Number(r.balance), creditUsed: Number(r.credit_used) }));

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  const areas = await queryRows<{ id: number; code: string }>(db, sql`select id, code from scenic_areas`);
  scenicId = Number(areas.find((a) => a.code === 'QSH')!.id);
  otherArea = Number(areas.find((a) => a.code !== 'QSH')!.id);
  product = await distributorProduct(db, scenicId, {
    typeName: 'api',
    name: '接口分销票',
    price: 3000,
    channels: [13],
  });
  await db.insert(priceCalendar).values({ scenicId, productId: product, date: day, price: 3000, stock: 100 });
  const row = await one<{ id: number; admin_id: number }>(
    sql`select d.id, d.admin_id from distributors d join admins a on a.id = d.admin_id where a.username = 'agent'`,
  );
  agent = { id: Number(row.id), adminId: Number(row.admin_id) };
  for (const who of ['admin', 'staff', 'agent', 'yunling']) tok[who] = (await t.login(who)).access_token;
});
afterAll(() => t.close());

describe("a distributor's own selling-API client (issue 17)", () => {
  it('is issued once with its secret, sells as the distributor on its balance and credit, and is re-keyed', async () => {
    const issued = data<DistributorApiClientResult>(await issue(agent.id));
    expect(issued.clientId).toBe(`agency${agent.id}`);
    expect(issued.clientSecret.length).toBeGreaterThan(20);
    // the detail names the client, never the secret
    const detail = await t.call(tok.admin!, 'GET', `${distributorApi.query}?id=${agent.id}`);
    expect(data<{ clientId: string }>(detail).clientId).toBe(issued.clientId);
    expect(detail.body).not.toContain(issued.clientSecret);

    const { token } = await clientToken(issued.clientId, issued.clientSecret);
    const before = await money();
    const order = data<{ orderNo: string; totalAmount: number }>(await sell(token!, 5));
    expect(order.totalAmount).toBe(6000);
    const placed = await one<{ admin_id: number; channel: number; pay_way: number; client_id: string }>(
      sql`select admin_id, channel, pay_way, client_id from ticket_orders where order_no = ${order.orderNo}`,
    );
    expect(placed).toMatchObject({ client_id: issued.clientId });
    expect(Number(placed.admin_id)).toBe(agent.adminId);
    expect(Number(placed.channel)).toBe(13);
    expect(Number(placed.pay_way)).toBe(5);
    expect(await money()).toEqual({ balance: before.balance - 6000, creditUsed: before.creditUsed });
    const ledger = await one<{ change: number }>(
      sql`select change from distributor_ledger where reference = ${order.orderNo}`,
    );
    expect(Number(ledger.change)).toBe(-6000);
    // on credit too; and the agent sees the order among its own distribution orders
    const credit = data<{ orderNo: string }>(await sell(token!, 8));
    expect((await money()).creditUsed).toBe(before.creditUsed + 6000);
    const own = await t.call(tok.agent!, 'POST', disorderApi.page, {
      page: 1,
      limit: 10,
      orderNo: credit.orderNo,
    });
    expect(data<{ total: number }>(own).total).toBe(1);

    // re-keyed: the old secret and its token stop working, the new one works
    const again = data<DistributorApiClientResult>(await issue(agent.id));
    expect(again.clientId).toBe(issued.clientId);
    expect((await clientToken(issued.clientId, issued.clientSecret)).status).toBe(401);
    expect((await sell(token!, 5)).statusCode).toBe(401);
    const fresh = await clientToken(again.clientId, again.clientSecret);
    expect((await sell(fresh.token!, 5)).statusCode).toBe(200);
  });

  it('sells only in its own area, and another channel never sees its orders', async () => {
    const issued = data<DistributorApiClientResult>(await issue(agent.id));
    const { token } = await clientToken(issued.clientId, issued.clientSecret);
    const res = await sell(token!, 5, otherArea);
    expect(res.statusCode).toBe(403);
    const order = data<{ orderNo: string }>(await sell(token!, 5));
    const other = await t.clientToken('distributionManagement');
    const seen = await t.call(other, 'GET', `${openOrderApi.query}?orderNo=${order.orderNo}`, undefined, {
      'x-scenic-id': String(scenicId),
    });
    expect(seen.statusCode).toBe(404);
  });

  it('refuses bad input, a missing permission, another area and a distributor without its account', async () => {
    const bad = await t.call(tok.admin!, 'POST', distributorApi.apiClient, { id: 'x' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.parse(bad.body).data.field).toBe('id');
    expect((await issue(agent.id, 'staff')).statusCode).toBe(403);
    expect((await issue(agent.id, 'agent')).statusCode).toBe(403);
    const elsewhere = await one<{ id: number } | undefined>(
      sql`select id from distributors where scenic_id = ${otherArea} limit 1`,
    );
    await t.grant('yunling', ['admin:distributor:apiClient']);
    const yunling = (await t.login('yunling')).access_token;
    const cross = await t.call(yunling, 'POST', distributorApi.apiClient, { id: agent.id });
    expect(cross.statusCode).toBe(404);
    if (elsewhere) expect((await issue(Number(elsewhere.id))).statusCode).toBe(404);
    const applying = await one<{ id: number }>(
      sql`select id from distributors where scenic_id = ${scenicId} and admin_id is null limit 1`,
    );
    const res = await issue(Number(applying.id));
    expect(res.statusCode).toBe(409);
    const unchanged = await one<{ client_id: string | null }>(
      sql`select client_id from distributors where id = ${applying.id}`,
    );
    expect(unchanged.client_id).toBeNull();
  });
});
