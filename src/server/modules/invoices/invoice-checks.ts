import { inArray, sql, type SQL } from 'drizzle-orm';
import type {
  MismatchPage,
  MismatchRow,
  StuckPage,
  StuckRow,
  UnbilledPage,
  UnbilledRow,
} from '../../../shared/api/invoice-checks.ts';
import { INVOICE_STATE } from '../../../shared/dict/invoices.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { likeContains } from '../../http/paging.ts';
import { invoiceRow } from './invoices.routes.ts';
import { invoices } from './invoices.table.ts';

/**
 * The checks of /invoice/invDetection (docs/invoices.md "Checks and settlement invoices"), each a
 * `from` over the acting area that the page, the export and the counts share.
 */

/** BuyChannel 13: a distributor's order, invoiced with its settlement statement (not checked here). */
const DISTRIBUTION_CHANNEL = 13;
/** The in-between states (spec §4): issuing, reissuing, voiding. */
export const IN_BETWEEN = [INVOICE_STATE.issuing, INVOICE_STATE.reissuing, INVOICE_STATE.voiding];
/** Requested blue invoices not issued yet: the source is still not invoiced. */
const REQUESTED = [INVOICE_STATE.notIssued, INVOICE_STATE.failed];

const dir = (order: 'asc' | 'desc') => (order === 'asc' ? sql`asc` : sql`desc`);
const ago = (now: Date, ms: number) => new Date(now.getTime() - ms);
const iso = (v: unknown) => new Date(v as string).toISOString();

/** Paid sources (tickets not sold to distributors, shop, cards) older than `days` with something left. */
export function unbilledFrom(scenicId: number, q: UnbilledPage, now: Date): SQL {
  const cutoff = ago(now, q.days * 86_400_000);
  const paid = (t: SQL) =>
    sql`${t}.scenic_id = ${scenicId} and ${t}.paid_at is not null and ${t}.paid_at < ${cutoff}`;
  const like = q.keyword ? likeContains(q.keyword) : null;
  return sql`(select s.*, inv.id as invoice_id, inv.state as invoice_state from (
      select 'ticket' as source, o.id as source_id, o.order_no as source_no, o.buyer_name, o.buyer_phone,
        o.paid_amount as paid, o.paid_amount - o.refunded_amount as left_amount, o.paid_at
      from ticket_orders o where ${paid(sql`o`)} and o.channel <> ${DISTRIBUTION_CHANNEL}
        and o.paid_amount > o.refunded_amount
      union all
      select 'shop', o.id, o.order_no, o.receiver_name, o.receiver_phone, o.pay_amount,
        o.pay_amount - o.refunded_amount, o.paid_at
      from shop_orders o where ${paid(sql`o`)} and o.pay_amount > o.refunded_amount
      union all
      select 'card', o.id, o.order_no, o.buyer_name, o.buyer_phone, o.amount, o.amount - o.refunded_amount,
        o.paid_at
      from card_orders o where ${paid(sql`o`)} and o.amount > o.refunded_amount
    ) s
    left join lateral (select i.id, i.state from invoices i
      where i.source = s.source and i.source_id = s.source_id and i.kind = 1 and i.state <> ${INVOICE_STATE.voided}
      limit 1) inv on true
    where (inv.id is null or inv.state in (${sql.join(REQUESTED, sql`, `)}))
      ${q.source ? sql`and s.source = ${q.source}` : sql``}
      ${q.requested === 1 ? sql`and inv.id is not null` : q.requested === 0 ? sql`and inv.id is null` : sql``}
      ${like ? sql`and (s.source_no like ${like} or s.buyer_name ilike ${like})` : sql``}
  ) x`;
}

export async function unbilledRows(
  db: Db,
  from: SQL,
  q: Pick<UnbilledPage, 'sort' | 'order'>,
  offset: number,
  limit: number,
): Promise<UnbilledRow[]> {
  const col = q.sort === 'left' ? sql`x.left_amount` : sql`x.paid_at`;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select * from ${from} order by ${col} ${dir(q.order)}, x.source, x.source_id
        limit ${limit} offset ${offset}`,
  );
  return rows.map((r) => ({
    key: `${String(r.source)}-${Number(r.source_id)}`,
    source: r.source as UnbilledRow['source'],
    sourceId: Number(r.source_id),
    sourceNo: String(r.source_no),
    buyerName: String(r.buyer_name ?? ''),
    buyerPhone: String(r.buyer_phone ?? ''),
    paid: Number(r.paid),
    left: Number(r.left_amount),
    paidAt: iso(r.paid_at),
    invoiceId: r.invoice_id == null ? null : Number(r.invoice_id),
    invoiceState: r.invoice_state == null ? null : Number(r.invoice_state),
  }));
}

/** When an invoice entered the state it is in: its last move's audit row (the job's lease does not move it). */
const SINCE = sql`coalesce((select max(a.created_at) from audit_logs a
  where a.target_type = 'invoice' and a.target_id = i.id::text), i.created_at)`;

/** Invoices issuing, reissuing or voiding for more than `minutes`. */
export function stuckFrom(scenicId: number, q: StuckPage, now: Date): SQL {
  const like = q.keyword ? likeContains(q.keyword) : null;
  const states = q.state === undefined ? IN_BETWEEN : [q.state];
  return sql`(select i.id, i.amount, ${SINCE} as since from invoices i
    where i.scenic_id = ${scenicId} and i.state in (${sql.join(states, sql`, `)})
      ${like ? sql`and (i.source_no like ${like} or i.buyer_name ilike ${like} or coalesce(i.code || i.number, '') like ${like})` : sql``}
  ) x where x.since < ${ago(now, q.minutes * 60_000)}`;
}

/** The invoice rows of a query's ids (in its order), each with what the query adds to it. */
async function withInvoices<R extends { id: number }, X>(
  db: Db,
  query: SQL,
  extra: (r: R) => X,
): Promise<(ReturnType<typeof invoiceRow> & X)[]> {
  const found = await queryRows<R>(db, query);
  if (!found.length) return [];
  const ids = found.map((r) => Number(r.id));
  const rows = await db.select().from(invoices).where(inArray(invoices.id, ids));
  const byId = new Map(rows.map((r) => [r.id, invoiceRow(r)]));
  return found.map((r) => ({ ...byId.get(Number(r.id))!, ...extra(r) }));
}

export async function stuckRows(
  db: Db,
  from: SQL,
  q: Pick<StuckPage, 'sort' | 'order'>,
  offset: number,
  limit: number,
  now: Date,
): Promise<StuckRow[]> {
  const col = q.sort === 'amount' ? sql`x.amount` : sql`x.since`;
  return withInvoices(
    db,
    sql`select x.id, x.since from ${from} order by ${col} ${dir(q.order)}, x.id limit ${limit} offset ${offset}`,
    (r: { id: number; since: string }) => ({
      since: iso(r.since),
      stuckMinutes: Math.floor((now.getTime() - new Date(r.since).getTime()) / 60_000),
    }),
  );
}

/** What a source paid and did not get back, by the invoice's source (a statement: all it settled). */
const SOURCE_LEFT = sql`case i.source
  when 'ticket' then (select o.paid_amount - o.refunded_amount from ticket_orders o where o.id = i.source_id)
  when 'shop' then (select o.pay_amount - o.refunded_amount from shop_orders o where o.id = i.source_id)
  when 'card' then (select o.amount - o.refunded_amount from card_orders o where o.id = i.source_id)
  when 'settlement' then (select sum(s.amount) from settlement_items s
    where (s.batch_id, s.distributor_id) = (select f.batch_id, f.distributor_id from settlement_items f where f.id = i.source_id))
  end`;

/** Issued blue invoices (1, 4) whose amount less their reds differs from what their source kept. */
export function mismatchFrom(scenicId: number, q: MismatchPage): SQL {
  const like = q.keyword ? likeContains(q.keyword) : null;
  return sql`(select y.*, y.invoiced - y.source_left as diff from (
      select i.id, i.issued_at, i.amount - (select coalesce(sum(r.amount), 0) from invoices r where r.blue_id = i.id) as invoiced,
        coalesce(${SOURCE_LEFT}, 0) as source_left
      from invoices i where i.scenic_id = ${scenicId} and i.kind = 1
        and i.state in (${INVOICE_STATE.issued}, ${INVOICE_STATE.reissued})
        ${like ? sql`and (i.source_no like ${like} or i.buyer_name ilike ${like} or coalesce(i.code || i.number, '') like ${like})` : sql``}
    ) y where y.invoiced <> y.source_left) x`;
}

export async function mismatchRows(
  db: Db,
  from: SQL,
  q: Pick<MismatchPage, 'sort' | 'order'>,
  offset: number,
  limit: number,
): Promise<MismatchRow[]> {
  const col = q.sort === 'issuedAt' ? sql`x.issued_at` : sql`x.diff`;
  return withInvoices(
    db,
    sql`select x.id, x.invoiced, x.source_left, x.diff from ${from}
        order by ${col} ${dir(q.order)}, x.id limit ${limit} offset ${offset}`,
    (r: { id: number; invoiced: number; source_left: number; diff: number }) => ({
      invoiced: Number(r.invoiced),
      sourceLeft: Number(r.source_left),
      diff: Number(r.diff),
    }),
  );
}

/** The excess of one issued blue invoice of the area over what its source kept (≤ 0: none). */
export async function excessOf(db: Db, scenicId: number, id: number): Promise<number | null> {
  const [row] = await queryRows<{ diff: number }>(
    db,
    sql`select x.diff from ${mismatchFrom(scenicId, {} as MismatchPage)} where x.id = ${id}`,
  );
  return row ? Number(row.diff) : null;
}

export const count = async (db: Db, from: SQL) =>
  Number((await queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${from}`))[0]?.n ?? 0);
