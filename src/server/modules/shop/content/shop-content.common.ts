import { and, count, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { AuditTargetCode } from '../../../../shared/dict/audit.ts';
import type { DictEntry } from '../../../../shared/dict/dict.ts';
import type { Db } from '../../../db/client.ts';
import type { Resource } from '../../../http/crud.ts';
import { FieldError } from '../../../http/errors.ts';
import { writeAudit } from '../../audit/index.ts';
import type { shopCategories, shopGoods, shopServices } from '../shop.table.ts';

export function audited<T extends PgTable>(
  table: T,
  id: PgColumn,
  scenic: PgColumn,
  targetType: AuditTargetCode,
): Resource<T> {
  return { table, id, scenic, module: 'shop', targetType, audit: writeAudit };
}

export const iso = (d: Date | null) => (d ? d.toISOString() : null);
/** An ISO instant of the API as the column's value (undefined: not sent). */
export const toDate = (s: string | null | undefined) =>
  s === undefined ? undefined : s === null ? null : new Date(s);
export const times = (r: { createdAt: Date; updatedAt: Date }) => ({
  createTime: r.createdAt.toISOString(),
  updateTime: r.updatedAt.toISOString(),
});
export const noUndefined = <T extends object>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;

/** Every id belongs to the area (a 400 naming the field otherwise). */
export async function checkInArea(
  db: Db,
  table: typeof shopServices | typeof shopGoods | typeof shopCategories,
  scenicId: number,
  ids: number[],
  field: string,
  reason: DictEntry,
) {
  if (ids.length === 0) return;
  const [found] = await db
    .select({ n: count() })
    .from(table)
    .where(and(inArray(table.id, ids), eq(table.scenicId, scenicId)));
  if ((found?.n ?? 0) !== new Set(ids).size) throw new FieldError(field, reason);
}
