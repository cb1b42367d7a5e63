import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client.ts';

/** The rows of a raw `db.execute(sql…)` result: PGlite and node-postgres both answer `{ rows }`. */
export const rowsOf = <T>(result: unknown): T[] =>
  ((result as { rows?: T[] }).rows ?? (result as T[])) as T[];

/** Runs a raw statement and answers its rows. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  return rowsOf<T>(await db.execute(query));
}

/** `(a, b, …)` of a transition's from-states, for `status in ${statusIn(from)}` (never empty). */
export function statusIn(states: readonly number[]): SQL {
  if (!states.length) throw new Error('a transition needs at least one from-state');
  return sql`(${sql.join(
    states.map((s) => sql`${s}`),
    sql`, `,
  )})`;
}
