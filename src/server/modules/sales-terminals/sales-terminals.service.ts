import { and, asc, eq, gt, inArray, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { ADM_TYPE, ENABLED } from '../../../shared/dict/account.ts';
import { SalesTerminalReason } from '../../../shared/dict/sales-terminals.ts';
import type { Db } from '../../db/client.ts';
import { FieldError } from '../../http/errors.ts';
import { admins } from '../accounts/index.ts';
import { ticketProducts } from '../products/index.ts';
import { terminals, type Terminal } from '../terminals/index.ts';
import {
  salesMachineCarousels,
  salesTerminalProfiles,
  type SalesTerminalProfile,
} from './sales-terminals.table.ts';

/** Every id is a ticket product of the area (400 naming the field otherwise). */
export async function checkProducts(db: Db, scenicId: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await db
    .select({ id: ticketProducts.id })
    .from(ticketProducts)
    .where(and(inArray(ticketProducts.id, [...ids]), eq(ticketProducts.scenicId, scenicId)));
  if (found.length !== new Set(ids).size)
    throw new FieldError('productIds', SalesTerminalReason.productNotInArea);
}

/** Every id is a staff account (admType 2) of the area. */
export async function checkOperators(db: Db, scenicId: number, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const found = await db
    .select({ id: admins.id })
    .from(admins)
    .where(
      and(inArray(admins.id, [...ids]), eq(admins.scenicId, scenicId), eq(admins.admType, ADM_TYPE.staff)),
    );
  if (found.length !== new Set(ids).size)
    throw new FieldError('operatorIds', SalesTerminalReason.operatorNotInArea);
}

export async function profilesOf(db: Db, ids: readonly number[]): Promise<Map<number, SalesTerminalProfile>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(salesTerminalProfiles)
    .where(inArray(salesTerminalProfiles.terminalId, [...ids]));
  return new Map(rows.map((p) => [p.terminalId, p]));
}

/** Products of these ids still in the table, in the area's order (sort, name). */
export async function productsByIds(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({
      id: ticketProducts.id,
      name: ticketProducts.name,
      price: ticketProducts.price,
      shelfStatus: ticketProducts.shelfStatus,
    })
    .from(ticketProducts)
    .where(inArray(ticketProducts.id, [...new Set(ids)]))
    .orderBy(asc(ticketProducts.sort), asc(ticketProducts.name), asc(ticketProducts.id));
}

export async function operatorsByIds(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .select({ id: admins.id, username: admins.username, nickname: admins.nickname, status: admins.status })
    .from(admins)
    .where(inArray(admins.id, [...new Set(ids)]))
    .orderBy(asc(admins.username));
}

/** Enabled and within its time window at `now` (an open end is no bound). */
export const carouselShowing = (now: Date): SQL =>
  and(
    eq(salesMachineCarousels.status, ENABLED),
    or(isNull(salesMachineCarousels.startAt), lte(salesMachineCarousels.startAt, now)),
    or(isNull(salesMachineCarousels.endAt), gt(salesMachineCarousels.endAt, now)),
  )!;

/** The items a machine shows: its own and the area-wide ones (machine_id null). */
export const carouselOfMachine = (scenicId: number, machineId: number): SQL =>
  and(
    eq(salesMachineCarousels.scenicId, scenicId),
    or(isNull(salesMachineCarousels.machineId), eq(salesMachineCarousels.machineId, machineId)),
  )!;

/** What a terminal's profile tells the device about its products: on-shelf products only, base price. */
async function soldProducts(db: Db, profile: SalesTerminalProfile | undefined) {
  const products = await productsByIds(db, profile?.productIds ?? []);
  return products.filter((p) => p.shelfStatus === 1).map((p) => ({ id: p.id, name: p.name, price: p.price }));
}

const printerOf = (p: SalesTerminalProfile | undefined) => ({
  model: p?.printerModel ?? '',
  paper: p?.paper ?? null,
});

/**
 * `config.profile` of a ticket window: its number, the on-shelf products it sells (base price in
 * cents; the day's price comes from the selling API), pay ways, printer and paper, and the user
 * names of the enabled staff allowed to sell there. The device enforces products and operators.
 */
export async function windowProfile(db: Db, t: Terminal): Promise<Record<string, unknown>> {
  const [profile] = await db
    .select()
    .from(salesTerminalProfiles)
    .where(eq(salesTerminalProfiles.terminalId, t.id));
  const operators = await operatorsByIds(db, profile?.operatorIds ?? []);
  return {
    configured: profile != null,
    windowNo: profile?.windowNo ?? '',
    products: await soldProducts(db, profile),
    payWays: profile?.payWays ?? [],
    printer: printerOf(profile),
    operators: operators.filter((o) => o.status === ENABLED).map((o) => o.username),
  };
}

/**
 * `config.profile` of a self-service machine: products, pay ways, printer and paper, and the
 * carousel items showing at `now` (its own and the area-wide ones, by sort). An item entering or
 * leaving its window changes the ETag on the next fetch.
 */
export async function machineProfile(
  db: Db,
  t: Terminal,
  now = new Date(),
): Promise<Record<string, unknown>> {
  const [profile] = await db
    .select()
    .from(salesTerminalProfiles)
    .where(eq(salesTerminalProfiles.terminalId, t.id));
  const carousel = await db
    .select({
      id: salesMachineCarousels.id,
      image: salesMachineCarousels.image,
      title: salesMachineCarousels.title,
      sort: salesMachineCarousels.sort,
      endAt: salesMachineCarousels.endAt,
    })
    .from(salesMachineCarousels)
    .where(and(carouselOfMachine(t.scenicId, t.id), carouselShowing(now)))
    .orderBy(asc(salesMachineCarousels.sort), asc(salesMachineCarousels.id));
  return {
    configured: profile != null,
    products: await soldProducts(db, profile),
    payWays: profile?.payWays ?? [],
    printer: printerOf(profile),
    carousel: carousel.map((c, i) => ({
      id: c.id,
      image: c.image,
      title: c.title,
      order: i + 1,
      until: c.endAt ? c.endAt.toISOString() : null,
    })),
  };
}

/** Writes a profile: inserted on first save, otherwise only the given fields change. */
export async function saveProfile(
  tx: Db,
  t: Terminal,
  values: Partial<Omit<SalesTerminalProfile, 'terminalId' | 'scenicId' | 'updatedAt'>>,
): Promise<{ before: SalesTerminalProfile | null; after: SalesTerminalProfile }> {
  const [before] = await tx
    .select()
    .from(salesTerminalProfiles)
    .where(eq(salesTerminalProfiles.terminalId, t.id))
    .for('update');
  const [after] = before
    ? await tx
        .update(salesTerminalProfiles)
        .set({ ...values, updatedAt: sql`now()` })
        .where(eq(salesTerminalProfiles.terminalId, t.id))
        .returning()
    : await tx
        .insert(salesTerminalProfiles)
        .values({ ...values, terminalId: t.id, scenicId: t.scenicId })
        .returning();
  return { before: before ?? null, after: after! };
}

/**
 * The products a window's or machine's own client (`term<id>`) may sell through the selling API:
 * its profile's list; null when the client is no such terminal or the terminal has no profile yet
 * (then the channel's whole range, as for the shared window clients).
 */
export async function productsSoldBy(
  db: Db,
  scenicId: number,
  clientId: string,
): Promise<Set<number> | null> {
  if (!/^term\d+$/.test(clientId)) return null;
  const [row] = await db
    .select({ productIds: salesTerminalProfiles.productIds })
    .from(salesTerminalProfiles)
    .innerJoin(terminals, eq(terminals.id, salesTerminalProfiles.terminalId))
    .where(and(eq(terminals.clientId, clientId), eq(terminals.scenicId, scenicId)));
  return row ? new Set(row.productIds) : null;
}
