import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema, pageResultSchema } from '../../../shared/api/common.ts';
import {
  settlementBatchApi,
  SettlementBatchCreateSchema,
  SettlementBatchIdSchema,
  SettlementBatchPageSchema,
  SettlementBatchRowSchema,
  SettlementItemsQuerySchema,
  SettlementItemsSchema,
  settlementSettingApi,
  SettlementSettingSchema,
  SettlementSettingUpdateSchema,
  SettlementStatementSchema,
  type SettlementBatchPage,
  type SettlementBatchRow,
  type SettlementItem,
} from '../../../shared/api/settlement.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import { TicketStatus } from '../../../shared/dict/order.ts';
import {
  SETTLEMENT_BATCH_STATE,
  SettlementBatchState,
  SettlementField,
  SettlementText,
} from '../../../shared/dict/settlement.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { perm, requireAuth, scenicScope } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { sendXlsx, type ExportColumn } from '../../http/export.ts';
import { writeAudit } from '../audit/index.ts';
import { ownDistributor } from '../withdrawals/index.ts';
import {
  candidatesSql,
  commissionSql,
  createBatch,
  findBatch,
  moveBatch,
  saveSettings,
  settingsOf,
} from './settlement.service.ts';

const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());

function batchWhere(scenicId: number, q: Partial<SettlementBatchPage>): SQL {
  const parts = [sql`b.scenic_id = ${scenicId}`];
  if (q.state) parts.push(sql`b.state = ${q.state}`);
  if (q.batchNo) parts.push(sql`b.batch_no = ${q.batchNo}`);
  return sql.join(parts, sql` and `);
}

async function listBatches(
  db: Db,
  where: SQL,
  q: Pick<SettlementBatchPage, 'sort' | 'order'>,
  offset: number,
  limit: number,
): Promise<SettlementBatchRow[]> {
  const dir = q.order === 'asc' ? sql`asc` : sql`desc`;
  const col = q.sort === 'createTime' ? sql`b.created_at` : sql`b.period_from`;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select b.*, c.username as created_name, x.username as closed_name
        from settlement_batches b
        left join admins c on c.id = b.created_by left join admins x on x.id = b.closed_by
        where ${where} order by ${col} ${dir}, b.id ${dir} limit ${limit} offset ${offset}`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    batchNo: String(r.batch_no),
    periodFrom: String(r.period_from).slice(0, 10),
    periodTo: String(r.period_to).slice(0, 10),
    state: Number(r.state),
    ticketCount: Number(r.ticket_count),
    amount: Number(r.amount),
    commission: Number(r.commission),
    commissionRate: Number(r.commission_rate),
    createdBy: String(r.created_name ?? ''),
    closedBy: r.closed_name == null ? null : String(r.closed_name),
    closedAt: iso(r.closed_at),
    createTime: iso(r.created_at)!,
  }));
}

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

const BATCH_COLUMNS: ExportColumn<SettlementBatchRow>[] = [
  { header: SettlementField.batchNo, value: (r) => r.batchNo, width: 20 },
  { header: SettlementField.periodFrom, value: (r) => r.periodFrom, width: 12 },
  { header: SettlementField.periodTo, value: (r) => r.periodTo, width: 12 },
  { header: SettlementField.state, value: (r, lang) => dictLabel(SettlementBatchState, r.state, lang) },
  { header: SettlementField.ticketCount, value: (r) => r.ticketCount, kind: 'number' },
  { header: SettlementField.amount, value: (r) => r.amount, kind: 'money' },
  { header: SettlementField.commission, value: (r) => r.commission, kind: 'money' },
  { header: SettlementField.closedAt, value: (r) => r.closedAt, kind: 'datetime', width: 20 },
];

/** docs/product.md §2 /disManage/setMange: settlement settings and batches (T25), statements. */
export async function settlementRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;
  const tags = ['distribution'];

  app.get(
    settlementSettingApi.query,
    {
      config: { access: perm('admin:setMange:page') },
      schema: {
        tags,
        summary: "The area's settlement settings (defaults until saved: monthly, used and expired, 0 %)",
        response: { 200: envelopeSchema(SettlementSettingSchema) },
      },
    },
    async (req) => ok(req, await settingsOf(db, scenicScope(req))),
  );

  app.post(
    settlementSettingApi.update,
    {
      config: { access: perm('admin:setMange:edit') },
      schema: {
        tags,
        summary: 'Saves the settings; later batches use them (a batch keeps those it was created with)',
        body: SettlementSettingUpdateSchema,
        response: { 200: envelopeSchema(SettlementSettingSchema) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const before = await settingsOf(db, scenicId);
      await saveSettings(db, scenicId, req.body);
      await writeAudit(db, req, {
        module: 'distribution',
        action: 'settlement.settings',
        targetType: 'settlementSetting',
        targetId: scenicId,
        before,
        after: req.body,
      });
      return ok(req, await settingsOf(db, scenicId));
    },
  );

  app.post(
    settlementBatchApi.page,
    {
      config: { access: perm('admin:setMange:page') },
      schema: {
        tags,
        summary: 'Settlement batches of the area, latest period first',
        body: SettlementBatchPageSchema,
        response: { 200: envelopeSchema(pageResultSchema(SettlementBatchRowSchema)) },
      },
    },
    async (req) => {
      const q = req.body;
      const where = batchWhere(scenicScope(req), q);
      const [rows, [count]] = await Promise.all([
        listBatches(db, where, q, (q.page - 1) * q.limit, q.limit),
        queryRows<{ n: number }>(db, sql`select count(*)::int as n from settlement_batches b where ${where}`),
      ]);
      return ok(req, { rows, total: Number(count?.n ?? 0) });
    },
  );

  app.post(
    settlementBatchApi.export,
    {
      config: { access: perm('admin:setMange:page') },
      schema: {
        tags,
        summary: 'The batches of the current filter as .xlsx',
        body: SettlementBatchPageSchema,
      },
    },
    async (req, reply) => {
      const where = batchWhere(scenicScope(req), req.body);
      return sendXlsx(req, reply, {
        fileName: SettlementText.batchesExport,
        columns: BATCH_COLUMNS,
        fetch: (offset, limit) => listBatches(db, where, req.body, offset, limit),
      });
    },
  );

  app.post(
    settlementBatchApi.create,
    {
      config: { access: perm('admin:settle:close') },
      schema: {
        tags,
        summary:
          'A draft batch of a period of visit dates (409 when it overlaps another draft or closed batch)',
        body: SettlementBatchCreateSchema,
        response: { 200: envelopeSchema(SettlementBatchRowSchema) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const created = await createBatch(db, { scenicId, ...req.body, adminId: requireAuth(req).adminId });
      await writeAudit(db, req, {
        module: 'distribution',
        action: 'settlement.create',
        targetType: 'settlementBatch',
        targetId: created.id,
        after: { batchNo: created.batchNo, ...req.body },
      });
      const [row] = await listBatches(db, sql`b.id = ${created.id}`, { order: 'desc' }, 0, 1);
      return ok(req, row!);
    },
  );

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
      const [row] = await listBatches(db, sql`b.id = ${batch.id}`, { order: 'desc' }, 0, 1);
      const preview = batch.state === SETTLEMENT_BATCH_STATE.draft;
      return ok(req, {
        batch: preview
          ? {
              ...row!,
              ticketCount: all.length,
              amount: all.reduce((a, i) => a + i.amount, 0),
              commission: all.reduce((a, i) => a + i.commission, 0),
            }
          : row!,
        distributors: [...sums.values()],
        items: all.slice(0, LIMIT),
        truncated: all.length > LIMIT,
      });
    },
  );

  for (const move of ['close', 'discard'] as const)
    app.post(
      settlementBatchApi[move],
      {
        config: { access: perm('admin:settle:close') },
        schema: {
          tags,
          summary:
            move === 'close'
              ? 'Closes a draft (T25): its settleable tickets move to 405 with their settlement rows; once only (409)'
              : 'Discards a draft; its period may be batched again',
          body: SettlementBatchIdSchema,
          response: { 200: envelopeSchema(SettlementBatchRowSchema) },
        },
      },
      async (req) => {
        const scenicId = scenicScope(req);
        const result = await moveBatch(db, {
          scenicId,
          id: req.body.id,
          move,
          adminId: requireAuth(req).adminId,
        });
        await writeAudit(db, req, {
          module: 'distribution',
          action: `settlement.${move}`,
          targetType: 'settlementBatch',
          targetId: result.id,
          after: result,
        });
        const [row] = await listBatches(db, sql`b.id = ${result.id}`, { order: 'desc' }, 0, 1);
        return ok(req, row!);
      },
    );

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
