import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { DEFAULT_TIME_ZONE, addDays, areaDay, areaDayEnd, areaDayStart } from '../../lib/area-clock.ts';
import { insertTicketProduct } from '../../test/products.ts';
import { queryRows } from '../../db/rows.ts';

/**
 * Test data for the refund tests, straight in the database: a product with a refund rule, and paid
 * orders (ticket_orders + order_tickets in 201 with a code + confirmed payments) whose calendar stock
 * counts the tickets sold, so a refund can give it back.
 */
export async function insertRefundProduct(
  db: Db,
  scenicId: number,
  rule: { refundRule: number; refundDeadlineHours?: number; refundFeeUnit?: number; refundFeeValue?: number },
  name = `退票测试-${crypto.randomBytes(3).toString('hex')}`,
): Promise<number> {
  const product = await insertTicketProduct(db, `${name}-类`, {
    scenicId,
    name,
    realNameType: 2,
    shelfStatus: 1,
    refundDeadlineHours: 0,
    refundFeeUnit: 1,
    refundFeeValue: 0,
    ...rule,
  });
  return product.id;
}

/** A date `days` from today on the area's clock (the demo areas keep the default zone), "YYYY-MM-DD". */
export function dayFromNow(days: number, timeZone = DEFAULT_TIME_ZONE): string {
  return addDays(areaDay(new Date(), timeZone), days);
}

export interface PaidOrder {
  orderId: number;
  orderNo: string;
  ticketIds: number[];
  paymentIds: number[];
}

/** A paid order of `prices.length` tickets; `payments` default to one offline payment of the total. */
export async function insertPaidOrder(
  db: Db,
  input: {
    scenicId: number;
    productId: number;
    visitDate: string;
    prices: number[];
    payments?: { provider: string; payWay: number; amount: number }[];
    clientId?: string;
    buyerPhone?: string;
  },
): Promise<PaidOrder> {
  const total = input.prices.reduce((s, p) => s + p, 0);
  const payments = input.payments ?? [{ provider: 'offline', payWay: 1, amount: total }];
  const orderNo = `RF${Date.now()}${crypto.randomBytes(3).toString('hex')}`;
  const [order] = await queryRows<{ id: number }>(
    db,
    sql`insert into ticket_orders (order_no, scenic_id, channel, client_id, buyer_name, buyer_phone, visit_date,
          ticket_count, total_amount, paid_amount, pay_status, pay_way, status, paid_at)
        values (${orderNo}, ${input.scenicId}, 1, ${input.clientId ?? 'window'}, '测试买家',
          ${input.buyerPhone ?? '13800000000'}, ${input.visitDate}, ${input.prices.length}, ${total}, ${total},
          201, ${payments[0]!.payWay}, 201, now())
        returning id`,
  );
  const orderId = Number(order!.id);
  const ticketIds: number[] = [];
  for (const [i, price] of input.prices.entries()) {
    const [ticket] = await queryRows<{ id: number }>(
      db,
      sql`insert into order_tickets (order_id, scenic_id, product_id, product_type, visit_date, valid_from,
            valid_until, price, visitor_name, visitor_phone, code, status)
          values (${orderId}, ${input.scenicId}, ${input.productId}, 1, ${input.visitDate},
            ${areaDayStart(input.visitDate, DEFAULT_TIME_ZONE).toISOString()}::timestamptz,
            ${areaDayEnd(input.visitDate, DEFAULT_TIME_ZONE).toISOString()}::timestamptz, ${price}, ${`游客${i + 1}`}, '13900000000',
            ${crypto.randomBytes(16).toString('hex')}, 201)
          returning id`,
    );
    ticketIds.push(Number(ticket!.id));
  }
  const paymentIds: number[] = [];
  for (const p of payments) {
    const [payment] = await queryRows<{ id: number }>(
      db,
      sql`insert into payments (order_id, scenic_id, pay_way, provider, provider_txn_id, amount, status, confirmed_at)
          values (${orderId}, ${input.scenicId}, ${p.payWay}, ${p.provider},
            ${crypto.randomBytes(8).toString('hex')}, ${p.amount}, 'confirmed', now())
          returning id`,
    );
    paymentIds.push(Number(payment!.id));
  }
  await db.execute(
    sql`insert into price_calendar (scenic_id, product_id, date, price, stock, sold)
        values (${input.scenicId}, ${input.productId}, ${input.visitDate}, 10000, 1000, ${input.prices.length})
        on conflict (product_id, date, coalesce(session_id, 0))
        do update set sold = price_calendar.sold + excluded.sold`,
  );
  return { orderId, orderNo, ticketIds, paymentIds };
}

/** Calendar tickets sold of a product on a day. */
export async function soldOn(db: Db, productId: number, date: string): Promise<number> {
  const [row] = await queryRows<{ sold: number }>(
    db,
    sql`select sold from price_calendar where product_id = ${productId} and date = ${date} and session_id is null`,
  );
  return Number(row?.sold ?? 0);
}
