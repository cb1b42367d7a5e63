import { sql } from 'drizzle-orm';
import { TICKET_STATUS as S } from '../../../../shared/dict/order.ts';
import type { Db } from '../../../db/client.ts';

/**
 * The calendar and the public stock say what the tickets say: `sold` = the tickets that still hold
 * a place (not cancelled, refunded or void), stock at least that, and a calendar day for every date
 * that has tickets. A travel package's tickets hold a seat of their departure, not a calendar place
 * (docs/decisions.md "Travel packages are sold as ticket orders"), so they are not counted here.
 */
export async function alignStock(db: Db, scenicId: number): Promise<void> {
  const released = sql`(${S.userCancelled}, ${S.systemCancelled}, ${S.refunded}, ${S.invalid})`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`insert into price_calendar (scenic_id, product_id, session_id, date, price, stock, sold, status)
      select t.scenic_id, t.product_id, t.session_id, t.visit_date, p.price, greatest(3000, count(*)), 0, 1
      from order_tickets t join ticket_products p on p.id = t.product_id
      where t.scenic_id = ${scenicId} and t.session_id is null and t.product_type in (1, 2)
        and t.departure_id is null
        and not exists (select 1 from price_calendar c where c.product_id = t.product_id and c.date = t.visit_date and c.session_id is null)
      group by t.scenic_id, t.product_id, t.session_id, t.visit_date, p.price`);
    await tx.execute(sql`insert into price_calendar (scenic_id, product_id, session_id, date, price, stock, sold, status)
      select t.scenic_id, t.product_id, t.session_id, t.visit_date, p.price, greatest(300, count(*)), 0, 1
      from order_tickets t join ticket_products p on p.id = t.product_id
      where t.scenic_id = ${scenicId} and t.session_id is not null and t.departure_id is null
        and not exists (select 1 from price_calendar c where c.product_id = t.product_id and c.date = t.visit_date and c.session_id = t.session_id)
      group by t.scenic_id, t.product_id, t.session_id, t.visit_date, p.price`);
    await tx.execute(sql`update price_calendar c set sold = 0 where c.scenic_id = ${scenicId}`);
    await tx.execute(sql`update price_calendar c set stock = greatest(c.stock, s.n), sold = s.n
      from (select product_id, session_id, visit_date, count(*)::int as n from order_tickets
        where scenic_id = ${scenicId} and product_type in (1, 2) and departure_id is null
          and status not in ${released}
        group by product_id, session_id, visit_date) s
      where c.product_id = s.product_id and c.date = s.visit_date and coalesce(c.session_id, 0) = coalesce(s.session_id, 0)`);
    await tx.execute(sql`update public_stock set sold = 0 where scenic_id = ${scenicId}`);
    await tx.execute(sql`insert into public_stock (scenic_id, period_id, date, capacity, sold)
      select ${scenicId}, s.period_id, s.visit_date, greatest(p.capacity, s.n), s.n
      from (select period_id, visit_date, count(*)::int as n from order_tickets
        where scenic_id = ${scenicId} and period_id is not null and status not in ${released}
        group by period_id, visit_date) s join scenic_periods p on p.id = s.period_id
      on conflict (period_id, date) do update set sold = excluded.sold,
        capacity = greatest(public_stock.capacity, excluded.sold)`);
  });
}
