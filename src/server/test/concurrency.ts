// Helpers of the PostgreSQL concurrency tests (*.concurrency.test.ts).
import { sql } from 'drizzle-orm';
import { openDatabase, type Database, type Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';

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
