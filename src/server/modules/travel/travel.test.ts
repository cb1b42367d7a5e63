import { and, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/rows.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productApi } from '../../../shared/api/products.ts';
import { openOrderApi } from '../../../shared/api/selling.ts';
import {
  publicTravelApi,
  travelDepartureApi as dep,
  travelOrderApi as ord,
  travelPackageApi as api,
  type DepartureRow,
  type PublicTravelPackage,
  type TravelOrderRow,
  type TravelPackageRow,
  type TravelProductOption,
} from '../../../shared/api/travel.ts';
import { addDays, areaDay } from '../../lib/area-clock.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createOrderFixtures } from '../orders/orders.fixture.ts';
import { ticketProducts } from '../products/index.ts';
import { scenicAreas } from '../scenic/scenic.table.ts';
import { travelDepartures, travelPackages } from './travel.table.ts';

let t: TestApp;
let client: string;
let qsh: number;
let ylgz: number;
let productId: number;
let otherProductId: number;
const tok: Record<string, string> = {};

const call = (who: string, method: 'GET' | 'POST', url: string, body?: unknown) =>
  t.call(tok[who]!, method, url, body);
let keySeq = 0;
const channel = (method: 'GET' | 'POST', url: string, body?: unknown) =>
  t.call(client, method, url, body, {
    'x-scenic-id': String(qsh),
    ...(method === 'POST' ? { 'idempotency-key': `travel-${++keySeq}` } : {}),
  });
const data = <T>(res: { statusCode: number; body: string; json: () => unknown }): T => {
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: T }).data;
};
function expectStatus(res: { statusCode: number; body: string }, status: number, field?: string) {
  expect(res.statusCode, res.body).toBe(status);
  if (field !== undefined) expect(JSON.parse(res.body).data.field).toBe(field);
}
const day = (n: number) => addDays(areaDay(new Date(), 'Asia/Shanghai'), n);

async function newPackage(name: string, extra: Record<string, unknown> = {}) {
  return data<TravelPackageRow>(
    await call('admin', 'POST', api.create, {
      name,
      days: 2,
      itinerary: [
        { title: '第一天', description: '游湖', productIds: [productId] },
        { title: '第二天', productIds: [] },
      ],
      status: 1,
      ...extra,
    }),
  );
}
const departuresOf = async (packageId: number) =>
  data<DepartureRow[]>(await call('admin', 'GET', `${dep.list}?packageId=${packageId}`));
async function newDeparture(packageId: number, n: number, capacity: number, price = 30_000) {
  data(
    await call('admin', 'POST', dep.create, { packageId, dateFrom: day(n), dateTo: day(n), capacity, price }),
  );
  return (await departuresOf(packageId)).find((d) => d.date === day(n))!;
}
const sold = async (id: number) =>
  (await t.database.db.select().from(travelDepartures).where(eq(travelDepartures.id, id)))[0]!.sold;
const book = (departureId: number, quantity: number) =>
  channel('POST', openOrderApi.create, {
    buyer: { name: '王芳', phone: '13900001111' },
    lines: [{ departureId, quantity, visitors: [{ name: '王芳' }] }],
  });

beforeAll(async () => {
  t = await createTestApp({ loginRateLimit: 1000 });
  await t.grant('yunling', [
    'admin:travel:page',
    'admin:travel:create',
    'admin:travel:update',
    'admin:travel:delete',
  ]);
  for (const name of ['admin', 'staff', 'yunling']) tok[name] = (await t.login(name)).access_token;
  client = await t.clientToken('ctripManagement');
  const areas = await t.database.db.select().from(scenicAreas);
  qsh = areas.find((a) => a.code === 'QSH')!.id;
  ylgz = areas.find((a) => a.code === 'YLGZ')!.id;
  const db = t.database.db;
  productId = (await db.select().from(ticketProducts).where(eq(ticketProducts.scenicId, qsh)))[0]!.id;
  otherProductId = (await createOrderFixtures(db)).regular;
});
afterAll(() => t.close());

describe('travel packages (/scenic/travelList)', () => {
  it('lists the demo packages with their open departures', async () => {
    const page = data<{ rows: TravelPackageRow[]; total: number }>(await call('admin', 'POST', api.page, {}));
    expect(page.rows.map((r) => r.name).sort()).toEqual(['湖山一日游', '湖山深度两日游']);
    expect(page.rows.every((r) => r.openDepartures === 4 && r.minPrice! > 0)).toBe(true);
    // the old town has two of its own (issue 15), built from its products
    const town = data<{ rows: TravelPackageRow[] }>(await call('yunling', 'POST', api.page, {}));
    expect(town.rows.map((r) => r.name).sort()).toEqual(['古镇慢游一日游', '茶马古道两日游']);
    expect(town.rows.every((r) => r.openDepartures === 4 && r.minPrice! > 0)).toBe(true);
  });

  it('gives the demo packages orders in each state; seats sold are the seats active orders hold, money adds up', async () => {
    const one = async <T>(query: ReturnType<typeof sql>) => rowsOf<T>(await t.database.db.execute(query))[0]!;
    const departuresNamed = (
      a: string,
      b: string,
      scenicId: number,
    ) => sql`(select d.id from travel_departures d
      join travel_packages p on p.id = d.package_id where p.name in (${a}, ${b}) and p.scenic_id = ${scenicId})`;
    const statesOf = (departures: ReturnType<typeof sql>) =>
      one<{ statuses: number[]; orders: number; travellers: number; seats: number }>(sql`select
      array_agg(distinct o.status order by o.status)::int[] as statuses, count(*)::int as orders,
      (select count(*)::int from order_tickets t where t.departure_id in ${departures}) as travellers,
      (select count(*)::int from order_tickets where departure_id in ${departures} and status in (101, 201)) as seats
      from ticket_orders o where o.departure_id in ${departures}`);
    const demo = departuresNamed('湖山一日游', '湖山深度两日游', qsh);
    const states = await statesOf(demo);
    // pending, cancelled by the customer, paid, refunded
    expect(states.statuses).toEqual([101, 102, 201, 203]);
    expect(states.orders).toBe(7);
    expect(states.travellers).toBe(17);
    // the old town's, in the same states (issue 15)
    expect(await statesOf(departuresNamed('古镇慢游一日游', '茶马古道两日游', ylgz))).toEqual({
      statuses: [101, 102, 201, 203],
      orders: 6,
      travellers: 2 + 1 + 3 + 2 + 2 + 4,
      seats: 2 + 3 + 2 + 4,
    });
    const bad = await one<{
      sold: number;
      held: number;
      seats: number;
      totals: number;
      paid: number;
      refunded: number;
    }>(sql`select
      (select count(*)::int from travel_departures d where d.sold <> (select count(*) from order_tickets t
        where t.departure_id = d.id and t.status not in (102, 103, 203, 502))) as sold,
      (select coalesce(sum(sold), 0)::int from travel_departures where id in ${demo}) as held,
      (select count(*)::int from order_tickets where departure_id in ${demo} and status in (101, 201)) as seats,
      (select count(*)::int from ticket_orders o where o.departure_id is not null
        and o.total_amount <> (select sum(t.price) from order_tickets t where t.order_id = o.id)) as totals,
      (select count(*)::int from ticket_orders o where o.departure_id is not null
        and o.paid_amount <> (select coalesce(sum(amount), 0) from payments p where p.order_id = o.id)) as paid,
      (select count(*)::int from ticket_orders o where o.departure_id is not null
        and o.refunded_amount <> (select coalesce(sum(amount), 0) from refunds r where r.order_id = o.id)) as refunded`);
    expect(bad).toEqual({
      sold: 0,
      held: bad.seats,
      seats: 2 + 4 + 1 + 2 + 3,
      totals: 0,
      paid: 0,
      refunded: 0,
    });
  });

  it('creates, edits, shelves and deletes a package; departures in a range, each change audited', async () => {
    const p = await newPackage('环湖骑行');
    expect(p).toMatchObject({ name: '环湖骑行', days: 2, status: 1, openDepartures: 0, nextDeparture: null });
    const created = data<{ created: number; skipped: number }>(
      await call('admin', 'POST', dep.create, {
        packageId: p.id,
        dateFrom: day(10),
        dateTo: day(16),
        capacity: 10,
        price: 12_300,
      }),
    );
    expect(created).toEqual({ created: 7, skipped: 0 });
    const again = data<{ created: number; skipped: number }>(
      await call('admin', 'POST', dep.create, {
        packageId: p.id,
        dateFrom: day(16),
        dateTo: day(17),
        capacity: 10,
        price: 12_300,
      }),
    );
    expect(again).toEqual({ created: 1, skipped: 1 });
    const row = data<TravelPackageRow>(await call('admin', 'GET', `${api.query}?id=${p.id}`));
    expect(row).toMatchObject({ openDepartures: 8, nextDeparture: day(10), minPrice: 12_300 });

    const first = (await departuresOf(p.id))[0]!;
    const closed = data<DepartureRow>(
      await call('admin', 'POST', dep.update, { id: first.id, state: 2, price: 9_900 }),
    );
    expect(closed).toMatchObject({ state: 2, price: 9_900, left: 10 });

    const edited = data<TravelPackageRow>(
      await call('admin', 'POST', api.update, {
        id: p.id,
        days: 1,
        itinerary: [{ title: '一日', productIds: [productId] }],
      }),
    );
    expect(edited.days).toBe(1);
    expectStatus(await call('admin', 'POST', api.status, { ids: [p.id], status: 2 }), 200);
    expect(data<TravelPackageRow>(await call('admin', 'GET', `${api.query}?id=${p.id}`)).status).toBe(2);
    expectStatus(await call('admin', 'GET', `${dep.delete}?id=${first.id}`), 200);
    expectStatus(await call('admin', 'GET', `${api.delete}?id=${p.id}`), 200);
    expectStatus(await call('admin', 'GET', `${api.query}?id=${p.id}`), 404);
    expect(
      await t.database.db.select().from(travelDepartures).where(eq(travelDepartures.packageId, p.id)),
    ).toEqual([]);
  });

  it("offers the area's products to the itinerary editor with the package permission", async () => {
    const ids = async (scenicId: number) =>
      (await t.database.db.select().from(ticketProducts).where(eq(ticketProducts.scenicId, scenicId)))
        .map((p) => p.id)
        .sort((a, b) => a - b);
    const options = data<TravelProductOption[]>(await call('admin', 'GET', api.productOptions));
    expect(options.map((o) => o.id).sort((a, b) => a - b)).toEqual(await ids(qsh));
    expect(options.every((o) => Object.keys(o).join() === 'id,name')).toBe(true);
    expect(options.some((o) => o.id === otherProductId)).toBe(false);
    // yunling holds admin:travel:page only (no admin:order:page) and acts in YLGZ
    const theirs = data<TravelProductOption[]>(await call('yunling', 'GET', api.productOptions));
    expect(theirs.map((o) => o.id).sort((a, b) => a - b)).toEqual(await ids(ylgz));
    expect(theirs.some((o) => o.id === productId)).toBe(false);
    expectStatus(await call('staff', 'GET', api.productOptions), 403);
  });

  it('refuses to delete a product a package sells (409), and deletes it once the package is gone', async () => {
    const db = t.database.db;
    const [source] = await db.select().from(ticketProducts).where(eq(ticketProducts.id, productId));
    const { id: _id, ...copy } = source!;
    const [spare] = await db
      .insert(ticketProducts)
      .values({ ...copy, name: '线路专用票' })
      .returning();
    const p = await newPackage('产品线路', {
      days: 1,
      itinerary: [{ title: '一日', productIds: [spare!.id, productId] }],
    });
    expect(
      (await db.select().from(travelPackages).where(eq(travelPackages.id, p.id)))[0]!.ticketProductId,
    ).toBe(spare!.id);
    expectStatus(await call('admin', 'GET', `${productApi.delete}?id=${spare!.id}`), 409);
    expect(await db.select().from(ticketProducts).where(eq(ticketProducts.id, spare!.id))).toHaveLength(1);
    expectStatus(await call('admin', 'GET', `${api.delete}?id=${p.id}`), 200);
    expectStatus(await call('admin', 'GET', `${productApi.delete}?id=${spare!.id}`), 200);
    expect(await db.select().from(ticketProducts).where(eq(ticketProducts.id, spare!.id))).toEqual([]);
  });

  it('refuses bad input naming the field, and changes nothing', async () => {
    const before = (await t.database.db.select().from(travelPackages)).length;
    const pkg = (name: string, days: number, productIds: number[]) => ({
      name,
      days,
      itinerary: [{ title: 'a', productIds }],
    });
    for (const [body, field] of [
      [pkg('', 1, [productId]), 'name'],
      [pkg('x', 2, [productId]), 'itinerary'],
      [pkg('x', 16, [productId]), 'days'],
      [pkg('x', 1, []), 'itinerary'],
      // another area's product
      [pkg('x', 1, [productId, otherProductId]), 'itinerary.0.productIds.1'],
    ] as const)
      expectStatus(await call('admin', 'POST', api.create, body), 400, field);
    expect((await t.database.db.select().from(travelPackages)).length).toBe(before);

    const p = await newPackage('校验线路');
    expectStatus(await call('admin', 'POST', api.update, { id: p.id, days: 3 }), 400, 'itinerary');
    const departure = (from: number, to: number, capacity = 1) => ({
      packageId: p.id,
      dateFrom: day(from),
      dateTo: day(to),
      capacity,
      price: 1,
    });
    for (const [body, field] of [
      [departure(5, 4), 'dateTo'],
      [departure(1, 200), 'dateTo'],
      [departure(-1, 1), 'dateFrom'],
      [departure(1, 1, 0), 'capacity'],
    ] as const)
      expectStatus(await call('admin', 'POST', dep.create, body), 400, field);
    expect(await departuresOf(p.id)).toEqual([]);
    expect(data<TravelPackageRow>(await call('admin', 'GET', `${api.query}?id=${p.id}`)).days).toBe(2);
  });

  it('answers 403 without the permission and 404 for another area', async () => {
    const p = await newPackage('权限线路');
    const d = await newDeparture(p.id, 6, 5);
    expectStatus(await call('staff', 'POST', api.page, {}), 403);
    expectStatus(await call('staff', 'POST', api.create, { name: 'x' }), 403);
    expectStatus(await call('staff', 'POST', ord.page, {}), 403);
    expectStatus(await call('staff', 'GET', `${dep.list}?packageId=${p.id}`), 403);
    // yunling acts in YLGZ: QSH's package is invisible, only the old town's own two are listed
    const theirs = data<{ rows: TravelPackageRow[]; total: number }>(
      await call('yunling', 'POST', api.page, {}),
    );
    expect(theirs.total).toBe(2);
    expect(theirs.rows.some((r) => r.id === p.id)).toBe(false);
    expectStatus(await call('yunling', 'GET', `${api.query}?id=${p.id}`), 404);
    expectStatus(await call('yunling', 'POST', api.update, { id: p.id, name: 'y' }), 404);
    expectStatus(await call('yunling', 'GET', `${api.delete}?id=${p.id}`), 404);
    expectStatus(await call('yunling', 'GET', `${dep.list}?packageId=${p.id}`), 404);
    expectStatus(
      await call('yunling', 'POST', dep.create, {
        packageId: p.id,
        dateFrom: day(7),
        dateTo: day(7),
        capacity: 1,
        price: 1,
      }),
      404,
    );
    expectStatus(await call('yunling', 'POST', dep.update, { id: d.id, capacity: 99 }), 404);
    expectStatus(await call('yunling', 'GET', `${dep.delete}?id=${d.id}`), 404);
    expect((await departuresOf(p.id))[0]!.capacity).toBe(5);
  });
});

describe('orders of packages through the selling API', () => {
  it('books, pays and refunds a departure: seats taken and given back, the order in the travel list', async () => {
    const p = await newPackage('订单线路');
    const d = await newDeparture(p.id, 8, 3, 25_000);
    const placed = data<{
      orderNo: string;
      totalAmount: number;
      departureId: number;
      tickets: { id: number; departureId: number; price: number; visitDate: string }[];
    }>(await book(d.id, 2));
    expect(placed.totalAmount).toBe(50_000);
    expect(placed.departureId).toBe(d.id);
    expect(placed.tickets.map((x) => [x.departureId, x.price, x.visitDate])).toEqual([
      [d.id, 25_000, day(8)],
      [d.id, 25_000, day(8)],
    ]);
    expect(await sold(d.id)).toBe(2);
    // only one seat left
    const full = await book(d.id, 2);
    expectStatus(full, 409);
    expect(JSON.parse(full.body).msg).toContain('1');
    expect(await sold(d.id)).toBe(2);

    const paid = data<{ outcome: string; order: { status: number } }>(
      await channel('POST', openOrderApi.pay, {
        orderNo: placed.orderNo,
        payWay: 1,
        amount: 50_000,
        providerTxnId: `tx-${placed.orderNo}`,
      }),
    );
    expect(paid).toMatchObject({ outcome: 'confirmed', order: { status: 201 } });

    const list = data<{ rows: TravelOrderRow[]; total: number }>(
      await call('admin', 'POST', ord.page, { packageId: p.id }),
    );
    expect(list.rows).toHaveLength(1);
    expect(list.rows[0]).toMatchObject({
      orderNo: placed.orderNo,
      packageName: '订单线路',
      departureDate: day(8),
      travellers: 2,
      status: 201,
      payStatus: 201,
      totalAmount: 50_000,
    });
    const totals = data<{ count: number; travellers: number; paidAmount: number }>(
      await call('admin', 'POST', ord.totals, { packageId: p.id }),
    );
    expect(totals).toMatchObject({ count: 1, travellers: 2, paidAmount: 50_000 });
    expect(
      data<{ total: number }>(await call('admin', 'POST', ord.page, { packageId: p.id, status: 101 })).total,
    ).toBe(0);
    expect(
      data<{ total: number }>(await call('admin', 'POST', ord.page, { orderNo: placed.orderNo.slice(-6) }))
        .total,
    ).toBe(1);
    expect(
      data<{ total: number }>(
        await call('admin', 'POST', ord.page, { packageId: p.id, departureDateFrom: day(9) }),
      ).total,
    ).toBe(0);
    expect(
      data<{ total: number }>(
        await call('admin', 'POST', ord.page, { packageId: p.id, departureDateTo: day(8), phone: '0000111' }),
      ).total,
    ).toBe(1);

    // delete refused while it has orders
    expectStatus(await call('admin', 'GET', `${api.delete}?id=${p.id}`), 409);
    expectStatus(await call('admin', 'GET', `${dep.delete}?id=${d.id}`), 409);
    expectStatus(await call('admin', 'POST', dep.update, { id: d.id, capacity: 1 }), 409, 'capacity');

    const refund = await call('admin', 'POST', '/web/api/admin/order/staffRefund', {
      orderId: list.rows[0]!.id,
      ticketIds: placed.tickets.map((x) => x.id),
      reason: '行程取消',
    });
    expectStatus(refund, 200);
    expect(await sold(d.id)).toBe(0);
    const after = data<{ rows: TravelOrderRow[] }>(await call('admin', 'POST', ord.page, { packageId: p.id }))
      .rows[0]!;
    expect(after.refundedAmount).toBe(50_000);
    expect(after.status).toBe(203);
  });

  it('cancelling a pending order gives its seats back; a closed departure or an off-shelf package is not booked', async () => {
    const p = await newPackage('取消线路');
    const d = await newDeparture(p.id, 9, 4);
    const placed = data<{ orderNo: string }>(await book(d.id, 3));
    expect(await sold(d.id)).toBe(3);
    const cancelled = data<{ status: number }>(
      await channel('POST', openOrderApi.cancel, { orderNo: placed.orderNo }),
    );
    expect(cancelled.status).toBe(102);
    expect(await sold(d.id)).toBe(0);

    data(await call('admin', 'POST', dep.update, { id: d.id, state: 2 }));
    expectStatus(await book(d.id, 1), 409);
    data(await call('admin', 'POST', dep.update, { id: d.id, state: 1 }));
    data(await call('admin', 'POST', api.status, { ids: [p.id], status: 2 }));
    expectStatus(await book(d.id, 1), 409);
    expect(await sold(d.id)).toBe(0);
    // a departure line names no product or date, and is alone in its order
    expectStatus(
      await channel('POST', openOrderApi.create, {
        buyer: {},
        lines: [{ departureId: d.id, quantity: 1, date: day(9) }],
      }),
      400,
      'lines.0.date',
    );
    expectStatus(
      await channel('POST', openOrderApi.create, { buyer: {}, lines: [{ quantity: 1 }] }),
      400,
      'lines.0.productId',
    );
  });

  it('shows packages on shelf with their open departures and seats left, publicly', async () => {
    const p = await newPackage('公开线路');
    const d = await newDeparture(p.id, 11, 6, 8_800);
    data(await book(d.id, 2));
    const res = await t.app.inject({ method: 'GET', url: `${publicTravelApi.packages}?scenicId=${qsh}` });
    const all = data<PublicTravelPackage[]>(res);
    const mine = all.find((x) => x.id === p.id)!;
    expect(mine.departures).toEqual([{ id: d.id, date: day(11), price: 8_800, left: 4 }]);
    expect(mine.itinerary[0]!.products.map((x) => x.id)).toEqual([productId]);
    const yl = data<PublicTravelPackage[]>(
      await t.app.inject({ method: 'GET', url: `${publicTravelApi.packages}?scenicId=${ylgz}` }),
    );
    // the old town shows its own demo packages, none of QSH's
    expect(yl.map((x) => x.name).sort()).toEqual(['古镇慢游一日游', '茶马古道两日游']);
    expect(yl.some((x) => x.id === p.id)).toBe(false);
    expect(
      await t.database.db
        .select()
        .from(travelPackages)
        .where(and(eq(travelPackages.id, p.id))),
    ).toHaveLength(1);
  });
});
