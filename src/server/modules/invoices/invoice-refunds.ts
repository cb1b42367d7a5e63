import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { AppError } from '../../http/errors.ts';
import type { OrderListener } from '../orders/index.ts';
import type { ShopRefundListener } from '../shop/index.ts';
import { SYSTEM } from '../audit/index.ts';
import { requestRed } from './invoices.service.ts';

/**
 * Issued blue invoices whose source got money back since: the excess each red letter must take back
 * (what the invoice says, less its reds so far, less what the source still holds). `where` narrows
 * the blue invoices (one source, in a refund's transaction); without it the job's safety net scans all.
 */
export async function excessOfRefunds(
  db: Db,
  where: SQL = sql`true`,
  limit = 20,
): Promise<{ id: number; scenic_id: number; excess: number }[]> {
  return queryRows(
    db,
    sql`select b.id, b.scenic_id, (b.amount - b.taken - b.source_left)::int as excess from (
          select i.id, i.scenic_id, i.amount,
            (select coalesce(sum(r.amount), 0) from invoices r where r.blue_id = i.id) as taken,
            case i.source
              when 'ticket' then (select paid_amount - refunded_amount from ticket_orders where id = i.source_id)
              when 'shop' then (select pay_amount - refunded_amount from shop_orders where id = i.source_id)
              when 'card' then (select amount - refunded_amount from card_orders where id = i.source_id)
            end as source_left
          from invoices i where i.kind = 1 and i.state in (1, 4) and ${where}
        ) b where b.amount - b.taken > b.source_left
        order by b.id limit ${limit}`,
  );
}

/**
 * docs/domain.md "E-invoice": a refund of an invoiced order requests the red letter for what it took
 * back, in the refund's own transaction; the invoices job issues it. Under a savepoint: when the blue
 * invoice cannot take a red now (being voided, say), the refund goes on and the job's round
 * (`excessOfRefunds` over all) requests it later.
 */
async function redForRefund(tx: Db, source: 'ticket' | 'shop', scenicId: number, sourceId: number) {
  const where = sql`i.scenic_id = ${scenicId} and i.source = ${source} and i.source_id = ${sourceId}`;
  for (const blue of await excessOfRefunds(tx, where)) {
    const actor = { username: SYSTEM, scenicId };
    await tx
      .transaction((sp) => requestRed(sp, scenicId, Number(blue.id), Number(blue.excess), 'refund', actor))
      .catch((err: unknown) => (err instanceof AppError ? null : Promise.reject(err)));
  }
}

/** Plugged into orders' listeners: a refunded ticket order's red letter. */
export const ticketRefundRed: OrderListener = {
  name: 'invoices.red',
  refunded: (tx, refund) => redForRefund(tx, 'ticket', refund.scenicId, refund.orderId),
};

/** Plugged into the shop's refund listeners: a refunded shop order's red letter. */
export const shopRefundRed: ShopRefundListener = {
  name: 'invoices.red',
  refunded: (tx, refund) => redForRefund(tx, 'shop', refund.scenicId, refund.orderId),
};
