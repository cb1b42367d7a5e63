import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { seededRandom, type SeededRandom } from '../../lib/seeded-random.ts';

/**
 * A random workload over the facts the sales rollups follow, written the way the order services
 * write them (the order first, then its tickets; a payment moves the order and then its tickets; a
 * refund moves a ticket and then the order's refunded money): new orders paid or not, payments,
 * cancellations, refunds, entries (which change nothing counted) and deletions of unpaid orders.
 */
export class SalesWorkload {
  readonly done = { place: 0, pay: 0, cancel: 0, refund: 0, enter: 0, remove: 0 };

  private constructor(
    private readonly scenicId: number,
    private readonly r: SeededRandom,
    private readonly products: { id: number; type: number }[],
    private readonly distributor: number,
    /** the orders it works on: workers given the same list race over the same orders */
    private readonly orders: number[],
  ) {}

  static async open(db: Db, scenicId: number, seed: number, orders: number[] = []): Promise<SalesWorkload> {
    const products = await queryRows<{ id: number; type: number }>(
      db,
      sql`select id, product_type::int as type from ticket_products where scenic_id = ${scenicId} order by id limit 6`,
    );
    const [admin] = await queryRows<{ id: number }>(db, sql`select id from admins order by id limit 1`);
    return new SalesWorkload(scenicId, seededRandom(seed), products, Number(admin!.id), orders);
  }

  /** One random step in its own transaction; answers the order it touched. */
  async step(db: Db): Promise<number | undefined> {
    const kind =
      this.orders.length < 10
        ? 'place'
        : this.r.pick(['place', 'place', 'pay', 'cancel', 'refund', 'refund', 'enter', 'remove'] as const);
    const orderId = kind === 'place' ? undefined : this.r.pick(this.orders);
    return db.transaction(async (tx) => {
      const touched =
        orderId === undefined
          ? await this.place(tx)
          : await this[kind as Exclude<typeof kind, 'place'>](tx, orderId);
      if (touched !== undefined) this.done[kind]++;
      return touched;
    });
  }

  /** A new order of 1-3 tickets, paid at once or left unpaid, at a random time of the last 60 days. */
  async place(tx: Db): Promise<number> {
    const r = this.r;
    const paid = r.next() < 0.5;
    const channel = r.pick([1, 2, 4, 13, 16]);
    const tickets = Array.from({ length: r.int(1, 3) }, () => ({
      ...r.pick(this.products),
      price: r.int(1, 30) * 500,
    }));
    const total = tickets.reduce((s, x) => s + x.price, 0);
    const createdAt = new Date(Date.now() - r.int(0, 60 * 24 * 60) * 60_000).toISOString();
    const [order] = await queryRows<{ id: number }>(
      tx,
      sql`insert into ticket_orders (order_no, scenic_id, channel, client_id, admin_id, visit_date, ticket_count,
          total_amount, paid_amount, pay_status, pay_way, status, created_at)
        values (${`W${crypto.randomBytes(8).toString('hex')}`}, ${this.scenicId}, ${channel}, 'winManagement',
          ${channel === 13 ? this.distributor : null}, '2026-06-02', ${tickets.length}, ${total}, ${paid ? total : 0},
          ${paid ? 201 : 101}, ${paid ? r.pick([1, 2, 3, 5]) : null}, ${paid ? 201 : 101}, ${createdAt}::timestamptz)
        returning id`,
    );
    const id = Number(order!.id);
    await tx.execute(sql`insert into order_tickets (order_id, scenic_id, product_id, product_type, visit_date,
        valid_from, valid_until, price, status)
      select ${id}, ${this.scenicId}, x.product, x.type, '2026-06-02', now(), now() + interval '1 day', x.price, ${paid ? 201 : 101}
      from json_to_recordset(${JSON.stringify(tickets.map((x) => ({ product: x.id, type: x.type, price: x.price })))})
        as x(product int, type smallint, price int)`);
    this.orders.push(id);
    return id;
  }

  async pay(tx: Db, orderId: number): Promise<number | undefined> {
    const moved = await queryRows(
      tx,
      sql`update ticket_orders set pay_status = 201, pay_way = ${this.r.pick([2, 3, 9])}, paid_amount = total_amount,
          paid_at = now()
        where id = ${orderId} and pay_status = 101 returning id`,
    );
    if (!moved.length) return undefined;
    await tx.execute(sql`update order_tickets set status = 201 where order_id = ${orderId} and status = 101`);
    return orderId;
  }

  async cancel(tx: Db, orderId: number): Promise<number | undefined> {
    const moved = await queryRows(
      tx,
      sql`update ticket_orders set pay_status = 103, cancelled_at = now() where id = ${orderId} and pay_status = 101 returning id`,
    );
    if (!moved.length) return undefined;
    await tx.execute(sql`update order_tickets set status = 103 where order_id = ${orderId} and status = 101`);
    return orderId;
  }

  async refund(tx: Db, orderId: number): Promise<number | undefined> {
    const [ticket] = await queryRows<{ id: number; price: number }>(
      tx,
      sql`update order_tickets set status = 205 where id = (
          select t.id from order_tickets t join ticket_orders o on o.id = t.order_id
          where t.order_id = ${orderId} and t.status = 201 and o.pay_status = 201 order by t.id limit 1)
          and status = 201
        returning id, price`,
    );
    if (!ticket) return undefined;
    // T20 then T21: refunding, then refunded once the money went back
    await tx.execute(sql`update order_tickets set status = 203 where id = ${ticket.id}`);
    // the fee kept is random: the money back is at most the ticket's price
    await tx.execute(
      sql`update ticket_orders set refunded_amount = least(paid_amount, refunded_amount + ${Math.floor(
        Number(ticket.price) * this.r.next(),
      )}) where id = ${orderId}`,
    );
    return orderId;
  }

  async enter(tx: Db, orderId: number): Promise<number | undefined> {
    const moved = await queryRows(
      tx,
      sql`update order_tickets set status = 302, entry_count = entry_count + 1
        where order_id = ${orderId} and status = 201 returning id`,
    );
    return moved.length ? orderId : undefined;
  }

  /** An unpaid order may go (a test's or an abandoned one); a paid one has payments and stays. */
  async remove(tx: Db, orderId: number): Promise<number | undefined> {
    const gone = await queryRows(
      tx,
      sql`delete from ticket_orders where id = ${orderId} and pay_status <> 201
        and not exists (select 1 from payments p where p.order_id = ${orderId})
        and not exists (select 1 from refund_requests q where q.order_id = ${orderId}) returning id`,
    );
    if (!gone.length) return undefined;
    const at = this.orders.indexOf(orderId);
    if (at >= 0) this.orders.splice(at, 1);
    return orderId;
  }
}
