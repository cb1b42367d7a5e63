import { sql, type SQL } from 'drizzle-orm';
import {
  InvoiceText,
  INVOICE_ISSUER_KIND,
  type InvoiceGoodsCode,
  type InvoiceIssuerKindCode,
} from '../../../shared/dict/invoices.ts';
import { TICKET_STATUS } from '../../../shared/dict/order.ts';
import { SETTLEMENT_BATCH_STATE } from '../../../shared/dict/settlement.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

/** What an invoice is for: one paid record of another module, read here (no module imports invoices). */
export interface InvoiceSource {
  kind: InvoiceGoodsCode;
  id: number;
  no: string;
  scenicId: number;
  /** cents paid and not given back: the most a blue invoice may be issued for */
  left: number;
  /** who may ask through the member API, and through the selling API */
  memberId: number | null;
  clientId: string | null;
  /** what was sold, at list prices: item names before the issuer's tax rule is applied */
  items: { name: string; quantity: number; unitPrice: number }[];
  buyerName: string;
  buyerPhone: string;
}

/** Which issuer invoices a kind of source: the shop's goods by the shop, the rest by the area. */
export const issuerKindOf = (kind: InvoiceGoodsCode): InvoiceIssuerKindCode =>
  kind === 'shop' ? INVOICE_ISSUER_KIND.shop : INVOICE_ISSUER_KIND.area;

const REFUNDED_TICKETS = [TICKET_STATUS.refunded, TICKET_STATUS.refunding];

type Where = { no: string } | { id: number };
/** `o.order_no = …` or `o.id = …` of the source table aliased `o`. */
const whereOf = (w: Where): SQL => ('no' in w ? sql`o.order_no = ${w.no}` : sql`o.id = ${w.id}`);

interface Head {
  id: number;
  no: string;
  scenic_id: number;
  left_amount: number;
  member_id: number | null;
  client_id: string | null;
  buyer_name: string;
  buyer_phone: string;
}

const headOf = (kind: InvoiceGoodsCode, h: Head, items: InvoiceSource['items']): InvoiceSource => ({
  kind,
  id: Number(h.id),
  no: h.no,
  scenicId: Number(h.scenic_id),
  left: Number(h.left_amount),
  memberId: h.member_id == null ? null : Number(h.member_id),
  clientId: h.client_id,
  items,
  buyerName: h.buyer_name,
  buyerPhone: h.buyer_phone,
});

const items = (rows: { name: string; quantity: number; unit_price: number }[]) =>
  rows.map((r) => ({ name: r.name, quantity: Number(r.quantity), unitPrice: Number(r.unit_price) }));

async function ticketSource(db: Db, scenicId: number, w: Where): Promise<InvoiceSource | null> {
  const [head] = await queryRows<Head>(
    db,
    sql`select o.id, o.order_no as no, o.scenic_id, o.paid_amount - o.refunded_amount as left_amount,
          o.member_id, o.client_id, o.buyer_name, o.buyer_phone
        from ticket_orders o where o.scenic_id = ${scenicId} and ${whereOf(w)}`,
  );
  if (!head) return null;
  const lines = await queryRows<{ name: string; quantity: number; unit_price: number }>(
    db,
    sql`select p.name, count(*)::int as quantity, t.price as unit_price
        from order_tickets t join ticket_products p on p.id = t.product_id
        where t.order_id = ${head.id} and t.status <> all(${`{${REFUNDED_TICKETS.join(',')}}`}::smallint[])
        group by p.name, t.price order by p.name, t.price`,
  );
  return headOf('ticket', head, items(lines));
}

async function shopSource(db: Db, scenicId: number, w: Where): Promise<InvoiceSource | null> {
  const [head] = await queryRows<Head>(
    db,
    sql`select o.id, o.order_no as no, o.scenic_id,
          case when o.paid_at is null then 0 else o.pay_amount - o.refunded_amount end as left_amount,
          o.member_id, null as client_id, o.receiver_name as buyer_name, o.receiver_phone as buyer_phone
        from shop_orders o where o.scenic_id = ${scenicId} and ${whereOf(w)}`,
  );
  if (!head) return null;
  const lines = await queryRows<{ name: string; quantity: number; unit_price: number }>(
    db,
    sql`select goods_name as name, quantity - refunded_quantity as quantity, price as unit_price
        from shop_order_lines where order_id = ${head.id} and quantity > refunded_quantity
        union all
        select ${InvoiceText.freight.zh}::text, 1, freight from shop_orders where id = ${head.id} and freight > 0`,
  );
  return headOf('shop', head, items(lines));
}

async function cardSource(db: Db, scenicId: number, w: Where): Promise<InvoiceSource | null> {
  const [head] = await queryRows<Head & { kind_name: string; amount: number }>(
    db,
    sql`select o.id, o.order_no as no, o.scenic_id, o.amount, k.name as kind_name,
          case when o.paid_at is null then 0 else o.amount - o.refunded_amount end as left_amount,
          o.member_id, o.client_id, o.buyer_name, o.buyer_phone
        from card_orders o join card_kinds k on k.id = o.kind_id
        where o.scenic_id = ${scenicId} and ${whereOf(w)}`,
  );
  if (!head) return null;
  return headOf('card', head, [{ name: head.kind_name, quantity: 1, unitPrice: Number(head.amount) }]);
}

/** A statement's number: its closed batch's and its distributor's (`ST20260101A1B2C3-12`). */
export const statementNoSql = sql`(b.batch_no || '-' || i.distributor_id::text)`;

/**
 * A distributor's settlement statement (one closed batch, one distributor): the buyer is the
 * distributor, the amount what the statement settled; its id is its first settlement row's. Settled
 * tickets (405) are never refunded, so all of it is left to invoice.
 */
async function settlementSource(db: Db, scenicId: number, w: Where): Promise<InvoiceSource | null> {
  const match =
    'no' in w
      ? sql`${statementNoSql} = ${w.no}`
      : sql`(i.batch_id, i.distributor_id) = (select batch_id, distributor_id from settlement_items where id = ${w.id})`;
  const [head] = await queryRows<Head & { batch_id: number; distributor_id: number }>(
    db,
    sql`select min(i.id) as id, ${statementNoSql} as no, b.scenic_id, sum(i.amount)::bigint as left_amount,
          null as member_id, null as client_id, d.company as buyer_name, d.phone as buyer_phone,
          i.batch_id, i.distributor_id
        from settlement_items i join settlement_batches b on b.id = i.batch_id
        join distributors d on d.id = i.distributor_id
        where b.scenic_id = ${scenicId} and b.state = ${SETTLEMENT_BATCH_STATE.closed} and ${match}
        group by b.batch_no, i.batch_id, i.distributor_id, b.scenic_id, d.company, d.phone`,
  );
  if (!head) return null;
  const lines = await queryRows<{ name: string; quantity: number; unit_price: number }>(
    db,
    sql`select ${head.no}::text as name, count(*)::int as quantity, amount as unit_price
        from settlement_items where batch_id = ${head.batch_id} and distributor_id = ${head.distributor_id}
          and amount > 0
        group by amount order by amount desc`,
  );
  return headOf('settlement', head, items(lines));
}

const READERS: Partial<Record<InvoiceGoodsCode, typeof ticketSource>> = {
  ticket: ticketSource,
  shop: shopSource,
  card: cardSource,
  settlement: settlementSource,
};

/** The source of the area by its number (a request) or id (an invoice's source); null when none. */
export async function invoiceSource(
  db: Db,
  scenicId: number,
  kind: InvoiceGoodsCode,
  where: Where,
): Promise<InvoiceSource | null> {
  const read = READERS[kind];
  return read ? read(db, scenicId, where) : null;
}
