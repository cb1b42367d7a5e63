import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema, pageResultSchema } from '../../../shared/api/common.ts';
import {
  withdrawalApi,
  WithdrawalPageSchema,
  WithdrawalRowSchema,
  WithdrawalTotalsSchema,
  type WithdrawalPage,
  type WithdrawalRow,
} from '../../../shared/api/withdrawals.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import {
  WITHDRAWAL_STATE,
  WithdrawalField,
  WithdrawalState,
  WithdrawalText,
} from '../../../shared/dict/withdrawals.ts';
import { queryRows } from '../../db/rows.ts';
import { perm, scenicScope } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { sendXlsx, type ExportColumn } from '../../http/export.ts';
import { listWithdrawals, ownDistributor } from './withdrawals-http.ts';

// hand-registered (file): the withdrawals' reads (a page with its own query, an .xlsx export, totals), not list resources

function whereOf(scenicId: number, q: Partial<WithdrawalPage>, own: number | null): SQL {
  const parts = [sql`w.scenic_id = ${scenicId}`];
  if (own != null) parts.push(sql`w.distributor_id = ${own}`);
  if (q.withdrawalNo) parts.push(sql`w.withdrawal_no = ${q.withdrawalNo}`);
  if (q.distributorId) parts.push(sql`w.distributor_id = ${q.distributorId}`);
  if (q.state) parts.push(sql`w.state = ${q.state}`);
  if (q.createTimeFrom) parts.push(sql`w.created_at >= ${new Date(q.createTimeFrom)}`);
  if (q.createTimeTo) parts.push(sql`w.created_at <= ${new Date(q.createTimeTo)}`);
  return sql.join(parts, sql` and `);
}

const EXPORT_COLUMNS: ExportColumn<WithdrawalRow>[] = [
  { header: WithdrawalField.withdrawalNo, value: (r) => r.withdrawalNo, width: 22 },
  { header: WithdrawalField.distributor, value: (r) => r.distributorName, width: 20 },
  { header: WithdrawalField.amount, value: (r) => r.amount, kind: 'money' },
  { header: WithdrawalField.bankName, value: (r) => r.bankName, width: 18 },
  { header: WithdrawalField.bankAccount, value: (r) => r.bankAccount, width: 16 },
  { header: WithdrawalField.accountName, value: (r) => r.accountName },
  { header: WithdrawalField.state, value: (r, lang) => dictLabel(WithdrawalState, r.state, lang) },
  { header: WithdrawalField.requestedBy, value: (r) => r.requestedBy },
  { header: WithdrawalField.reviewedBy, value: (r) => r.reviewedBy },
  { header: WithdrawalField.reviewRemark, value: (r) => r.reviewRemark, width: 20 },
  { header: WithdrawalField.bankReference, value: (r) => r.bankReference, width: 20 },
  { header: WithdrawalField.createTime, value: (r) => r.createTime, kind: 'datetime', width: 20 },
  { header: WithdrawalField.paidAt, value: (r) => r.paidAt, kind: 'datetime', width: 20 },
];
/**
 * docs/product.md §2 /disManage/haul: withdrawals of distributors, requested by them, reviewed and paid by
 * staff — the list, its export and totals (the moves: withdrawal-moves.routes.ts).
 */
export async function withdrawalRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;
  const tags = ['distribution'];

  app.post(
    withdrawalApi.page,
    {
      config: { access: perm('admin:haul:page', { distributor: 'own' }) },
      schema: {
        tags,
        summary: 'Withdrawals of the area (a distributor: its own), newest first; bank accounts masked',
        body: WithdrawalPageSchema,
        response: { 200: envelopeSchema(pageResultSchema(WithdrawalRowSchema)) },
      },
    },
    async (req) => {
      const q = req.body;
      const where = whereOf(scenicScope(req), q, await ownDistributor(db, req));
      const [rows, [count]] = await Promise.all([
        listWithdrawals(db, where, q, (q.page - 1) * q.limit, q.limit),
        queryRows<{ n: number }>(
          db,
          sql`select count(*)::int as n from distributor_withdrawals w where ${where}`,
        ),
      ]);
      return ok(req, { rows, total: Number(count?.n ?? 0) });
    },
  );

  app.post(
    withdrawalApi.export,
    {
      config: { access: perm('admin:haul:page', { distributor: 'own' }) },
      schema: {
        tags,
        summary: 'The withdrawals of the current filter (all pages) as .xlsx',
        body: WithdrawalPageSchema,
      },
    },
    async (req, reply) => {
      const where = whereOf(scenicScope(req), req.body, await ownDistributor(db, req));
      return sendXlsx(req, reply, {
        fileName: WithdrawalText.export,
        columns: EXPORT_COLUMNS,
        fetch: (offset, limit) => listWithdrawals(db, where, req.body, offset, limit),
      });
    },
  );

  app.post(
    withdrawalApi.totals,
    {
      config: { access: perm('admin:haul:page', { distributor: 'own' }) },
      schema: {
        tags,
        summary: 'Count and sum of the filtered withdrawals, the amount still held and the amount paid out',
        body: WithdrawalPageSchema,
        response: { 200: envelopeSchema(WithdrawalTotalsSchema) },
      },
    },
    async (req) => {
      const where = whereOf(scenicScope(req), req.body, await ownDistributor(db, req));
      const [row] = await queryRows<Record<string, unknown>>(
        db,
        sql`select count(*)::int as count, coalesce(sum(w.amount), 0) as amount,
              coalesce(sum(w.amount) filter (where w.state in (${WITHDRAWAL_STATE.requested}, ${WITHDRAWAL_STATE.approved})), 0) as held,
              coalesce(sum(w.amount) filter (where w.state = ${WITHDRAWAL_STATE.paid}), 0) as paid
            from distributor_withdrawals w where ${where}`,
      );
      return ok(req, {
        count: Number(row?.count ?? 0),
        amount: Number(row?.amount ?? 0),
        heldAmount: Number(row?.held ?? 0),
        paidAmount: Number(row?.paid ?? 0),
      });
    },
  );
}
