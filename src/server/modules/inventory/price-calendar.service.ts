import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type {
  CalendarBatchSet,
  CalendarProduct as CalendarProductOption,
} from '../../../shared/api/inventory.ts';
import { ValidationMessage } from '../../../shared/api/validation-messages.ts';
import type { Lang } from '../../../shared/dict/dict.ts';
import { PRODUCT_TYPE } from '../../../shared/dict/product.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { AppError, FieldError } from '../../http/errors.ts';
import { writeAudit } from '../audit/index.ts';
import { findProduct, productOptions, productSessions } from '../products/index.ts';
import type { priceCalendar } from './inventory.table.ts';
import { datesOf, listDates, sqlList } from './inventory.util.ts';

/** The price calendar of a product (docs/product.md §2 /ticket/priceCalendar): its product and bulk edits. */

/** Product types that have a calendar: regular and timed. */
export const CALENDAR_TYPES = [PRODUCT_TYPE.regular, PRODUCT_TYPE.timed] as const;

type CalendarProduct = Awaited<ReturnType<typeof calendarProduct>>;
/** A calendar day a batch covers, as locked before the change. */
type CoveredDay = { date: string; sessionId: number | null; sold: number };

/** A product of the area that has a calendar (regular or timed), with its sessions; else 404/400. */
export async function calendarProduct(db: Db, scenicId: number, productId: number) {
  const product = await findProduct(db, scenicId, productId);
  if (!product) throw new AppError(404, 'calendarProductNotFound');
  if (!(CALENDAR_TYPES as readonly number[]).includes(product.productType))
    throw new FieldError('productId', ValidationMessage.calendarProductType);
  return product;
}

/** The regular and timed products of the area with their sessions, for the screen's select. */
export async function calendarProducts(db: Db, scenicId: number): Promise<CalendarProductOption[]> {
  const products = await productOptions(db, scenicId, CALENDAR_TYPES);
  const timedIds = products.filter((p) => p.productType === PRODUCT_TYPE.timed).map((p) => p.id);
  const sessions = timedIds.length
    ? await db
        .select()
        .from(productSessions)
        .where(and(eq(productSessions.scenicId, scenicId), inArray(productSessions.productId, timedIds)))
        .orderBy(asc(productSessions.startTime))
    : [];
  return products.map((p) => ({
    ...p,
    sessions: sessions
      .filter((s) => s.productId === p.id)
      .map((s) => ({ id: s.id, name: s.name, startTime: s.startTime, endTime: s.endTime })),
  }));
}

export const sessionLabel = (s: { name: string; startTime: string } | undefined) =>
  s ? `${s.name} ${s.startTime}` : '';

/** One day's stock cannot go below what it sold (409 naming the day, its session and what it sold). */
export async function assertDayStockCovers(
  tx: Db,
  day: typeof priceCalendar.$inferSelect,
  stock: number | undefined,
) {
  if (stock === undefined || stock >= day.sold) return;
  const [session] = day.sessionId
    ? await tx.select().from(productSessions).where(eq(productSessions.id, day.sessionId))
    : [];
  throw new AppError(409, 'stockBelowSold', {
    params: { dates: `${day.date}${session ? ` ${sessionLabel(session)}` : ''} (${day.sold})` },
    data: { field: 'stock', dates: [day.date] },
  });
}

/** The sessions a batch covers: of a timed product the chosen ones (default every one), else the day itself (null). */
function batchSessions(product: CalendarProduct, sessionIds: number[] | undefined): (number | null)[] {
  if (product.productType !== PRODUCT_TYPE.timed) {
    if (sessionIds?.length) throw new FieldError('sessionIds', ValidationMessage.sessionNotAllowed);
    return [null];
  }
  const own = new Set(product.sessions.map((s) => s.id));
  if (sessionIds?.some((id) => !own.has(id)))
    throw new FieldError('sessionIds', ValidationMessage.sessionOfProduct);
  const sessions = sessionIds?.length ? sessionIds : [...own];
  if (!sessions.length) throw new FieldError('sessionIds', ValidationMessage.sessionRequired);
  return sessions;
}

/**
 * The existing days of the batch, locked first: a reservation running now either finished (its sold
 * is counted) or waits and then meets the new stock.
 */
function lockCoveredDays(
  tx: Db,
  scenicId: number,
  product: CalendarProduct,
  body: CalendarBatchSet,
  sessions: (number | null)[],
) {
  return queryRows<CoveredDay>(
    tx,
    sql`select date::text as "date", session_id as "sessionId", sold from price_calendar
        where scenic_id = ${scenicId} and product_id = ${product.id}
          and date between ${body.from} and ${body.to}
          and extract(dow from date)::int in ${sqlList(body.weekdays)}
          and coalesce(session_id, 0) in ${sqlList(sessions.map((s) => s ?? 0))}
        order by date, session_id
        for update`,
  );
}

/** A stock below what a day already sold: 409 listing those days, nothing changed. */
function assertStockCovers(product: CalendarProduct, days: CoveredDay[], stock: number, lang: Lang) {
  const names = new Map(product.sessions.map((s) => [s.id, sessionLabel(s)]));
  const below = days.filter((r) => Number(r.sold) > stock);
  if (below.length)
    throw new AppError(409, 'stockBelowSold', {
      params: {
        dates: listDates(
          below.map((r) => `${r.date}${r.sessionId ? ` ${names.get(Number(r.sessionId)) ?? ''}` : ''}`),
          lang,
        ),
      },
      data: { field: 'stock', dates: below.map((r) => r.date) },
    });
}

/** Writes the batch: existing days keep what it does not give, missing days are created. */
async function upsertDays(
  tx: Db,
  scenicId: number,
  product: CalendarProduct,
  body: CalendarBatchSet,
  sessions: (number | null)[],
) {
  const updates: SQL[] = [sql`updated_at = now()`];
  if (body.price !== undefined) updates.push(sql`price = excluded.price`);
  if (body.stock !== undefined) updates.push(sql`stock = excluded.stock`);
  if (body.status !== undefined) updates.push(sql`status = excluded.status`);
  const sessionValues = sql.join(
    sessions.map((s) => (s === null ? sql`(null::int)` : sql`(${s}::int)`)),
    sql`, `,
  );
  await tx.execute(
    sql`insert into price_calendar (scenic_id, product_id, session_id, date, price, stock, status)
        select ${scenicId}::int, ${product.id}::int, s.id, d::date,
               ${body.price ?? product.price}::int, ${body.stock ?? 0}::int, ${body.status ?? 1}::smallint
        -- timestamps without zone: the days do not depend on the session's time zone
        from generate_series(${body.from}::timestamp, ${body.to}::timestamp, interval '1 day') as d
        cross join (values ${sessionValues}) as s(id)
        where extract(dow from d)::int in ${sqlList(body.weekdays)}
        on conflict (product_id, date, coalesce(session_id, 0))
        do update set ${sql.join(updates, sql`, `)}`,
  );
}

/**
 * Sets price, stock and/or status of a product's days (and sessions) from `from` to `to` on
 * `weekdays`, in the caller's transaction, with its audit row. Answers how many days were created
 * and how many updated.
 */
export async function batchSetCalendar(
  tx: Db,
  req: FastifyRequest,
  scenicId: number,
  body: CalendarBatchSet,
): Promise<{ created: number; updated: number }> {
  const product = await calendarProduct(tx, scenicId, body.productId);
  const sessions = batchSessions(product, body.sessionIds);
  const dates = datesOf(body.from, body.to, body.weekdays);
  if (!dates.length) throw new FieldError('weekdays', ValidationMessage.noMatchingDate);
  const existing = await lockCoveredDays(tx, scenicId, product, body, sessions);
  if (body.stock !== undefined) assertStockCovers(product, existing, body.stock, req.lang);
  const created = dates.length * sessions.length - existing.length;
  if (created > 0 && body.stock === undefined)
    throw new FieldError('stock', ValidationMessage.stockForNewDays);
  await upsertDays(tx, scenicId, product, body, sessions);
  await writeAudit(tx, req, {
    module: 'inventory',
    action: 'batchSet',
    targetType: 'priceCalendar',
    targetId: product.id,
    after: {
      productId: product.id,
      productName: product.name,
      sessionIds: sessions.filter((s) => s !== null),
      from: body.from,
      to: body.to,
      weekdays: body.weekdays,
      price: body.price,
      stock: body.stock,
      status: body.status,
      days: dates.length,
      created,
      updated: existing.length,
    },
  });
  return { created, updated: existing.length };
}
