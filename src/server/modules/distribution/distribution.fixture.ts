import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';

/**
 * For tests that count or list the demo area's accounts: drops the logins the distribution demo
 * gives its distributors (dist01…, issue 17); those distributors go back to "not enabled" without
 * a login (the database allows no normal or frozen one without it).
 */
export async function dropDemoDistributorLogins(db: Db): Promise<void> {
  const theirs = sql`select id from admins where username ~ '^dist[0-9]+$'`;
  await db.execute(sql`update distributors set admin_id = null, state = 3 where admin_id in (${theirs})`);
  await db.execute(sql`delete from admin_roles where admin_id in (${theirs})`);
  await db.execute(sql`delete from admins where username ~ '^dist[0-9]+$'`);
}
