import { and, asc, eq, gte, inArray, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type {
  PeriodRow,
  PublicStockBatchSet,
  PublicStockCell,
  PublicStockListResult,
} from '../../../shared/api/inventory.ts';
import { ValidationMessage } from '../../../shared/api/validation-messages.ts';
import type { Lang } from '../../../shared/dict/dict.ts';
import { SALE_STATUS } from '../../../shared/dict/product.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { AppError, FieldError } from '../../http/errors.ts';
import { writeAudit } from '../audit/index.ts';
import { datesOf, listDates, sqlList } from './inventory.util.ts';
import { publicStock, scenicPeriods } from './inventory.table.ts';

/** The time slots of an area and their public stock per day (docs/product.md §2 /scenic/period). */

export type PeriodRecord = typeof scenicPeriods.$inferSelect;

export function toPeriodRow(r: PeriodRecord): PeriodRow {
  return {
    id: r.id,
    name: r.name,
    startTime: r.startTime,
    endTime: r.endTime,
    capacity: r.capacity,
    status: r.status,
    sort: r.sort,
    createTime: r.createdAt.toISOString(),
    updateTime: r.updatedAt.toISOString(),
  };
}

/**
 * Serialises the slot edits of one area, so two concurrent edits cannot each pass the overlap
 * check and together overlap.
 */
export async function lockPeriods(tx: Db, scenicId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('scenic_periods'), ${scenicId}::int)`);
}

/** Slots of an area never overlap (a ticket must count against exactly one): 400 naming startTime. */
export async function assertNoOverlap(
  tx: Db,
  scenicId: number,
  slot: { startTime: string; endTime: string },
  exceptId?: number,
) {
  const [other] = await tx
    .select()
    .from(scenicPeriods)
    .where(
      and(
        eq(scenicPeriods.scenicId, scenicId),
        exceptId ? ne(scenicPeriods.id, exceptId) : undefined,
        sql`${scenicPeriods.startTime} < ${slot.endTime} and ${slot.startTime} < ${scenicPeriods.endTime}`,
      ),
    )
    .orderBy(asc(scenicPeriods.startTime))
    .limit(1);
  if (other) {
    const range = `${other.name} ${other.startTime}-${other.endTime}`;
    throw new FieldError('startTime', {
      zh: `与已有时段「${range}」重叠`,
      en: `overlaps the time slot "${range}"`,
    });
  }
}

/** A slot keeps its start before its end and overlaps no other slot of the area (400 naming the field). */
export async function checkSlot(
  tx: Db,
  scenicId: number,
  before: PeriodRecord,
  change: { startTime?: string | undefined; endTime?: string | undefined },
) {
  const slot = {
    startTime: change.startTime ?? before.startTime,
    endTime: change.endTime ?? before.endTime,
  };
  if (slot.startTime >= slot.endTime) throw new FieldError('endTime', ValidationMessage.timeRange);
  await assertNoOverlap(tx, scenicId, slot, before.id);
}

/** A slot cannot be deleted once tickets were sold in it (409 listing the days; disable it instead). */
export async function assertNoSales(tx: Db, period: PeriodRecord, lang: Lang) {
  const sold = await tx
    .select({ date: publicStock.date })
    .from(publicStock)
    .where(and(eq(publicStock.periodId, period.id), sql`${publicStock.sold} > 0`))
    .orderBy(asc(publicStock.date));
  if (sold.length)
    throw new AppError(409, 'periodHasSales', {
      params: {
        count: sold.length,
        dates: listDates(
          sold.map((r) => r.date),
          lang,
          3,
        ),
      },
    });
}

/** Every slot on every day from `from` to `to`: a day without its own row at the slot's defaults. */
export async function publicStockList(
  db: Db,
  scenicId: number,
  from: string,
  to: string,
): Promise<PublicStockListResult> {
  const periods = await db
    .select()
    .from(scenicPeriods)
    .where(eq(scenicPeriods.scenicId, scenicId))
    .orderBy(asc(scenicPeriods.startTime));
  const rows = await db
    .select()
    .from(publicStock)
    .where(and(eq(publicStock.scenicId, scenicId), gte(publicStock.date, from), lte(publicStock.date, to)));
  const stored = new Map(rows.map((r) => [`${r.periodId}|${r.date}`, r]));
  const cells: PublicStockCell[] = [];
  for (const date of datesOf(from, to, [0, 1, 2, 3, 4, 5, 6])) {
    for (const p of periods) {
      const row = stored.get(`${p.id}|${date}`);
      cells.push(
        row
          ? {
              date,
              periodId: p.id,
              capacity: row.capacity,
              sold: row.sold,
              status: row.status,
              stored: true,
            }
          : {
              date,
              periodId: p.id,
              capacity: p.capacity,
              sold: 0,
              status: SALE_STATUS.onSale,
              stored: false,
            },
      );
    }
  }
  return { periods: periods.map(toPeriodRow), cells };
}

/**
 * Sets capacity and/or status of some slots on the matching days, in the caller's transaction:
 * days without a row get one; a capacity below what a day sold is a 409 listing those days.
 */
export async function setPublicStock(
  tx: Db,
  req: FastifyRequest,
  scenicId: number,
  body: PublicStockBatchSet,
): Promise<{ created: number; updated: number }> {
  const periods = await tx
    .select()
    .from(scenicPeriods)
    .where(and(eq(scenicPeriods.scenicId, scenicId), inArray(scenicPeriods.id, body.periodIds)));
  if (periods.length !== body.periodIds.length) throw new AppError(404, 'periodNotFound');
  const dates = datesOf(body.from, body.to, body.weekdays);
  if (!dates.length) throw new FieldError('weekdays', ValidationMessage.noMatchingDate);
  const ids = sqlList(body.periodIds);
  const dows = sqlList(body.weekdays);
  const existing = await queryRows<{ date: string; periodId: number; sold: number }>(
    tx,
    sql`select date::text as "date", period_id as "periodId", sold from public_stock
        where scenic_id = ${scenicId} and period_id in ${ids}
          and date between ${body.from} and ${body.to}
          and extract(dow from date)::int in ${dows}
        order by period_id, date
        for update`,
  );
  if (body.capacity !== undefined) {
    const capacity = body.capacity;
    const names = new Map(periods.map((p) => [p.id, p.name]));
    const below = existing.filter((r) => Number(r.sold) > capacity);
    if (below.length)
      throw new AppError(409, 'capacityBelowSold', {
        params: {
          dates: listDates(
            below.map((r) => `${r.date} ${names.get(Number(r.periodId)) ?? ''}`),
            req.lang,
          ),
        },
        data: { field: 'capacity', dates: below.map((r) => r.date) },
      });
  }
  const updates: SQL[] = [sql`updated_at = now()`];
  if (body.capacity !== undefined) updates.push(sql`capacity = excluded.capacity`);
  if (body.status !== undefined) updates.push(sql`status = excluded.status`);
  await tx.execute(
    sql`insert into public_stock (scenic_id, period_id, date, capacity, status)
        select p.scenic_id, p.id, d::date,
               coalesce(${body.capacity ?? null}::int, p.capacity), ${body.status ?? 1}::smallint
        -- timestamps without zone: the days do not depend on the session's time zone
        from generate_series(${body.from}::timestamp, ${body.to}::timestamp, interval '1 day') as d
        cross join scenic_periods p
        where p.scenic_id = ${scenicId} and p.id in ${ids} and extract(dow from d)::int in ${dows}
        on conflict (period_id, date) do update set ${sql.join(updates, sql`, `)}`,
  );
  const created = dates.length * periods.length - existing.length;
  await writeAudit(tx, req, {
    module: 'inventory',
    action: 'stockBatchSet',
    targetType: 'publicStock',
    targetId: body.periodIds.join(','),
    after: { ...body, days: dates.length, created, updated: existing.length },
  });
  return { created, updated: existing.length };
}
