import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema, pageResultSchema } from '../../../shared/api/common.ts';
import {
  disorderApi,
  DisorderPageSchema,
  DisorderRowSchema,
  DisorderTotalsSchema,
  type DisorderPage,
  type DisorderRow,
} from '../../../shared/api/settlement.ts';
import { ADM_TYPE } from '../../../shared/dict/account.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import { PayWay, TicketStatus } from '../../../shared/dict/order.ts';
import { OrderSettleState, SettlementField, SettlementText } from '../../../shared/dict/settlement.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { ownerScope, perm, scenicScope } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { sendXlsx, type ExportColumn } from '../../http/export.ts';

// hand-registered (file): the distribution orders' reads (a page with its own query, totals, an .xlsx export), not list resources

/**
 * Orders of distributor accounts (admType 3) with their settlement: the tickets settled, the
 * commission of those, the batch. A distributor's account sees its own orders only (ownerScope).
 */
function baseSql(scenicId: number, owner: number | null): SQL {
  return sql`select o.id, o.order_no, o.visit_date, o.ticket_count, o.total_amount, o.paid_amount,
      o.refunded_amount, o.pay_way, o.status, o.created_at, d.id as distributor_id,
      coalesce(d.company, a.nickname, a.username) as distributor_name,
      coalesce(s.n, 0) as settled, coalesce(s.commission, 0) as commission, s.batch_no, s.batch_id,
      tp.product_names, coalesce(tp.retail, 0) as retail_amount,
      case when coalesce(s.n, 0) = 0 then 0 when s.n >= o.ticket_count then 2 else 1 end as settle_state
    from ticket_orders o
    join admins a on a.id = o.admin_id and a.adm_type = ${ADM_TYPE.distributor}
    left join distributors d on d.admin_id = o.admin_id and d.scenic_id = o.scenic_id
    left join lateral (
      select count(*)::int as n, sum(i.commission)::bigint as commission,
        (array_agg(b.batch_no order by b.id))[1] as batch_no, min(b.id) as batch_id
      from settlement_items i join settlement_batches b on b.id = i.batch_id where i.order_id = o.id
    ) s on true
    left join lateral (
      select string_agg(distinct p.name, ', ') as product_names,
        sum(coalesce(t.retail_floor, t.price))::bigint as retail
      from order_tickets t left join ticket_products p on p.id = t.product_id where t.order_id = o.id
    ) tp on true
    where o.scenic_id = ${scenicId} ${owner != null ? sql`and o.admin_id = ${owner}` : sql``}`;
}

function filtered(scenicId: number, owner: number | null, q: Partial<DisorderPage>): SQL {
  const parts = [sql`true`];
  if (q.orderNo) parts.push(sql`x.order_no = ${q.orderNo}`);
  if (q.distributorId) parts.push(sql`x.distributor_id = ${q.distributorId}`);
  if (q.settleState != null) parts.push(sql`x.settle_state = ${q.settleState}`);
  if (q.batchNo) parts.push(sql`x.batch_no = ${q.batchNo}`);
  if (q.visitDateFrom) parts.push(sql`x.visit_date >= ${q.visitDateFrom}`);
  if (q.visitDateTo) parts.push(sql`x.visit_date <= ${q.visitDateTo}`);
  return sql`(${baseSql(scenicId, owner)}) x where ${sql.join(parts, sql` and `)}`;
}

const SORT = {
  createTime: sql`x.created_at`,
  totalAmount: sql`x.total_amount`,
  visitDate: sql`x.visit_date`,
};

async function listOrders(
  db: Db,
  from: SQL,
  q: DisorderPage,
  offset: number,
  limit: number,
): Promise<DisorderRow[]> {
  const dir = q.order === 'asc' ? sql`asc` : sql`desc`;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select x.* from ${from} order by ${SORT[q.sort ?? 'createTime']} ${dir}, x.id ${dir} limit ${limit} offset ${offset}`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    orderNo: String(r.order_no),
    distributorId: r.distributor_id == null ? null : Number(r.distributor_id),
    distributorName: String(r.distributor_name ?? ''),
    visitDate: String(r.visit_date).slice(0, 10),
    ticketCount: Number(r.ticket_count),
    totalAmount: Number(r.total_amount),
    paidAmount: Number(r.paid_amount),
    refundedAmount: Number(r.refunded_amount),
    commission: Number(r.commission),
    settledTickets: Number(r.settled),
    settleState: Number(r.settle_state),
    batchNo: r.batch_no == null ? null : String(r.batch_no),
    batchId: r.batch_id == null ? null : Number(r.batch_id),
    productName: String(r.product_names ?? ''),
    retailAmount: Number(r.retail_amount),
    payWay: r.pay_way == null ? null : Number(r.pay_way),
    status: Number(r.status),
    createTime: new Date(r.created_at as string).toISOString(),
  }));
}

const COLUMNS: ExportColumn<DisorderRow>[] = [
  { header: SettlementField.orderNo, value: (r) => r.orderNo, width: 22 },
  { header: SettlementField.distributor, value: (r) => r.distributorName, width: 20 },
  { header: SettlementField.visitDate, value: (r) => r.visitDate, width: 12 },
  { header: SettlementField.product, value: (r) => r.productName, width: 24 },
  { header: SettlementField.ticketCountOrder, value: (r) => r.ticketCount, kind: 'number' },
  { header: SettlementField.retailAmount, value: (r) => r.retailAmount, kind: 'money' },
  { header: SettlementField.amount, value: (r) => r.totalAmount, kind: 'money' },
  { header: SettlementField.commission, value: (r) => r.commission, kind: 'money' },
  {
    header: SettlementField.settleState,
    value: (r, lang) => dictLabel(OrderSettleState, r.settleState, lang),
  },
  { header: SettlementField.batchNo, value: (r) => r.batchNo, width: 20 },
  {
    header: SettlementField.payWay,
    value: (r, lang) => (r.payWay == null ? '' : dictLabel(PayWay, r.payWay, lang)),
  },
  { header: SettlementField.orderStatus, value: (r, lang) => dictLabel(TicketStatus, r.status, lang) },
  { header: SettlementField.createTimeOrder, value: (r) => r.createTime, kind: 'datetime', width: 20 },
];

/** docs/product.md §2 /disManage/disorder. */
export async function disorderRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;
  const tags = ['distribution'];
  const access = { access: perm('admin:disorder:page', { distributor: 'own' }) };

  app.post(
    disorderApi.page,
    {
      config: access,
      schema: {
        tags,
        summary:
          'Orders of distributor accounts with settlement state, commission and batch (a distributor: its own)',
        body: DisorderPageSchema,
        response: { 200: envelopeSchema(pageResultSchema(DisorderRowSchema)) },
      },
    },
    async (req) => {
      const q = req.body;
      const from = filtered(scenicScope(req), ownerScope(req), q);
      const [rows, [count]] = await Promise.all([
        listOrders(db, from, q, (q.page - 1) * q.limit, q.limit),
        queryRows<{ n: number }>(db, sql`select count(*)::int as n from ${from}`),
      ]);
      return ok(req, { rows, total: Number(count?.n ?? 0) });
    },
  );

  app.post(
    disorderApi.totals,
    {
      config: access,
      schema: {
        tags,
        summary: 'Count, tickets, amounts and commission of the filtered distribution orders',
        body: DisorderPageSchema,
        response: { 200: envelopeSchema(DisorderTotalsSchema) },
      },
    },
    async (req) => {
      const from = filtered(scenicScope(req), ownerScope(req), req.body);
      const [row] = await queryRows<Record<string, unknown>>(
        db,
        sql`select count(*)::int as count, coalesce(sum(x.ticket_count), 0) as tickets,
              coalesce(sum(x.total_amount), 0) as total, coalesce(sum(x.paid_amount), 0) as paid,
              coalesce(sum(x.commission), 0) as commission from ${from}`,
      );
      return ok(req, {
        count: Number(row?.count ?? 0),
        ticketCount: Number(row?.tickets ?? 0),
        totalAmount: Number(row?.total ?? 0),
        paidAmount: Number(row?.paid ?? 0),
        commission: Number(row?.commission ?? 0),
      });
    },
  );

  app.post(
    disorderApi.export,
    {
      config: access,
      schema: { tags, summary: 'The filtered distribution orders as .xlsx', body: DisorderPageSchema },
    },
    async (req, reply) => {
      const from = filtered(scenicScope(req), ownerScope(req), req.body);
      return sendXlsx(req, reply, {
        fileName: SettlementText.ordersExport,
        columns: COLUMNS,
        fetch: (offset, limit) => listOrders(db, from, req.body, offset, limit),
      });
    },
  );
}
