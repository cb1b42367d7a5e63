import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { rushTransactions, closeWideApp, openWideApp } from '../../test/concurrency.ts';
import type { TestApp } from '../../test/harness.ts';
import { reserveStock } from './inventory.service.ts';
import { publicStock } from './inventory.table.ts';
import { createAreaFixtures, dayOf, futureDate, periodsOf, publicOf, setDay } from './test-fixtures.ts';
import type { AreaFixtures } from './test-fixtures.ts';

// PGlite has a single connection: real concurrency needs PostgreSQL (npm run test:pg).
describe.skipIf(!process.env.TEST_DATABASE_URL)('stock under concurrent orders (PostgreSQL)', () => {
  const BUYERS = 30;
  let t: TestApp;
  /** A second pool on the test database, wide enough for every buyer to hold a connection at once */
  let wide: Database;
  let db: Db;
  let { qsh, ylgz, f1, f2 } = {} as AreaFixtures;

  beforeAll(async () => {
    ({ t, wide, db } = await openWideApp(BUYERS + 5));
    ({ qsh, ylgz, f1, f2 } = await createAreaFixtures(db));
  });
  afterAll(() => closeWideApp(wide, t));

  /** Runs `buy` in BUYERS concurrent transactions; counts successes and 409s, rethrows anything else. */
  async function rush(buy: (tx: Db) => Promise<void>) {
    const result = await rushTransactions(db, BUYERS, buy);
    return { ...result, conflicts: result.conflicts.length };
  }

  it(`sells exactly the last 5 calendar units to ${BUYERS} buyers at once`, async () => {
    const date = futureDate();
    await setDay(db, { scenicId: ylgz, productId: f2.regular, date, stock: 105, sold: 100 });
    const res = await rush(async (tx) => {
      await reserveStock(tx, { scenicId: ylgz, productId: f2.regular, date, quantity: 1 });
    });
    expect(res.unexpected).toEqual([]);
    expect(res.ok).toBe(5);
    expect(res.conflicts).toBe(BUYERS - 5);
    const day = await dayOf(db, f2.regular, date);
    expect(day).toMatchObject({ stock: 105, sold: 105 });
  });

  it(`fills a slot's public stock exactly, whatever the calendar allows`, async () => {
    const date = futureDate();
    const period = (await periodsOf(db, qsh)).get('10:00')!;
    await setDay(db, { scenicId: qsh, productId: f1.regular, date, stock: 1000 });
    // no public_stock row yet: the first buyers race to create it from the template as well
    await db.execute(sql`update scenic_periods set capacity = 5 where id = ${period.id}`);
    try {
      const res = await rush(async (tx) => {
        await reserveStock(tx, {
          scenicId: qsh,
          productId: f1.regular,
          date,
          periodId: period.id,
          quantity: 1,
        });
      });
      expect(res.unexpected).toEqual([]);
      expect(res.ok).toBe(5);
      expect(await publicOf(db, period.id, date)).toMatchObject({ capacity: 5, sold: 5 });
      // the calendar kept only the successful orders
      expect((await dayOf(db, f1.regular, date))?.sold).toBe(5);
    } finally {
      await db.execute(sql`update scenic_periods set capacity = ${period.capacity} where id = ${period.id}`);
    }
  });

  it('CONTROL: a naive read-then-write reservation oversells under the same rush', async () => {
    const date = futureDate();
    await setDay(db, { scenicId: ylgz, productId: f2.regular, date, stock: 105, sold: 100 });
    const res = await rush(async (tx) => {
      const rows = (await tx.execute(
        sql`select id, stock, sold from price_calendar where product_id = ${f2.regular} and date = ${date}`,
      )) as unknown as { rows: { id: number; stock: number; sold: number }[] };
      const day = rows.rows[0]!;
      if (day.sold + 1 > day.stock) throw new AppError(409, 'calendarSoldOut');
      await new Promise((resolve) => setTimeout(resolve, 20)); // the application's own work
      await tx.execute(sql`update price_calendar set sold = ${day.sold + 1} where id = ${day.id}`);
    });
    // every buyer saw 5 left and was told yes: far more orders than units
    expect(res.unexpected).toEqual([]);
    expect(res.ok).toBeGreaterThan(5);
  });

  it('lowering the stock while buyers rush never leaves sold above stock', async () => {
    const date = futureDate();
    const calendarId = await setDay(db, { scenicId: ylgz, productId: f2.regular, date, stock: 40 });
    const { access_token: token } = await t.login('admin');
    const headers = { 'x-scenic-id': String(ylgz) };
    const edits = Promise.all(
      [30, 20, 12, 25, 8, 15].map((stock) =>
        t.call(token, 'POST', '/web/api/admin/priceCalendar/update', { id: calendarId, stock }, headers),
      ),
    );
    const [res, edited] = await Promise.all([
      rush(async (tx) => {
        await reserveStock(tx, { scenicId: ylgz, productId: f2.regular, date, quantity: 1 });
      }),
      edits,
    ]);
    expect(res.unexpected).toEqual([]);
    for (const r of edited) expect([200, 409]).toContain(r.statusCode);
    const day = await dayOf(db, f2.regular, date);
    expect(day!.sold).toBe(res.ok);
    expect(day!.sold).toBeLessThanOrEqual(day!.stock);
    const check = await db
      .select()
      .from(publicStock)
      .where(sql`${publicStock.sold} > ${publicStock.capacity}`);
    expect(check).toEqual([]);
  });

  it('a bulk edit racing buyers never leaves sold above stock either', async () => {
    const date = futureDate();
    await setDay(db, { scenicId: ylgz, productId: f2.regular, date, stock: 40 });
    const { access_token: token } = await t.login('admin');
    const headers = { 'x-scenic-id': String(ylgz) };
    const body = (stock: number) => ({
      productId: f2.regular,
      from: date,
      to: date,
      weekdays: [0, 1, 2, 3, 4, 5, 6],
      stock,
    });
    const [res, edited] = await Promise.all([
      rush(async (tx) => {
        await reserveStock(tx, { scenicId: ylgz, productId: f2.regular, date, quantity: 1 });
      }),
      Promise.all(
        [22, 10, 18].map((stock) =>
          t.call(token, 'POST', '/web/api/admin/priceCalendar/batchSet', body(stock), headers),
        ),
      ),
    ]);
    expect(res.unexpected).toEqual([]);
    for (const r of edited) expect([200, 409]).toContain(r.statusCode);
    const day = await dayOf(db, f2.regular, date);
    expect(day!.sold).toBe(res.ok);
    expect(day!.sold).toBeLessThanOrEqual(day!.stock);
  });
});
