import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema, pageResultSchema } from '../../../shared/api/common.ts';
import {
  settlementBatchApi,
  SettlementBatchCreateSchema,
  SettlementBatchPageSchema,
  SettlementBatchRowSchema,
  settlementSettingApi,
  SettlementSettingSchema,
  SettlementSettingUpdateSchema,
  type SettlementBatchPage,
  type SettlementBatchRow,
} from '../../../shared/api/settlement.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import { SettlementBatchState, SettlementField, SettlementText } from '../../../shared/dict/settlement.ts';
import { queryRows } from '../../db/rows.ts';
import { perm, scenicScope } from '../../http/access.ts';
import { audited, registerAction } from '../../http/action.ts';
import { ok } from '../../http/envelope.ts';
import { sendXlsx, type ExportColumn } from '../../http/export.ts';
import { writeAudit } from '../audit/index.ts';
import { batchRow, listBatches } from './settlement-http.ts';
import { createBatch, saveSettings, settingsOf } from './settlement.service.ts';

function batchWhere(scenicId: number, q: Partial<SettlementBatchPage>): SQL {
  const parts = [sql`b.scenic_id = ${scenicId}`];
  if (q.state) parts.push(sql`b.state = ${q.state}`);
  if (q.batchNo) parts.push(sql`b.batch_no = ${q.batchNo}`);
  return sql.join(parts, sql` and `);
}
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
/** A settlement batch's audit rows: its create here, its close and discard in settlement-batches.routes.ts. */
export const batchAudit = {
  write: writeAudit,
  module: 'distribution',
  targetType: 'settlementBatch',
} as const;

/**
 * docs/product.md §2 /disManage/setMange: settlement settings, the batch list and new batches (one batch:
 * settlement-batches.routes.ts).
 */
export async function settlementRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;
  const tags = ['distribution'];

  // hand-registered: a read that is not a list resource
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

  registerAction(root, {
    url: settlementSettingApi.update,
    access: perm('admin:setMange:edit'),
    tag: 'distribution',
    summary: 'Saves the settings; later batches use them (a batch keeps those it was created with)',
    body: SettlementSettingUpdateSchema,
    response: SettlementSettingSchema,
    audit: {
      write: writeAudit,
      module: 'distribution',
      action: 'settlement.settings',
      targetType: 'settlementSetting',
    },
    run: async (tx, { scenicId, adminId: _, ...settings }) => {
      const before = await settingsOf(tx, scenicId);
      await saveSettings(tx, scenicId, settings);
      return audited(await settingsOf(tx, scenicId), { targetId: scenicId, before, after: settings });
    },
  });

  // hand-registered: a read that is not a list resource
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

  // hand-registered: streams an .xlsx file
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

  registerAction(root, {
    url: settlementBatchApi.create,
    access: perm('admin:settle:close'),
    tag: 'distribution',
    summary: 'A draft batch of a period of visit dates (409 when it overlaps another draft or closed batch)',
    body: SettlementBatchCreateSchema,
    response: SettlementBatchRowSchema,
    audit: { ...batchAudit, action: 'settlement.create' },
    run: async (tx, { scenicId, adminId, ...period }) => {
      const created = await createBatch(tx, { scenicId, ...period, adminId });
      return audited(await batchRow(tx, created.id), {
        targetId: created.id,
        after: { batchNo: created.batchNo, ...period },
      });
    },
  });
}
