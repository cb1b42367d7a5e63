// Helpers of the PostgreSQL concurrency tests (*.concurrency.test.ts).
import { sql } from 'drizzle-orm';
import { openDatabase, type Database, type Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { AppError } from '../http/errors.ts';
import { createTestApp, type TestApp } from './harness.ts';

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

/** A test app and a pool `width` wide on its database; `db` is the wide pool's. */
export async function openWideApp(width: number): Promise<{ t: TestApp; wide: Database; db: Db }> {
  const t = await createTestApp();
  const wide = await openWidePool(t.database.db, width);
  return { t, wide, db: wide.db };
}

/** Closes what `openWideApp` opened, the pool first (either is missing when opening failed). */
export async function closeWideApp(wide: Database | undefined, t: TestApp | undefined) {
  await wide?.close();
  await t?.close();
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

/**
 * Runs `work(tx, i)` in `n` transactions of `db` that are all open before any of them writes; sorts
 * the outcomes into successes, the message keys of the 409 refusals and anything else (a bug).
 */
export async function rushTransactions(db: Db, n: number, work: (tx: Db, i: number) => Promise<unknown>) {
  const gate = barrier(n);
  const outcomes = await Promise.allSettled(
    Array.from({ length: n }, (_, i) =>
      db.transaction(async (tx) => {
        await tx.execute(sql`select 1`);
        await gate();
        await work(tx, i);
      }),
    ),
  );
  const failures = outcomes.filter((o) => o.status === 'rejected').map((o) => o.reason as unknown);
  const conflicts = failures.filter((e) => e instanceof AppError && e.statusCode === 409) as AppError[];
  return {
    ok: outcomes.length - failures.length,
    conflicts: conflicts.map((e) => e.msgKey),
    unexpected: failures.filter((e) => !(e instanceof AppError && e.statusCode === 409)),
  };
}
