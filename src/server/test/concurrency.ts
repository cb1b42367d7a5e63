// Helpers of the PostgreSQL concurrency tests (*.concurrency.test.ts).
import { sql } from 'drizzle-orm';
import { openDatabase, type Database, type Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { AppError } from '../http/errors.ts';

/**
 * A second pool on a test app's PostgreSQL database, wide enough for every racer to hold a
 * connection at once (the app's own pool is small).
 */
export async function openWidePool(db: Db, size: number): Promise<Database> {
  const [row] = rowsOf<{ name: string }>(await db.execute(sql`select current_database() as name`));
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${row!.name}`;
  return openDatabase({ url: url.toString(), poolSize: size });
}

/** A gate that opens once `n` callers wait at it: every transaction is open before any writes. */
export function barrier(n: number): () => Promise<void> {
  let waiting = 0;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return async () => {
    waiting += 1;
    if (waiting === n) open();
    await opened;
  };
}

/**
 * Runs `work(i)` `n` times at once, each after all have started; sorts the outcomes into
 * successes, 409 refusals (the guard working) and anything else (a bug: a deadlock, a 500).
 */
export async function rush<T>(n: number, work: (i: number) => Promise<T>) {
  const gate = barrier(n);
  const outcomes = await Promise.allSettled(
    Array.from({ length: n }, async (_, i) => {
      await gate();
      return work(i);
    }),
  );
  const failures = outcomes.filter((o) => o.status === 'rejected').map((o) => o.reason as unknown);
  const unexpected = failures.filter((e) => !(e instanceof AppError && e.statusCode === 409));
  const values = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
  return { ok: values.length, conflicts: failures.length - unexpected.length, unexpected, values };
}
