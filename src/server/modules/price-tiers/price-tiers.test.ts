import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  disBuyApi,
  priceTierApi,
  type DisBuyResult,
  type DisSellableList,
  type PriceTierLineRow,
  type PriceTierRow,
  type TierDistributorRow,
} from '../../../shared/api/price-tiers.ts';
import { orderApi, type OrderDistribution } from '../../../shared/api/orders.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { callsAs, data, expect400 } from '../../test/replies.ts';
import { distributorProduct } from '../distribution/distribution.fixture.ts';
import { setDistributorState } from '../distribution/index.ts';
import { priceCalendar } from '../inventory/inventory.table.ts';
import { dayFromToday } from '../orders/orders.fixture.ts';
import { placeOrder } from '../orders/index.ts';

let t: TestApp;
let db: Db;
const tok: Record<string, string> = {};

/** The agent's area (the demo's first), a product of it sold by distribution (13), and the days priced. */
let scenicId: number;
let product: number;
let agentId: number;
let agentDistributor: number;
let otherDistributor: number;
const day = dayFromToday(5);
const laterDay = dayFromToday(40);

const { call } = callsAs(() => t, tok);

const one = async <T>(q: ReturnType<typeof sql>) => (await queryRows<T>(db, q))[0]!;

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  const areas = await queryRows<{ id: number; code: string }>(db, sql`select id, code from scenic_areas`);
  scenicId = Number(areas.find((a) => a.code === 'QSH')!.id);
  // no public-stock slot needed for the test product
  product = await distributorProduct(db, scenicId, {
    typeName: 'tier',
    name: '分销票',
    price: 10000,
    channels: [1, 13],
  });
  await db.insert(priceCalendar).values([
    { scenicId, productId: product, date: day, price: 10000, stock: 100 },
    { scenicId, productId: product, date: laterDay, price: 10000, stock: 100 },
  ]);
  const agent = await one<{ id: number; d: number }>(
    sql`select a.id, d.id as d from admins a join distributors d on d.admin_id = a.id where a.username = 'agent'`,
  );
  agentId = Number(agent.id);
  agentDistributor = Number(agent.d);
  otherDistributor = Number(
    (
      await one<{ id: number }>(
        sql`select id from distributors where scenic_id = ${scenicId} and id <> ${agentDistributor} order by id limit 1`,
      )
    ).id,
  );
  for (const who of ['admin', 'staff', 'agent', 'yunling']) tok[who] = (await t.login(who)).access_token;
  await t.grant('yunling', ['admin:retailRole:page', 'admin:retailRole:edit', 'admin:retailRole:assign']);
  tok.yunling = (await t.login('yunling')).access_token;
});
afterAll(() => t.close());

/** A new tier of the admin's area, with one line for the test product covering `day` only. */
async function tierWithLine(settlementPrice = 7000, retailFloor = 9000) {
  const { id } = await data<{ id: number }>(
    await call('admin', 'POST', priceTierApi.create, {
      name: `等级-${crypto.randomBytes(2).toString('hex')}`,
    }),
  );
  await data(
    await call('admin', 'POST', priceTierApi.saveLine, {
      tierId: id,
      productId: product,
      dateFrom: day,
      dateTo: day,
      settlementPrice,
      retailFloor,
    }),
  );
  return id;
}

const assign = (tierId: number | null, ids: number[], who = 'admin') =>
  call(who, 'POST', priceTierApi.assign, { tierId, distributorIds: ids });

let keyNo = 0;
const buy = (body: Record<string, unknown>, who = 'agent', key = `buy-${++keyNo}`) =>
  call(who, 'POST', disBuyApi.create, body, { 'idempotency-key': key });

const buyBody = (payWay: 5 | 8, date = day, quantity = 1) => ({
  buyer: { name: '团队', phone: '13900000000' },
  lines: [{ productId: product, date, quantity }],
  payWay,
});

const money = () =>
  one<{ balance: number; credit_used: number }>(
    sql`select balance, credit_used from distributors where id = ${agentDistributor}`,
  ).then((r) => ({ balance: Number(r.balance), creditUsed: Number(r.credit_used) }));

describe('price tiers (/disManage/retailrole)', () => {
  it('creates, lists, edits and deletes a tier and its lines', async () => {
    const id = await tierWithLine();
    const { rows } = await data<{ rows: PriceTierRow[] }>(
      await call('admin', 'POST', priceTierApi.page, { limit: 100 }),
    );
    const row = rows.find((r) => r.id === id)!;
    expect(row).toMatchObject({ lineCount: 1, distributorCount: 0, status: 1 });
    const lines = await data<PriceTierLineRow[]>(
      await call('admin', 'GET', `${priceTierApi.lines}?tierId=${id}`),
    );
    expect(lines).toMatchObject([{ productId: product, dateFrom: day, dateTo: day, settlementPrice: 7000 }]);
    // edit the line: its own dates never overlap itself
    await data(
      await call('admin', 'POST', priceTierApi.saveLine, {
        id: lines[0]!.id,
        tierId: id,
        productId: product,
        dateFrom: day,
        dateTo: laterDay,
        settlementPrice: 6500,
        retailFloor: 9000,
      }),
    );
    await data(await call('admin', 'POST', priceTierApi.update, { id, name: '改名' }));
    await data(await call('admin', 'GET', `${priceTierApi.deleteLine}?id=${lines[0]!.id}`));
    await data(await call('admin', 'GET', `${priceTierApi.delete}?id=${id}`));
    const audit = await one<{ n: number }>(
      sql`select count(*)::int as n from audit_logs where target_type in ('priceTier', 'priceTierLine') and target_id = ${String(lines[0]!.id)}`,
    );
    expect(Number(audit.n)).toBeGreaterThan(0);
  });

  it('refuses bad input naming the field: overlapping dates, floor below settlement, dates reversed', async () => {
    const id = await tierWithLine();
    const line = { tierId: id, productId: product, settlementPrice: 5000, retailFloor: 6000 };
    expect400(
      await call('admin', 'POST', priceTierApi.saveLine, { ...line, dateFrom: day, dateTo: laterDay }),
      'dateFrom',
    );
    expect400(
      await call('admin', 'POST', priceTierApi.saveLine, {
        ...line,
        dateFrom: laterDay,
        dateTo: laterDay,
        retailFloor: 4000,
      }),
      'retailFloor',
    );
    expect400(
      await call('admin', 'POST', priceTierApi.saveLine, { ...line, dateFrom: laterDay, dateTo: day }),
      'dateTo',
    );
    expect400(await call('admin', 'POST', priceTierApi.create, { name: '' }), 'name');
    const lines = await data<PriceTierLineRow[]>(
      await call('admin', 'GET', `${priceTierApi.lines}?tierId=${id}`),
    );
    expect(lines).toHaveLength(1);
  });

  it('refuses without the permission (403), and distributors', async () => {
    expect((await call('staff', 'POST', priceTierApi.page, {})).statusCode).toBe(403);
    expect((await call('staff', 'POST', priceTierApi.create, { name: 'x' })).statusCode).toBe(403);
    expect((await assign(null, [agentDistributor], 'staff')).statusCode).toBe(403);
    expect((await call('agent', 'POST', priceTierApi.page, {})).statusCode).toBe(403);
  });

  it("keeps another area's tiers apart: not listed, 404 on writes, its distributors cannot be assigned", async () => {
    const { id } = await data<{ id: number }>(
      await call('yunling', 'POST', priceTierApi.create, { name: '云岭等级' }),
    );
    const { rows } = await data<{ rows: PriceTierRow[] }>(
      await call('admin', 'POST', priceTierApi.page, { limit: 400 }),
    );
    expect(rows.some((r) => r.id === id)).toBe(false);
    expect((await call('admin', 'POST', priceTierApi.update, { id, name: 'x' })).statusCode).toBe(404);
    expect((await call('admin', 'GET', `${priceTierApi.lines}?tierId=${id}`)).statusCode).toBe(404);
    expect(
      (
        await call('admin', 'POST', priceTierApi.saveLine, {
          tierId: id,
          productId: product,
          dateFrom: day,
          dateTo: day,
          settlementPrice: 1,
          retailFloor: 1,
        })
      ).statusCode,
    ).toBe(404);
    // the other area assigns neither its tier to our distributors nor ours to theirs
    expect((await assign(id, [agentDistributor])).statusCode).toBe(404);
    expect((await assign(id, [agentDistributor], 'yunling')).statusCode).toBe(404);
    const theirs = await data<TierDistributorRow[]>(await call('yunling', 'GET', priceTierApi.distributors));
    expect(theirs.some((d) => d.id === agentDistributor)).toBe(false);
  });

  it('assigns distributors to a tier; a tier in use is not deleted (409)', async () => {
    const id = await tierWithLine();
    expect(await data(await assign(id, [agentDistributor, otherDistributor]))).toEqual({ count: 2 });
    const list = await data<TierDistributorRow[]>(await call('admin', 'GET', priceTierApi.distributors));
    expect(list.find((d) => d.id === agentDistributor)?.tierId).toBe(id);
    const inUse = await call('admin', 'GET', `${priceTierApi.delete}?id=${id}`);
    expect(inUse.statusCode, inUse.body).toBe(409);
    await data(await assign(null, [otherDistributor]));
  });
});

describe('tier pricing of orders', () => {
  it("prices a distributor's order at its tier on the covered days, others at the calendar", async () => {
    const id = await tierWithLine(7000, 9000);
    await data(await assign(id, [agentDistributor]));
    const place = (adminId: number | null, date: string) =>
      placeOrder(db, {
        scenicId,
        channel: 13,
        clientId: 'distributionManagement',
        adminId,
        buyer: { name: '团队', phone: '13900000000' },
        lines: [{ productId: product, date, quantity: 2 }],
      });
    const tiered = await place(agentId, day);
    expect(tiered.order).toMatchObject({ totalAmount: 14000, tierId: id });
    expect(tiered.tickets.map((k) => [k.price, k.retailFloor])).toEqual([
      [7000, 9000],
      [7000, 9000],
    ]);
    // a day the tier does not cover: the calendar price, the tier still named
    const uncovered = await place(agentId, laterDay);
    expect(uncovered.order.totalAmount).toBe(20000);
    expect(uncovered.tickets[0]!.retailFloor).toBeNull();
    // a staff account's order: no tier
    const staff = Number((await one<{ id: number }>(sql`select id from admins where username = 'staff'`)).id);
    const plain = await place(staff, day);
    expect(plain.order).toMatchObject({ totalAmount: 20000, tierId: null });
    // a disabled tier prices nothing
    await data(await call('admin', 'POST', priceTierApi.status, { ids: [id], status: 2 }));
    expect((await place(agentId, day)).order).toMatchObject({ totalAmount: 20000, tierId: null });
    await data(await call('admin', 'POST', priceTierApi.status, { ids: [id], status: 1 }));
  });
});

describe('buying as a distributor (/disManage/buy)', () => {
  let tierId: number;
  beforeAll(async () => {
    tierId = await tierWithLine(6000, 8000);
    await data(await assign(tierId, [agentDistributor]));
  });

  it("lists what it may buy with its tier's prices, its balance and credit", async () => {
    const list = await data<DisSellableList>(await call('agent', 'GET', `${disBuyApi.sellable}?date=${day}`));
    expect(list.tierId).toBe(tierId);
    const p = list.products.find((x) => x.productId === product)!;
    expect(p).toMatchObject({ calendarPrice: 10000, settlementPrice: 6000, retailFloor: 8000 });
    expect(p.offers[0]!.price).toBe(6000);
    const m = await money();
    expect(list.balance).toBe(m.balance);
    expect((await call('agent', 'GET', `${disBuyApi.sellable}?date=bad`)).statusCode).toBe(400);
  });

  it('buys on balance and on credit over HTTP, at the tier price; the same key is one order', async () => {
    const before = await money();
    const key = `balance-${crypto.randomBytes(3).toString('hex')}`;
    const paid = await data<DisBuyResult>(await buy(buyBody(5, day, 2), 'agent', key));
    expect(paid).toMatchObject({ totalAmount: 12000, payWay: 5, tierId, ticketCount: 2 });
    const again = await data<DisBuyResult>(await buy(buyBody(5, day, 2), 'agent', key));
    expect(again.orderNo).toBe(paid.orderNo);
    expect(await money()).toEqual({ balance: before.balance - 12000, creditUsed: before.creditUsed });
    const order = await one<{
      admin_id: number;
      channel: number;
      client_id: string;
      pay_way: number;
      tier_id: number;
    }>(
      sql`select admin_id, channel, client_id, pay_way, tier_id from ticket_orders where order_no = ${paid.orderNo}`,
    );
    expect(order).toMatchObject({ channel: 13, client_id: 'distributionManagement', pay_way: 5 });
    expect(Number(order.admin_id)).toBe(agentId);
    // the distribution view names the tier and the settlement; the agent sees its own order there
    const view = await data<OrderDistribution>(
      await call('agent', 'GET', `${orderApi.distribution}?id=${paid.id}`),
    );
    expect(view).toMatchObject({
      tier: { id: tierId },
      settlementAmount: 12000,
      retailFloorAmount: 16000,
      commission: 0,
    });
    const credit = await data<DisBuyResult>(await buy(buyBody(8)));
    expect(credit).toMatchObject({ totalAmount: 6000, payWay: 8 });
    expect((await money()).creditUsed).toBe(before.creditUsed + 6000);
  });

  it('refuses bad input, a missing key, staff accounts, and buying for another distributor', async () => {
    expect400(await buy({ ...buyBody(5), payWay: 1 }), 'payWay');
    expect400(await buy({ ...buyBody(5), lines: [] }), 'lines');
    // there is no way to name another distributor: the body is strict, the payer is the caller
    expect400(await buy({ ...buyBody(5), distributorId: otherDistributor }), 'distributorId');
    expect400(await buy({ ...buyBody(5), adminId: 1 }), 'adminId');
    expect((await call('agent', 'POST', disBuyApi.create, buyBody(5))).statusCode).toBe(400);
    // a staff account is not a distributor, even with the permission
    await t.grant('staff', ['admin:disBuy:create']);
    const staff = (await t.login('staff')).access_token;
    const res = await t.call(staff, 'POST', disBuyApi.create, buyBody(5), { 'idempotency-key': 'staff-1' });
    expect(res.statusCode).toBe(403);
    expect((await call('admin', 'GET', `${disBuyApi.sellable}?date=${day}`)).statusCode).toBe(403);
  });

  it('refuses a frozen distributor (409) and writes nothing', async () => {
    const before = await money();
    const orders = await one<{ n: number }>(
      sql`select count(*)::int as n from ticket_orders where admin_id = ${agentId}`,
    );
    await db.transaction((tx) =>
      setDistributorState(tx, { scenicId, distributorId: agentDistributor, state: 2 }),
    );
    try {
      const res = await buy(buyBody(5));
      expect(res.statusCode, res.body).toBe(409);
      expect(await money()).toEqual(before);
      const after = await one<{ n: number }>(
        sql`select count(*)::int as n from ticket_orders where admin_id = ${agentId}`,
      );
      expect(Number(after.n)).toBe(Number(orders.n));
    } finally {
      await db.transaction((tx) =>
        setDistributorState(tx, { scenicId, distributorId: agentDistributor, state: 1 }),
      );
    }
  });
});
