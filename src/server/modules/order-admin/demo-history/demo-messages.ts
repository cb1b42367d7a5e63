import { sql } from 'drizzle-orm';
import { formatCents } from '../../../../shared/money.ts';
import type { Db } from '../../../db/client.ts';
import { queryRows } from '../../../db/rows.ts';
import { useOfChannel, writeDemoSends, type DemoSend } from '../../messaging/index.ts';

/** At most this many of the week's orders get their notice in the demo's send log (a busy week, kept small). */
const PER_DAY = 40;

/**
 * The demo's send log of the last week: SMS template 2 for paid orders with a phone and 5 for their
 * refunds, with the variables the live listeners fill in (ticket-messages.ts, refunds' own), written
 * through messaging's `writeDemoSends` as the outbox would have left them.
 */
export async function seedDemoOrderMessages(db: Db, scenicId: number, now: Date): Promise<void> {
  const since = new Date(now.getTime() - 7 * 86_400_000);
  const paid = await queryRows<{
    order_no: string;
    channel: number;
    buyer_phone: string;
    visit_date: string;
    ticket_count: number;
    paid_amount: number;
    paid_at: Date;
    product: string;
    products: number;
    area: string;
  }>(
    db,
    sql`select * from (
          select o.order_no, o.channel, o.buyer_phone, o.visit_date::text as visit_date, o.ticket_count,
            o.paid_amount, o.paid_at, a.name as area,
            (select p.name from order_tickets t join ticket_products p on p.id = t.product_id
              where t.order_id = o.id order by t.id limit 1) as product,
            (select count(distinct t.product_id)::int from order_tickets t where t.order_id = o.id) as products,
            row_number() over (partition by date_trunc('day', o.paid_at) order by o.paid_at) as n
          from ticket_orders o join scenic_areas a on a.id = o.scenic_id
          where o.scenic_id = ${scenicId} and o.paid_at >= ${since.toISOString()}
            and o.paid_at <= ${now.toISOString()} and o.buyer_phone ~ '^1[0-9]{10}$'
        ) x where n <= ${PER_DAY}`,
  );
  const refunds = await queryRows<{
    id: number;
    order_no: string;
    channel: number;
    buyer_phone: string;
    amount: number;
    created_at: Date;
    area: string;
  }>(
    db,
    sql`select min(r.id)::int as id, o.order_no, o.channel, o.buyer_phone, sum(r.amount)::int as amount,
          min(r.created_at) as created_at, a.name as area
        from refunds r join ticket_orders o on o.id = r.order_id join scenic_areas a on a.id = o.scenic_id
        where r.scenic_id = ${scenicId} and r.created_at >= ${since.toISOString()}
          and r.created_at <= ${now.toISOString()} and r.amount > 0 and o.buyer_phone ~ '^1[0-9]{10}$'
        group by o.order_no, o.channel, o.buyer_phone, a.name, r.refund_request_id, date_trunc('minute', r.created_at)`,
  );
  const sends: DemoSend[] = [
    ...paid.map((o): DemoSend => ({
      template: 2,
      phone: o.buyer_phone,
      variables: {
        area: o.area,
        orderNo: o.order_no,
        product: o.products > 1 ? `${o.product}等${o.products}种` : o.product,
        quantity: String(o.ticket_count),
        date: o.visit_date,
        amount: formatCents(Number(o.paid_amount)),
      },
      eventKey: `ticketPaid:${o.order_no}`,
      ref: o.order_no,
      use: useOfChannel(Number(o.channel)),
      at: new Date(o.paid_at),
    })),
    ...refunds.map((r): DemoSend => ({
      template: 5,
      phone: r.buyer_phone,
      variables: { area: r.area, orderNo: r.order_no, amount: formatCents(Number(r.amount)) },
      eventKey: `ticketRefund:${r.id}`,
      ref: r.order_no,
      use: useOfChannel(Number(r.channel)),
      at: new Date(r.created_at),
    })),
  ];
  sends.sort((a, b) => a.at.getTime() - b.at.getTime());
  await writeDemoSends(db, scenicId, sends, now);
}
