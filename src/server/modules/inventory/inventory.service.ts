import { and, asc, eq, sql } from 'drizzle-orm';
import { ValidationMessage } from '../../../shared/api/validation-messages.ts';
import { PRODUCT_TYPE, SALE_STATUS } from '../../../shared/dict/product.ts';
import type { Db } from '../../db/client.ts';
import { AppError, FieldError } from '../../http/errors.ts';
import { findProduct } from '../products/index.ts';
import { publicStock, scenicPeriods } from './inventory.table.ts';
import { queryRows } from '../../db/rows.ts';

/**
 * One line of an order as the stock sees it. `periodId`: the time slot the buyer picked (regular
 * products, when the area has enabled slots); a timed product counts against the slot holding its
 * session's start. On release, pass the `periodId` that the reservation returned (null: none).
 */
export interface StockLine {
  scenicId: number;
  productId: number;
  /** Visit date, YYYY-MM-DD */
  date: string;
  /** Timed products only */
  sessionId?: number | null | undefined;
  periodId?: number | null | undefined;
  quantity: number;
}

export interface Reservation {
  /** The calendar price of that day, in cents */
  unitPrice: number;
  calendarId: number;
  /** The public-stock slot counted, or null when the area has no limit for this ticket */
  periodId: number | null;
}

type PeriodRecord = typeof scenicPeriods.$inferSelect;

interface ResolvedLine {
  line: StockLine;
  productName: string;
  sessionId: number | null;
  sessionName: string;
  period: Pick<PeriodRecord, 'id' | 'name'> | null;
}

/** The period whose [start, end) holds a time of day. */
export function periodAt<P extends Pick<PeriodRecord, 'startTime' | 'endTime'>>(
  periods: readonly P[],
  time: string,
): P | undefined {
  return periods.find((p) => p.startTime <= time && time < p.endTime);
}

async function enabledPeriods(db: Db, scenicId: number): Promise<PeriodRecord[]> {
  return db
    .select()
    .from(scenicPeriods)
    .where(and(eq(scenicPeriods.scenicId, scenicId), eq(scenicPeriods.status, SALE_STATUS.onSale)))
    .orderBy(asc(scenicPeriods.startTime));
}

/**
 * Checks a line against the products and the area's slots, and decides which slot it counts
 * against (docs/decisions.md "Public stock").
 */
async function resolveLine(db: Db, line: StockLine, mode: 'reserve' | 'release'): Promise<ResolvedLine> {
  if (!Number.isInteger(line.quantity) || line.quantity <= 0)
    throw new FieldError('quantity', ValidationMessage.quantityPositive);
  const product = await findProduct(db, line.scenicId, line.productId);
  if (!product) throw new AppError(404, 'calendarProductNotFound');
  let sessionId: number | null = null;
  let sessionName = '';
  let sessionStart: string | null = null;
  if (product.productType === PRODUCT_TYPE.timed) {
    if (line.sessionId == null) throw new FieldError('sessionId', ValidationMessage.sessionRequired);
    const session = product.sessions.find((s) => s.id === line.sessionId);
    if (!session) throw new FieldError('sessionId', ValidationMessage.sessionOfProduct);
    sessionId = session.id;
    sessionName = ` ${session.name} ${session.startTime}-${session.endTime}`;
    sessionStart = session.startTime;
  } else if (product.productType === PRODUCT_TYPE.regular) {
    if (line.sessionId != null) throw new FieldError('sessionId', ValidationMessage.sessionNotAllowed);
  } else {
    throw new FieldError('productId', ValidationMessage.calendarProductType);
  }
  const base = { line, productName: product.name, sessionId, sessionName };

  // release: the slot the reservation counted, as the order stored it
  if (mode === 'release' && line.periodId !== undefined) {
    return { ...base, period: line.periodId === null ? null : { id: line.periodId, name: '' } };
  }
  const periods = await enabledPeriods(db, line.scenicId);
  if (line.periodId != null) {
    const [picked] = await db
      .select()
      .from(scenicPeriods)
      .where(and(eq(scenicPeriods.id, line.periodId), eq(scenicPeriods.scenicId, line.scenicId)));
    if (!picked) throw new AppError(404, 'periodNotFound');
    if (sessionStart !== null && periodAt(periods, sessionStart)?.id !== picked.id)
      throw new FieldError('periodId', ValidationMessage.periodOfSession);
    if (picked.status !== SALE_STATUS.onSale)
      throw new AppError(409, 'publicStockClosed', { params: { date: line.date, period: picked.name } });
    return { ...base, period: picked };
  }
  if (sessionStart !== null) return { ...base, period: periodAt(periods, sessionStart) ?? null };
  if (periods.length > 0) throw new FieldError('periodId', ValidationMessage.periodRequired);
  return { ...base, period: null };
}

interface CalendarOp {
  key: string;
  scenicId: number;
  productId: number;
  date: string;
  sessionId: number | null;
  quantity: number;
  first: ResolvedLine;
  result?: { id: number; price: number };
}

interface PublicOp {
  key: string;
  scenicId: number;
  periodId: number;
  periodName: string;
  date: string;
  quantity: number;
}

/**
 * Same rows summed, in a fixed order (calendar rows, then slots, each sorted), so two orders that
 * touch the same rows lock them in the same order and cannot deadlock.
 */
function plan(resolved: ResolvedLine[]) {
  const calendar = new Map<string, CalendarOp>();
  const publicOps = new Map<string, PublicOp>();
  for (const r of resolved) {
    const { scenicId, productId, date, quantity } = r.line;
    const cKey = `${String(productId).padStart(10, '0')}|${date}|${String(r.sessionId ?? 0).padStart(10, '0')}`;
    const c = calendar.get(cKey);
    if (c) c.quantity += quantity;
    else
      calendar.set(cKey, {
        key: cKey,
        scenicId,
        productId,
        date,
        sessionId: r.sessionId,
        quantity,
        first: r,
      });
    if (r.period) {
      const pKey = `${String(r.period.id).padStart(10, '0')}|${date}`;
      const p = publicOps.get(pKey);
      if (p) p.quantity += quantity;
      else
        publicOps.set(pKey, {
          key: pKey,
          scenicId,
          periodId: r.period.id,
          periodName: r.period.name,
          date,
          quantity,
        });
    }
  }
  const byKey = (a: { key: string }, b: { key: string }) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
  return { calendar: [...calendar.values()].sort(byKey), publicOps: [...publicOps.values()].sort(byKey) };
}

const sessionMatch = (sessionId: number | null) => sql`coalesce(session_id, 0) = ${sessionId ?? 0}`;

async function reserveCalendar(db: Db, op: CalendarOp): Promise<{ id: number; price: number }> {
  const [row] = await queryRows<{ id: number; price: number }>(
    db,
    sql`update price_calendar set sold = sold + ${op.quantity}, updated_at = now()
        where scenic_id = ${op.scenicId} and product_id = ${op.productId} and date = ${op.date}
          and ${sessionMatch(op.sessionId)}
          and status = ${SALE_STATUS.onSale} and sold + ${op.quantity} <= stock
        returning id, price`,
  );
  if (row) return { id: Number(row.id), price: Number(row.price) };
  const [current] = await queryRows<{ stock: number; sold: number; status: number }>(
    db,
    sql`select stock, sold, status from price_calendar
        where scenic_id = ${op.scenicId} and product_id = ${op.productId} and date = ${op.date}
          and ${sessionMatch(op.sessionId)}`,
  );
  const params = { product: op.first.productName, date: op.date, session: op.first.sessionName };
  if (!current) throw new AppError(409, 'calendarNotOnSale', { params });
  if (Number(current.status) !== SALE_STATUS.onSale) throw new AppError(409, 'calendarClosed', { params });
  throw new AppError(409, 'calendarSoldOut', {
    params: { ...params, left: Math.max(0, Number(current.stock) - Number(current.sold)) },
  });
}

async function reservePublic(db: Db, op: PublicOp): Promise<void> {
  // the day's row is made from the slot's template the first time anyone books that day
  await db.execute(
    sql`insert into public_stock (scenic_id, period_id, date, capacity)
        select scenic_id, id, ${op.date}::date, capacity from scenic_periods
        where id = ${op.periodId} and scenic_id = ${op.scenicId}
        on conflict (period_id, date) do nothing`,
  );
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`update public_stock set sold = sold + ${op.quantity}, updated_at = now()
        where scenic_id = ${op.scenicId} and period_id = ${op.periodId} and date = ${op.date}
          and status = ${SALE_STATUS.onSale} and sold + ${op.quantity} <= capacity
        returning id`,
  );
  if (row) return;
  const [current] = await queryRows<{ capacity: number; sold: number; status: number }>(
    db,
    sql`select capacity, sold, status from public_stock
        where scenic_id = ${op.scenicId} and period_id = ${op.periodId} and date = ${op.date}`,
  );
  const params = { date: op.date, period: op.periodName };
  if (!current || Number(current.status) !== SALE_STATUS.onSale)
    throw new AppError(409, 'publicStockClosed', { params });
  throw new AppError(409, 'publicStockFull', {
    params: { ...params, left: Math.max(0, Number(current.capacity) - Number(current.sold)) },
  });
}

/**
 * Takes stock for several order lines, inside the caller's transaction: each line must fit its
 * calendar day (on sale, `sold + n <= stock`) and its time slot's public stock (`sold + n <=
 * capacity`). Guarded UPDATEs, never read-then-write: concurrent orders cannot oversell. A 409
 * names what is missing; the caller's transaction then rolls back whatever was taken before.
 */
export async function reserveStockLines(tx: Db, lines: readonly StockLine[]): Promise<Reservation[]> {
  const resolved: ResolvedLine[] = [];
  for (const line of lines) resolved.push(await resolveLine(tx, line, 'reserve'));
  const { calendar, publicOps } = plan(resolved);
  for (const op of calendar) op.result = await reserveCalendar(tx, op);
  for (const op of publicOps) await reservePublic(tx, op);
  return resolved.map((r) => {
    const op = calendar.find((c) => sameCalendar(c, r));
    if (!op?.result) throw new Error('calendar operation missing');
    return { unitPrice: op.result.price, calendarId: op.result.id, periodId: r.period?.id ?? null };
  });
}

function sameCalendar(op: CalendarOp, r: ResolvedLine) {
  return op.productId === r.line.productId && op.date === r.line.date && op.sessionId === r.sessionId;
}

/** One line: see reserveStockLines. */
export async function reserveStock(tx: Db, line: StockLine): Promise<Reservation> {
  const [reservation] = await reserveStockLines(tx, [line]);
  if (!reservation) throw new Error('no reservation');
  return reservation;
}

/**
 * Gives stock back (cancelled or refunded order), inside the caller's transaction. Guarded by
 * `sold >= n`: releasing more than was sold is a 409, never a negative count. A closed day can
 * still take stock back.
 */
export async function releaseStockLines(tx: Db, lines: readonly StockLine[]): Promise<void> {
  const resolved: ResolvedLine[] = [];
  for (const line of lines) resolved.push(await resolveLine(tx, line, 'release'));
  const { calendar, publicOps } = plan(resolved);
  for (const op of calendar) {
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`update price_calendar set sold = sold - ${op.quantity}, updated_at = now()
          where scenic_id = ${op.scenicId} and product_id = ${op.productId} and date = ${op.date}
            and ${sessionMatch(op.sessionId)} and sold >= ${op.quantity}
          returning id`,
    );
    if (!row) throw new AppError(409, 'stockReleaseExceeds', { params: { date: op.date } });
  }
  for (const op of publicOps) {
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`update public_stock set sold = sold - ${op.quantity}, updated_at = now()
          where scenic_id = ${op.scenicId} and period_id = ${op.periodId} and date = ${op.date}
            and sold >= ${op.quantity}
          returning id`,
    );
    if (!row) throw new AppError(409, 'stockReleaseExceeds', { params: { date: op.date } });
  }
}

/** One line: see releaseStockLines. */
export async function releaseStock(tx: Db, line: StockLine): Promise<void> {
  await releaseStockLines(tx, [line]);
}

export interface SlotLeft {
  id: number;
  name: string;
  startTime: string;
  endTime: string;
  /** Places left in the slot that day: its day row, or the slot's default capacity before any sale */
  left: number;
}

/**
 * The area's enabled public-stock slots on a date with what is left of each (empty when the area
 * sets no limit). A slot closed for the day has nothing left.
 */
export async function publicStockLeft(db: Db, scenicId: number, date: string): Promise<SlotLeft[]> {
  const periods = await enabledPeriods(db, scenicId);
  if (!periods.length) return [];
  const days = await db
    .select()
    .from(publicStock)
    .where(and(eq(publicStock.scenicId, scenicId), eq(publicStock.date, date)));
  const dayOf = new Map(days.map((d) => [d.periodId, d]));
  return periods.map((p) => {
    const day = dayOf.get(p.id);
    const left = !day ? p.capacity : day.status === SALE_STATUS.onSale ? day.capacity - day.sold : 0;
    return { id: p.id, name: p.name, startTime: p.startTime, endTime: p.endTime, left: Math.max(0, left) };
  });
}
