import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  invoiceSettlementApi,
  SettlementInvoicePageSchema,
  SettlementInvoiceRequestSchema,
  SettlementInvoiceRowSchema,
  type SettlementInvoicePage,
  type SettlementInvoiceRow,
} from '../../../shared/api/invoice-checks.ts';
import { InvoiceRowSchema } from '../../../shared/api/invoices.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import { InvoiceCheckField, InvoiceCheckText } from '../../../shared/dict/invoice-checks.ts';
import { INVOICE_STATE, InvoiceField, InvoiceState } from '../../../shared/dict/invoices.ts';
import { SETTLEMENT_BATCH_STATE } from '../../../shared/dict/settlement.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { ownerScope, perm, scenicScope } from '../../http/access.ts';
import { audited, registerAction } from '../../http/action.ts';
import { notFound } from '../../http/errors.ts';
import type { ExportColumn } from '../../http/export.ts';
import { likeContains } from '../../http/paging.ts';
import { actorOfRequest, writeAudit } from '../audit/index.ts';
import { registerSqlList } from './invoice-check-lists.ts';
import { statementNoSql } from './invoice-sources.ts';
import { invoiceRow } from './invoices.routes.ts';
import { requestInvoice } from './invoices.service.ts';
import { invoices } from './invoices.table.ts';

const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());

/** The distributor of a distributor account (0: none, it sees nothing); null for staff. */
async function ownDistributorId(db: Db, req: FastifyRequest): Promise<number | null> {
  const owner = ownerScope(req);
  if (owner == null) return null;
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`select id from distributors where admin_id = ${owner} and scenic_id = ${scenicScope(req)}`,
  );
  return row ? Number(row.id) : 0;
}

/**
 * Closed settlement statements of the area (one per batch and distributor) with their latest blue
 * invoice (a live one before a voided one); a distributor's own only.
 */
function statementsFrom(scenicId: number, own: number | null, q: SettlementInvoicePage): SQL {
  const distributor = own ?? q.distributorId;
  const invoiced =
    q.invoiced === 1
      ? sql`where inv.id is not null and inv.state <> ${INVOICE_STATE.voided}`
      : q.invoiced === 0
        ? sql`where inv.id is null or inv.state = ${INVOICE_STATE.voided}`
        : sql``;
  return sql`(select s.*, inv.id as invoice_id, inv.state as invoice_state, inv.tax_invoice_no,
      inv.amount as invoice_amount from (
      select i.batch_id, b.batch_no, b.period_from, b.period_to, b.closed_at, i.distributor_id,
        d.company, d.phone, count(*)::int as ticket_count, sum(i.amount)::bigint as amount,
        sum(i.commission)::bigint as commission, min(i.id) as source_id, ${statementNoSql} as statement_no
      from settlement_items i join settlement_batches b on b.id = i.batch_id
      join distributors d on d.id = i.distributor_id
      where b.scenic_id = ${scenicId} and b.state = ${SETTLEMENT_BATCH_STATE.closed}
        ${distributor != null ? sql`and i.distributor_id = ${distributor}` : sql``}
        ${q.batchNo ? sql`and b.batch_no like ${likeContains(q.batchNo)}` : sql``}
      group by i.batch_id, b.batch_no, b.period_from, b.period_to, b.closed_at, i.distributor_id, d.company, d.phone
    ) s left join lateral (select v.id, v.state, v.tax_invoice_no, v.amount from invoices v
      where v.scenic_id = ${scenicId} and v.source = 'settlement' and v.source_id = s.source_id and v.kind = 1
      order by (v.state <> ${INVOICE_STATE.voided}) desc, v.id desc limit 1) inv on true
    ${invoiced}) x`;
}

async function statementRows(
  db: Db,
  from: SQL,
  q: Pick<SettlementInvoicePage, 'sort' | 'order'>,
  offset: number,
  limit: number,
): Promise<SettlementInvoiceRow[]> {
  const col = q.sort === 'amount' ? sql`x.amount` : sql`x.closed_at`;
  const dir = q.order === 'asc' ? sql`asc` : sql`desc`;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select * from ${from} order by ${col} ${dir}, x.batch_id ${dir}, x.distributor_id
        limit ${limit} offset ${offset}`,
  );
  return rows.map((r) => ({
    statementNo: String(r.statement_no),
    batchId: Number(r.batch_id),
    batchNo: String(r.batch_no),
    periodFrom: String(r.period_from).slice(0, 10),
    periodTo: String(r.period_to).slice(0, 10),
    closedAt: iso(r.closed_at),
    distributorId: Number(r.distributor_id),
    distributorName: String(r.company),
    distributorPhone: String(r.phone ?? ''),
    ticketCount: Number(r.ticket_count),
    amount: Number(r.amount),
    commission: Number(r.commission),
    invoiceId: r.invoice_id == null ? null : Number(r.invoice_id),
    invoiceState: r.invoice_state == null ? null : Number(r.invoice_state),
    invoiceNo: String(r.tax_invoice_no ?? ''),
    invoiceAmount: r.invoice_amount == null ? null : Number(r.invoice_amount),
  }));
}

const COLUMNS: ExportColumn<SettlementInvoiceRow>[] = [
  { header: InvoiceCheckField.statementNo, value: (r) => r.statementNo, kind: 'text', width: 24 },
  { header: InvoiceCheckField.distributor, value: (r) => r.distributorName, width: 24 },
  { header: InvoiceCheckField.period, value: (r) => `${r.periodFrom} ~ ${r.periodTo}`, width: 24 },
  { header: InvoiceCheckField.ticketCount, value: (r) => r.ticketCount, kind: 'number' },
  { header: InvoiceCheckField.settled, value: (r) => r.amount, kind: 'money' },
  { header: InvoiceCheckField.closedAt, value: (r) => r.closedAt, kind: 'datetime', width: 20 },
  {
    header: InvoiceCheckField.invoiceState,
    value: (r, lang) => (r.invoiceState == null ? '' : dictLabel(InvoiceState, r.invoiceState, lang)),
  },
  { header: InvoiceField.taxInvoiceNo, value: (r) => r.invoiceNo, kind: 'text' },
];

/** /invoice/disInvoicePage: distributor settlement statements and their invoices (docs/invoices.md). */
export async function invoiceSettlementRoutes(root: FastifyInstance) {
  const { db } = root.ctx;
  registerSqlList(root, {
    api: invoiceSettlementApi,
    permission: 'admin:invoice:settlement:query',
    distributor: 'own',
    body: SettlementInvoicePageSchema,
    row: SettlementInvoiceRowSchema,
    summary:
      'Closed settlement statements (batch × distributor) with their invoice state (a distributor: its own)',
    fileName: InvoiceCheckText.settlementExport,
    columns: COLUMNS,
    from: async (req, q) => statementsFrom(scenicScope(req), await ownDistributorId(db, req), q),
    rows: (d, from, q, offset, limit) => statementRows(d, from, q, offset, limit),
  });

  registerAction(root, {
    url: invoiceSettlementApi.request,
    access: perm('admin:invoice:issue'),
    tag: 'invoice',
    summary:
      "V1 for a settlement statement: a blue invoice to the distributor for the statement's settlement amount",
    body: SettlementInvoiceRequestSchema,
    response: InvoiceRowSchema,
    audit: { write: writeAudit, module: 'invoice', action: 'invoice.request', targetType: 'invoice' },
    run: async (tx, { scenicId, adminId: _a, batchId, distributorId, ...buyer }, req) => {
      const [batch] = await queryRows<{ batch_no: string }>(
        tx,
        sql`select batch_no from settlement_batches where id = ${batchId} and scenic_id = ${scenicId}`,
      );
      if (!batch) throw notFound('invoiceSourceNotFound');
      const input = {
        ...buyer,
        source: 'settlement' as const,
        sourceNo: `${batch.batch_no}-${distributorId}`,
      };
      const id = await requestInvoice(tx, scenicId, input, { by: 'staff' }, actorOfRequest(req));
      const [row] = await tx
        .select()
        .from(invoices)
        .where(and(eq(invoices.id, id), eq(invoices.scenicId, scenicId)));
      return audited(invoiceRow(row!), null);
    },
  });
}
