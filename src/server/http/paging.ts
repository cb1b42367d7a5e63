import { asc, count, desc, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { PageQuery, SortOrder } from '../../shared/api/common.ts';
import type { Db } from '../db/client.ts';

/** One page of a table plus the total under the same filter (docs/architecture.md paging: rows + total). */
export async function pageOf<T extends PgTable>(
  db: Db,
  table: T,
  query: PageQuery,
  options: { where?: SQL | undefined; orderBy: (PgColumn | SQL)[] },
): Promise<{ rows: T['$inferSelect'][]; total: number }> {
  const offset = (query.page - 1) * query.limit;
  const [rows, totals] = await Promise.all([
    db
      .select()
      .from(table as PgTable)
      .where(options.where)
      .orderBy(...options.orderBy)
      .limit(query.limit)
      .offset(offset),
    db
      .select({ n: count() })
      .from(table as PgTable)
      .where(options.where),
  ]);
  return { rows: rows as T['$inferSelect'][], total: totals[0]?.n ?? 0 };
}

/** Escapes LIKE wildcards so a search for "50%" means the text "50%". */
export function likeContains(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * ORDER BY for a list query: the requested field when it is one of `sortable` (the schema already
 * refused anything else), then the fallback, which must end in a unique column so pages are stable.
 */
export function orderFor<K extends string>(
  sortable: Record<K, PgColumn | SQL>,
  query: { sort?: K | undefined; order?: SortOrder },
  fallback: (PgColumn | SQL)[],
): (PgColumn | SQL)[] {
  if (!query.sort) return fallback;
  const column = sortable[query.sort];
  return [query.order === 'asc' ? asc(column) : desc(column), ...fallback];
}
