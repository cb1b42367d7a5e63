import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { rush, closeWideApp, openWideApp } from '../../test/concurrency.ts';
import type { TestApp } from '../../test/harness.ts';
import { createOrderFixtures, rowsOf, soldOf, type OrderFixtures } from './orders.fixture.ts';
import { orderTickets, payments, ticketOrders } from './orders.table.ts';
import { confirmPayment, placeOrder } from './orders.service.ts';

// PGlite has a single connection: real concurrency needs PostgreSQL (npm run test:pg).
describe.skipIf(!process.env.TEST_DATABASE_URL)('orders under concurrent buyers (PostgreSQL)', () => {
  const WIDTH = 35;
  let t: TestApp;
  let wide: Database;
  let db: Db;
  let f: OrderFixtures;

  beforeAll(async () => {
    ({ t, wide, db } = await openWideApp(WIDTH + 5));
    f = await createOrderFixtures(db);
  });
  afterAll(() => closeWideApp(wide, t));

  const setStock = (productId: number, stock: number, sold: number) =>
    db.execute(
      sql`update price_calendar set stock = ${stock}, sold = ${sold} where product_id = ${productId} and date = ${f.date}`,
    );
  const base = {
    scenicId: 0,
    channel: 16 as const,
    clientId: 'ctripManagement',
    buyer: { name: '', phone: '' },
  };

  it('30 buyers for the last 5 tickets of a day: exactly 5 orders, stock ends at 0 left', async () => {
    await setStock(f.regular, 100, 95);
    const before = await db.select().from(ticketOrders);
    const res = await rush(30, () =>
      placeOrder(db, {
        ...base,
        scenicId: f.scenicId,
        lines: [{ productId: f.regular, date: f.date, quantity: 1 }],
      }),
    );
    expect(res.unexpected).toEqual([]);
    expect(res.ok).toBe(5);
    expect(res.conflicts).toBe(25);
    expect(await soldOf(db, f.regular, f.date)).toBe(100);
    const after = await db.select().from(ticketOrders);
    expect(after.length - before.length).toBe(5);
  });

  it('CONTROL: a naive read-then-write order oversells under the same rush', async () => {
    await setStock(f.regular, 100, 95);
    const res = await rush(30, () =>
      db.transaction(async (tx) => {
        const [day] = rowsOf<{ id: number; stock: number; sold: number }>(
          await tx.execute(
            sql`select id, stock, sold from price_calendar where product_id = ${f.regular} and date = ${f.date}`,
          ),
        );
        if (day!.sold + 1 > day!.stock) throw new AppError(409, 'calendarSoldOut');
        await new Promise((resolve) => setTimeout(resolve, 20));
        await tx.execute(sql`update price_calendar set sold = ${day!.sold + 1} where id = ${day!.id}`);
      }),
    );
    expect(res.ok).toBeGreaterThan(5);
  });

  it('20 buyers for overlapping seats: each seat is sold once', async () => {
    // buyer i wants seats i%5 and (i+1)%5 of row 1
    const res = await rush(20, (i) =>
      placeOrder(db, {
        ...base,
        scenicId: f.scenicId,
        lines: [
          {
            productId: f.performance,
            date: f.date,
            showId: f.showId,
            quantity: 2,
            seats: [
              { row: 1, col: i % 5 },
              { row: 1, col: (i + 1) % 5 },
            ],
          },
        ],
      }),
    );
    expect(res.unexpected).toEqual([]);
    expect(res.ok).toBeGreaterThanOrEqual(1);
    expect(res.ok).toBeLessThanOrEqual(2);
    const seats = rowsOf<{ seat_col: number; n: number }>(
      await db.execute(sql`select seat_col, count(*)::int as n from order_tickets
        where show_id = ${f.showId} and seat_row = 1 group by seat_col`),
    );
    expect(seats.every((s) => Number(s.n) === 1)).toBe(true);
    expect(seats.length).toBe(res.ok * 2);
  });

  it('CONTROL: a naive seat check (read, then write) sells a seat twice', async () => {
    const res = await rush(20, () =>
      db.transaction(async (tx) => {
        const [seat] = rowsOf<{ id: number; status: number }>(
          await tx.execute(
            sql`select id, status from show_seats where show_id = ${f.showId} and row = 0 and col = 4`,
          ),
        );
        if (Number(seat!.status) !== 1) throw new AppError(409, 'seatsTaken');
        await new Promise((resolve) => setTimeout(resolve, 20));
        await tx.execute(sql`update show_seats set status = 2, hold_ref = 'naive' where id = ${seat!.id}`);
      }),
    );
    expect(res.ok).toBeGreaterThan(1);
  });

  it('duplicate payment confirmations at once: one confirmed payment', async () => {
    await setStock(f.regular, 100, 0);
    const { order } = await placeOrder(db, {
      ...base,
      scenicId: f.scenicId,
      lines: [{ productId: f.regular, date: f.date, quantity: 1 }],
    });
    const res = await rush(20, () =>
      confirmPayment(db, {
        scenicId: f.scenicId,
        orderNo: order.orderNo,
        payWay: 13,
        amount: 10000,
        provider: 'offline',
        providerTxnId: 'dup-txn',
      }),
    );
    expect(res.unexpected).toEqual([]);
    expect(res.values.filter((v) => v.outcome === 'confirmed')).toHaveLength(1);
    expect(res.values.filter((v) => v.outcome === 'duplicate')).toHaveLength(19);
    const paid = await db.select().from(payments).where(eq(payments.orderId, order.id));
    expect(paid).toHaveLength(1);
    const [o] = await db.select().from(ticketOrders).where(eq(ticketOrders.id, order.id));
    expect(o).toMatchObject({ paidAmount: 10000, payStatus: 201 });
  });

  it('CONTROL: naive confirmation (check, then insert without locking the order) pays twice', async () => {
    const { order } = await placeOrder(db, {
      ...base,
      scenicId: f.scenicId,
      lines: [{ productId: f.regular, date: f.date, quantity: 1 }],
    });
    const res = await rush(20, (i) =>
      db.transaction(async (tx) => {
        const [o] = await tx.select().from(ticketOrders).where(eq(ticketOrders.id, order.id));
        if (o!.payStatus !== 101) return 'duplicate';
        await new Promise((resolve) => setTimeout(resolve, 20));
        // each retry of the provider carries its own id in this naive version
        await tx.insert(payments).values({
          orderId: order.id,
          scenicId: f.scenicId,
          payWay: 13,
          provider: 'naive',
          providerTxnId: `naive-${i}`,
          amount: 10000,
          status: 'confirmed',
        });
        await tx.update(ticketOrders).set({ payStatus: 201 }).where(eq(ticketOrders.id, order.id));
        return 'confirmed';
      }),
    );
    expect(res.values.filter((v) => v === 'confirmed').length).toBeGreaterThan(1);
    const tickets = await db
      .select()
      .from(orderTickets)
      .where(and(eq(orderTickets.orderId, order.id)));
    expect(tickets).toHaveLength(1);
  });
});
