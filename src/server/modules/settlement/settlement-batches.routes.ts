import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import {
  settlementBatchApi,
  SettlementBatchIdSchema,
  SettlementBatchRowSchema,
  SettlementItemsQuerySchema,
  SettlementItemsSchema,
  SettlementStatementSchema,
  type SettlementItem,
} from '../../../shared/api/settlement.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import { TicketStatus } from '../../../shared/dict/order.ts';
import { SETTLEMENT_BATCH_STATE, SettlementField, SettlementText } from '../../../shared/dict/settlement.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { perm, scenicScope } from '../../http/access.ts';
import { audited, registerAction } from '../../http/action.ts';
import { ok } from '../../http/envelope.ts';
import { sendXlsx, type ExportColumn } from '../../http/export.ts';
import { ownDistributor } from '../withdrawals/index.ts';
import { batchRow } from './settlement-http.ts';
import { batchAudit } from './settlement.routes.ts';
import { candidatesSql, commissionSql, findBatch, moveBatch } from './settlement.service.ts';

/** A batch's rows: live candidates of a draft (the preview), stored settlement rows of a closed batch. */
async function batchItems(
  db: Db,
  scenicId: number,
  id: number,
  distributorId: number | null,
  offset: number,
  limit: number,
): Promise<SettlementItem[]> {
  const batch = await findBatch(db, scenicId, id);
  const only = distributorId != null ? sql`and d.id = ${distributorId}` : sql``;
  const cols = sql`t.id as ticket_id, o.order_no, d.id as distributor_id, d.company, p.name as product_name,
    t.visit_date, t.status as ticket_status, t.price as amount`;
  const query =
    batch.state === SETTLEMENT_BATCH_STATE.draft
      ? sql`${candidatesSql(batch, sql`${cols}, ${commissionSql(batch.commissionRate)} as commission`)} ${only}
          order by d.id, t.visit_date, t.id limit ${limit} offset ${offset}`
      : sql`select i.ticket_id, o.order_no, d.id as distributor_id, d.company, p.name as product_name,
              t.visit_date, i.ticket_status, i.amount, i.commission
            from settlement_items i join order_tickets t on t.id = i.ticket_id
            join ticket_orders o on o.id = i.order_id join distributors d on d.id = i.distributor_id
            left join ticket_products p on p.id = t.product_id
            where i.batch_id = ${batch.id} ${only}
            order by d.id, t.visit_date, i.ticket_id limit ${limit} offset ${offset}`;
  const rows = await queryRows<Record<string, unknown>>(db, query);
  return rows.map((r) => ({
    ticketId: Number(r.ticket_id),
    orderNo: String(r.order_no),
    distributorId: Number(r.distributor_id),
    distributorName: String(r.company),
    productName: String(r.product_name ?? ''),
    visitDate: String(r.visit_date).slice(0, 10),
    ticketStatus: Number(r.ticket_status),
    amount: Number(r.amount),
    commission: Number(r.commission),
  }));
}

const STATEMENT_COLUMNS: ExportColumn<SettlementItem>[] = [
  { header: SettlementField.distributor, value: (r) => r.distributorName, width: 20 },
  { header: SettlementField.orderNo, value: (r) => r.orderNo, width: 22 },
  { header: SettlementField.ticketId, value: (r) => r.ticketId, kind: 'number' },
  { header: SettlementField.product, value: (r) => r.productName, width: 20 },
  { header: SettlementField.visitDate, value: (r) => r.visitDate, width: 12 },
  { header: SettlementField.ticketStatus, value: (r, lang) => dictLabel(TicketStatus, r.ticketStatus, lang) },
  { header: SettlementField.amount, value: (r) => r.amount, kind: 'money' },
  { header: SettlementField.commission, value: (r) => r.commission, kind: 'money' },
];

/** docs/product.md §2 /disManage/setMange: one batch — its items, closing or discarding it (T25), statements. */
export async function settlementBatchRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;
  const tags = ['distribution'];

  // hand-registered: a read that is not a list resource
  app.get(
    settlementBatchApi.items,
    {
      config: { access: perm('admin:setMange:page') },
      schema: {
        tags,
        summary:
          'A batch with its sums by distributor and its first 500 tickets: a draft shows what closing it would settle now',
        querystring: SettlementItemsQuerySchema,
        response: { 200: envelopeSchema(SettlementItemsSchema) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const batch = await findBatch(db, scenicId, req.query.id);
      const LIMIT = 500;
      const all = await batchItems(db, scenicId, batch.id, req.query.distributorId ?? null, 0, 1_000_000);
      const sums = new Map<
        number,
        {
          distributorId: number;
          distributorName: string;
          ticketCount: number;
          amount: number;
          commission: number;
        }
      >();
      for (const i of all) {
        const s = sums.get(i.distributorId) ?? {
          distributorId: i.distributorId,
          distributorName: i.distributorName,
          ticketCount: 0,
          amount: 0,
          commission: 0,
        };
        s.ticketCount += 1;
        s.amount += i.amount;
        s.commission += i.commission;
        sums.set(i.distributorId, s);
      }
      const row = await batchRow(db, batch.id);
      const preview = batch.state === SETTLEMENT_BATCH_STATE.draft;
      return ok(req, {
        batch: preview
          ? {
              ...row,
              ticketCount: all.length,
              amount: all.reduce((a, i) => a + i.amount, 0),
              commission: all.reduce((a, i) => a + i.commission, 0),
            }
          : row,
        distributors: [...sums.values()],
        items: all.slice(0, LIMIT),
        truncated: all.length > LIMIT,
      });
    },
  );

  // a move of a draft batch, by compare-and-set in moveBatch: the move and its audit row in one transaction
  const moveRoute = (move: 'close' | 'discard', summary: string) =>
    registerAction(root, {
      url: settlementBatchApi[move],
      access: perm('admin:settle:close'),
      tag: 'distribution',
      summary,
      body: SettlementBatchIdSchema,
      response: SettlementBatchRowSchema,
      audit: { ...batchAudit, action: `settlement.${move}` },
      run: async (tx, { scenicId, adminId, id }) => {
        const result = await moveBatch(tx, { scenicId, id, move, adminId });
        return audited(await batchRow(tx, result.id), { targetId: result.id, after: result });
      },
    });

  moveRoute(
    'close',
    'Closes a draft (T25): its settleable tickets move to 405 with their settlement rows; once only (409)',
  );
  moveRoute('discard', 'Discards a draft; its period may be batched again');

  // hand-registered: streams an .xlsx file
  app.post(
    settlementBatchApi.statement,
    {
      config: { access: perm('admin:settle:statement', { distributor: 'own' }) },
      schema: {
        tags,
        summary:
          "A batch's statement as .xlsx: every settled ticket of one distributor (a distributor: its own) or of all",
        body: SettlementStatementSchema,
      },
    },
    async (req, reply) => {
      const scenicId = scenicScope(req);
      const own = await ownDistributor(db, req);
      const batch = await findBatch(db, scenicId, req.body.id);
      const distributorId = own ?? req.body.distributorId ?? null;
      return sendXlsx(req, reply, {
        fileName: SettlementText.statementExport,
        columns: STATEMENT_COLUMNS,
        fetch: (offset, limit) => batchItems(db, scenicId, batch.id, distributorId, offset, limit),
      });
    },
  );
}
