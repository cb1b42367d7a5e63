import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import {
  releaseStock,
  releaseStockLines,
  reserveStock,
  reserveStockLines,
  type StockLine,
} from './inventory.service.ts';
import { publicStock, scenicPeriods } from './inventory.table.ts';
import { createAreaFixtures, dayOf, futureDate, periodsOf, publicOf, setDay } from './test-fixtures.ts';
import type { AreaFixtures } from './test-fixtures.ts';

let t: TestApp;
let db: Db;
let { qsh, ylgz, f1, f2 } = {} as AreaFixtures;
/** Demo slots of area 1 by start time */
let slots: Awaited<ReturnType<typeof periodsOf>>;

beforeAll(async () => {
  t = await createTestApp();
  db = t.database.db;
  ({ qsh, ylgz, f1, f2 } = await createAreaFixtures(db));
  slots = await periodsOf(db, qsh);
});
afterAll(() => t.close());

const reserve = (line: StockLine) => db.transaction((tx) => reserveStock(tx, line));
const release = (line: StockLine) => db.transaction((tx) => releaseStock(tx, line));
const slot = (start: string) => slots.get(start)!;

describe('reserveStock', () => {
  it('takes calendar and public stock, creating the day of the slot from its template', async () => {
    const date = futureDate();
    const calendarId = await setDay(db, {
      scenicId: qsh,
      productId: f1.regular,
      date,
      stock: 5,
      price: 12000,
    });
    const period = slot('10:00');
    const res = await reserve({
      scenicId: qsh,
      productId: f1.regular,
      date,
      periodId: period.id,
      quantity: 2,
    });
    expect(res).toEqual({ unitPrice: 12000, calendarId, periodId: period.id });
    expect((await dayOf(db, f1.regular, date))?.sold).toBe(2);
    expect(await publicOf(db, period.id, date)).toMatchObject({ capacity: 2000, sold: 2, status: 1 });
  });

  it('refuses more than is left (409), and the transaction keeps nothing', async () => {
    const date = futureDate();
    await setDay(db, { scenicId: qsh, productId: f1.regular, date, stock: 3, sold: 2 });
    const period = slot('08:00');
    await expect(
      reserve({ scenicId: qsh, productId: f1.regular, date, periodId: period.id, quantity: 2 }),
    ).rejects.toMatchObject({ statusCode: 409, msgKey: 'calendarSoldOut', options: { params: { left: 1 } } });
    expect((await dayOf(db, f1.regular, date))?.sold).toBe(2);
    expect(await publicOf(db, period.id, date)).toBeUndefined();
  });

  it('sells nothing on a closed day or a day without a calendar row', async () => {
    const date = futureDate();
    await setDay(db, { scenicId: qsh, productId: f1.regular, date, stock: 10, status: 2 });
    const line = { scenicId: qsh, productId: f1.regular, date, periodId: slot('08:00').id, quantity: 1 };
    await expect(reserve(line)).rejects.toMatchObject({ statusCode: 409, msgKey: 'calendarClosed' });
    await expect(reserve({ ...line, date: futureDate() })).rejects.toMatchObject({
      statusCode: 409,
      msgKey: 'calendarNotOnSale',
    });
  });

  it('checks the public stock of the slot: full, closed day, disabled slot', async () => {
    const date = futureDate();
    await setDay(db, { scenicId: qsh, productId: f1.regular, date, stock: 100 });
    const period = slot('14:30');
    await db.insert(publicStock).values({ scenicId: qsh, periodId: period.id, date, capacity: 4, sold: 3 });
    const line = { scenicId: qsh, productId: f1.regular, date, periodId: period.id, quantity: 2 };
    await expect(reserve(line)).rejects.toMatchObject({
      statusCode: 409,
      msgKey: 'publicStockFull',
      options: { params: { left: 1 } },
    });
    // the calendar part was rolled back with it
    expect((await dayOf(db, f1.regular, date))?.sold).toBe(0);
    await reserve({ ...line, quantity: 1 });
    expect(await publicOf(db, period.id, date)).toMatchObject({ capacity: 4, sold: 4 });

    const closedDay = futureDate();
    await setDay(db, { scenicId: qsh, productId: f1.regular, date: closedDay, stock: 100 });
    await db
      .insert(publicStock)
      .values({ scenicId: qsh, periodId: period.id, date: closedDay, capacity: 50, status: 2 });
    await expect(reserve({ ...line, date: closedDay })).rejects.toMatchObject({
      msgKey: 'publicStockClosed',
    });

    await db
      .update(scenicPeriods)
      .set({ status: 2 })
      .where(eq(scenicPeriods.id, slot('18:00').id));
    try {
      await expect(reserve({ ...line, date: closedDay, periodId: slot('18:00').id })).rejects.toMatchObject({
        statusCode: 409,
        msgKey: 'publicStockClosed',
      });
    } finally {
      await db
        .update(scenicPeriods)
        .set({ status: 1 })
        .where(eq(scenicPeriods.id, slot('18:00').id));
    }
  });

  it('needs a slot for a regular product when the area has slots; none when it has none', async () => {
    const date = futureDate();
    await setDay(db, { scenicId: qsh, productId: f1.regular, date, stock: 10 });
    await expect(reserve({ scenicId: qsh, productId: f1.regular, date, quantity: 1 })).rejects.toMatchObject({
      field: 'periodId',
    });
    // area 2 has no slots: public stock is unlimited
    await setDay(db, { scenicId: ylgz, productId: f2.regular, date, stock: 10 });
    const res = await reserve({ scenicId: ylgz, productId: f2.regular, date, quantity: 4 });
    expect(res.periodId).toBeNull();
    expect((await dayOf(db, f2.regular, date))?.sold).toBe(4);
  });

  it("counts a timed ticket against the slot holding its session's start", async () => {
    const date = futureDate();
    const [morning, afternoon, night] = f1.sessions;
    for (const sessionId of f1.sessions)
      await setDay(db, { scenicId: qsh, productId: f1.timed, sessionId, date, stock: 30, price: 8800 });
    const a = await reserve({ scenicId: qsh, productId: f1.timed, sessionId: morning, date, quantity: 3 });
    expect(a).toMatchObject({ unitPrice: 8800, periodId: slot('08:00').id });
    const b = await reserve({ scenicId: qsh, productId: f1.timed, sessionId: afternoon, date, quantity: 1 });
    expect(b.periodId).toBe(slot('12:00').id);
    // 22:00 lies in no slot: not limited by public stock
    const c = await reserve({ scenicId: qsh, productId: f1.timed, sessionId: night, date, quantity: 1 });
    expect(c.periodId).toBeNull();
    expect((await dayOf(db, f1.timed, date, morning))?.sold).toBe(3);
    expect((await publicOf(db, slot('08:00').id, date))?.sold).toBe(3);
    // another slot than the session's: 400
    await expect(
      reserve({
        scenicId: qsh,
        productId: f1.timed,
        sessionId: morning,
        date,
        periodId: slot('10:00').id,
        quantity: 1,
      }),
    ).rejects.toMatchObject({ field: 'periodId' });
  });

  it('validates the product, the session and the quantity', async () => {
    const date = futureDate();
    const line = { scenicId: qsh, date, periodId: slot('08:00').id, quantity: 1 };
    await expect(reserve({ ...line, productId: f2.regular })).rejects.toMatchObject({
      statusCode: 404,
      msgKey: 'calendarProductNotFound',
    });
    await expect(reserve({ ...line, productId: f1.timed })).rejects.toMatchObject({ field: 'sessionId' });
    await expect(reserve({ ...line, productId: f1.timed, sessionId: f2.sessions[0] })).rejects.toMatchObject({
      field: 'sessionId',
    });
    await expect(
      reserve({ ...line, productId: f1.regular, sessionId: f1.sessions[0] }),
    ).rejects.toMatchObject({
      field: 'sessionId',
    });
    await expect(reserve({ ...line, productId: f1.performance })).rejects.toMatchObject({
      field: 'productId',
    });
    await expect(reserve({ ...line, productId: f1.regular, quantity: 0 })).rejects.toMatchObject({
      field: 'quantity',
    });
    await expect(reserve({ ...line, productId: f1.regular, periodId: 999_999 })).rejects.toMatchObject({
      statusCode: 404,
      msgKey: 'periodNotFound',
    });
  });

  it('sums lines on the same day, all or nothing', async () => {
    const date = futureDate();
    await setDay(db, { scenicId: ylgz, productId: f2.regular, date, stock: 5 });
    await setDay(db, { scenicId: ylgz, productId: f2.timed, sessionId: f2.sessions[0], date, stock: 1 });
    const line = { scenicId: ylgz, productId: f2.regular, date, quantity: 2 };
    const lines = [
      line,
      line,
      { scenicId: ylgz, productId: f2.timed, sessionId: f2.sessions[0], date, quantity: 2 },
    ];
    await expect(db.transaction((tx) => reserveStockLines(tx, lines))).rejects.toMatchObject({
      msgKey: 'calendarSoldOut',
    });
    expect((await dayOf(db, f2.regular, date))?.sold).toBe(0);
    const res = await db.transaction((tx) => reserveStockLines(tx, [line, line]));
    expect(res).toHaveLength(2);
    expect((await dayOf(db, f2.regular, date))?.sold).toBe(4);
    await expect(db.transaction((tx) => reserveStockLines(tx, [line]))).rejects.toMatchObject({
      msgKey: 'calendarSoldOut',
    });
    await db.transaction((tx) => releaseStockLines(tx, [line, line]));
    expect((await dayOf(db, f2.regular, date))?.sold).toBe(0);
  });
});

describe('releaseStock', () => {
  it('gives calendar and public stock back, never below zero', async () => {
    const date = futureDate();
    await setDay(db, { scenicId: qsh, productId: f1.regular, date, stock: 10 });
    const period = slot('12:00');
    const line = { scenicId: qsh, productId: f1.regular, date, periodId: period.id, quantity: 3 };
    const res = await reserve(line);
    // a closed day still takes stock back
    await setDay(db, { scenicId: qsh, productId: f1.regular, date, stock: 10, sold: 3, status: 2 });
    await release({ ...line, periodId: res.periodId, quantity: 2 });
    expect((await dayOf(db, f1.regular, date))?.sold).toBe(1);
    expect((await publicOf(db, period.id, date))?.sold).toBe(1);
    await expect(release({ ...line, quantity: 2 })).rejects.toMatchObject({
      statusCode: 409,
      msgKey: 'stockReleaseExceeds',
    });
    expect((await dayOf(db, f1.regular, date))?.sold).toBe(1);
    expect((await publicOf(db, period.id, date))?.sold).toBe(1);
  });

  it('releases only the calendar when the reservation counted no slot', async () => {
    const date = futureDate();
    await setDay(db, {
      scenicId: qsh,
      productId: f1.timed,
      sessionId: f1.sessions[2],
      date,
      stock: 10,
      sold: 2,
    });
    await release({
      scenicId: qsh,
      productId: f1.timed,
      sessionId: f1.sessions[2],
      date,
      periodId: null,
      quantity: 2,
    });
    expect((await dayOf(db, f1.timed, date, f1.sessions[2]))?.sold).toBe(0);
  });
});

describe('demo seed', () => {
  it('gives the area five slots and the past days plausible, consistent sales', async () => {
    expect([...slots.keys()].sort()).toEqual(['08:00', '10:00', '12:00', '14:30', '18:00']);
    expect(slot('10:00').capacity).toBe(2000);
    const rows = await db.select().from(publicStock).where(eq(publicStock.scenicId, qsh));
    for (const r of rows) expect(r.sold).toBeLessThanOrEqual(r.capacity);
  });
});
