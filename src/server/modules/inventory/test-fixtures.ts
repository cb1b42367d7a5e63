import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { productSessions, ticketProducts, ticketTypes } from '../products/products.table.ts';
import { scenicAreas } from '../scenic/scenic.table.ts';
import { priceCalendar, publicStock, scenicPeriods } from './inventory.table.ts';

/** Test data of this module's tests: products of each kind in one area (not the demo seed's). */
export interface Fixtures {
  regular: number;
  timed: number;
  performance: number;
  /** Sessions of the timed product: 09:00-11:00, 13:00-15:00, 22:00-23:00 */
  sessions: [number, number, number];
}

export async function createFixtures(db: Db, scenicId: number): Promise<Fixtures> {
  const tag = crypto.randomBytes(3).toString('hex');
  const [type] = await db
    .insert(ticketTypes)
    .values({ scenicId, name: `inv-${tag}` })
    .returning();
  if (!type) throw new Error('no type');
  const base = {
    scenicId,
    typeId: type.id,
    validityType: 1,
    realNameType: 1,
    printType: 1,
    channels: [1],
    refundRule: 1,
  };
  const [regular, timed, performance] = await db
    .insert(ticketProducts)
    .values([
      { ...base, productType: 1, name: `成人票-${tag}`, price: 10000 },
      { ...base, productType: 2, name: `分时票-${tag}`, price: 8000, validityType: 4 },
      { ...base, productType: 3, name: `演出票-${tag}`, price: 20000 },
    ])
    .returning();
  if (!regular || !timed || !performance) throw new Error('no products');
  const sessions = await db
    .insert(productSessions)
    .values([
      { scenicId, productId: timed.id, name: '上午', startTime: '09:00', endTime: '11:00' },
      { scenicId, productId: timed.id, name: '下午', startTime: '13:00', endTime: '15:00' },
      { scenicId, productId: timed.id, name: '深夜', startTime: '22:00', endTime: '23:00' },
    ])
    .returning();
  return {
    regular: regular.id,
    timed: timed.id,
    performance: performance.id,
    sessions: sessions.map((s) => s.id) as Fixtures['sessions'],
  };
}

/** Inserts or replaces a calendar day. */
export async function setDay(
  db: Db,
  values: {
    scenicId: number;
    productId: number;
    sessionId?: number | null;
    date: string;
    stock: number;
    sold?: number;
    price?: number;
    status?: number;
  },
): Promise<number> {
  await db
    .delete(priceCalendar)
    .where(
      and(
        eq(priceCalendar.productId, values.productId),
        eq(priceCalendar.date, values.date),
        sql`coalesce(${priceCalendar.sessionId}, 0) = ${values.sessionId ?? 0}`,
      ),
    );
  const [row] = await db
    .insert(priceCalendar)
    .values({ price: 10000, sold: 0, status: 1, sessionId: null, ...values })
    .returning();
  if (!row) throw new Error('no row');
  return row.id;
}

export async function dayOf(db: Db, productId: number, date: string, sessionId: number | null = null) {
  const [row] = await db
    .select()
    .from(priceCalendar)
    .where(
      and(
        eq(priceCalendar.productId, productId),
        eq(priceCalendar.date, date),
        sql`coalesce(${priceCalendar.sessionId}, 0) = ${sessionId ?? 0}`,
      ),
    );
  return row;
}

export async function publicOf(db: Db, periodId: number, date: string) {
  const [row] = await db
    .select()
    .from(publicStock)
    .where(and(eq(publicStock.periodId, periodId), eq(publicStock.date, date)));
  return row;
}

/** The demo area's slots by start time. */
export async function periodsOf(db: Db, scenicId: number) {
  const rows = await db.select().from(scenicPeriods).where(eq(scenicPeriods.scenicId, scenicId));
  return new Map(rows.map((p) => [p.startTime, p]));
}

/** A date far in the future, unique per call, so tests do not meet the demo calendar. */
let offset = 0;
export function futureDate(): string {
  offset += 1;
  const d = new Date(Date.UTC(2031, 0, 1) + offset * 86_400_000);
  return d.toISOString().slice(0, 10);
}

/** The two demo areas, QSH (`qsh`) and YLGZ (`ylgz`), with a fixture set in each (`f1`, `f2`). */
export interface AreaFixtures {
  qsh: number;
  ylgz: number;
  f1: Fixtures;
  f2: Fixtures;
}

export async function createAreaFixtures(db: Db): Promise<AreaFixtures> {
  const areas = await db.select().from(scenicAreas);
  const qsh = areas.find((a) => a.code === 'QSH')!.id;
  const ylgz = areas.find((a) => a.code === 'YLGZ')!.id;
  return { qsh, ylgz, f1: await createFixtures(db, qsh), f2: await createFixtures(db, ylgz) };
}
