import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ticketProducts, ticketTypes } from '../products/products.table.ts';

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

/**
 * A new ticket product of `scenicId` for distributor sales, at `price` on `channels`, under a new
 * ticket type; both names end in a random tag. The area's public-stock periods are turned off
 * first, so the product needs no slot. Returns the product's id.
 */
export async function distributorProduct(
  db: Db,
  scenicId: number,
  { typeName, name, price, channels }: { typeName: string; name: string; price: number; channels: number[] },
): Promise<number> {
  await db.execute(sql`update scenic_periods set status = 2 where scenic_id = ${scenicId}`);
  const tag = crypto.randomBytes(3).toString('hex');
  const [type] = await db
    .insert(ticketTypes)
    .values({ scenicId, name: `${typeName}-${tag}` })
    .returning();
  const [p] = await db
    .insert(ticketProducts)
    .values({
      scenicId,
      typeId: type!.id,
      productType: 1,
      name: `${name}-${tag}`,
      price,
      validityType: 1,
      realNameType: 2,
      printType: 1,
      channels,
      refundRule: 1,
      shelfStatus: 1,
    })
    .returning();
  return p!.id;
}
