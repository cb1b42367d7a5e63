import { sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema, pageResultSchema } from '../../../shared/api/common.ts';
import {
  withdrawalApi,
  WithdrawalApplySchema,
  WithdrawalPageSchema,
  WithdrawalPaySchema,
  WithdrawalRejectSchema,
  WithdrawalReviewSchema,
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
  withdrawalSpecCodes,
  type WithdrawalStateCode,
} from '../../../shared/dict/withdrawals.ts';
import type { WithdrawalMove } from '../../../shared/domain/withdrawal-transitions.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { ownerScope, perm, requireAuth, scenicScope } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { AppError, FieldError } from '../../http/errors.ts';
import { sendXlsx, type ExportColumn } from '../../http/export.ts';
import { writeAudit } from '../audit/index.ts';
import { distributorOfAccount } from '../distribution/index.ts';
import { ValidationMessage } from '../../../shared/api/validation-messages.ts';
import { moveWithdrawal, requestWithdrawal } from './withdrawals.service.ts';

/**
 * The distributor a distributor's account acts for (null: staff, every distributor of the area;
 * 0: a distributor account without a distributor, which sees nothing).
 */
export async function ownDistributor(db: Db, req: FastifyRequest): Promise<number | null> {
  const owner = ownerScope(req);
  if (owner == null) return null;
  const d = await distributorOfAccount(db, scenicScope(req), owner);
  return d?.id ?? 0;
}

const mask = (account: string) => (account.length > 4 ? `****${account.slice(-4)}` : '****');

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

const SORT: Record<NonNullable<WithdrawalPage['sort']>, SQL> = {
  createTime: sql`w.created_at`,
  amount: sql`w.amount`,
};

async function listWithdrawals(
  db: Db,
  where: SQL,
  q: Pick<WithdrawalPage, 'sort' | 'order'>,
  offset: number,
  limit: number,
): Promise<WithdrawalRow[]> {
  const dir = q.order === 'asc' ? sql`asc` : sql`desc`;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select w.*, d.company, ra.username as requested_name, rv.username as reviewed_name
        from distributor_withdrawals w
        join distributors d on d.id = w.distributor_id
        left join admins ra on ra.id = w.requested_by
        left join admins rv on rv.id = w.reviewed_by
        where ${where}
        order by ${SORT[q.sort ?? 'createTime']} ${dir}, w.id ${dir}
        limit ${limit} offset ${offset}`,
  );
  const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());
  return rows.map((r) => {
    const state = Number(r.state) as WithdrawalStateCode;
    const spec = withdrawalSpecCodes(state);
    return {
      id: Number(r.id),
      withdrawalNo: String(r.withdrawal_no),
      distributorId: Number(r.distributor_id),
      distributorName: String(r.company),
      amount: Number(r.amount),
      bankName: String(r.bank_name),
      bankAccount: mask(String(r.bank_account)),
      accountName: String(r.account_name),
      state,
      review: spec.review,
      bankState: spec.bank,
      requestedBy: String(r.requested_name ?? ''),
      reviewedBy: r.reviewed_name == null ? null : String(r.reviewed_name),
      reviewRemark: String(r.review_remark ?? ''),
      bankReference: r.bank_reference == null ? null : String(r.bank_reference),
      remark: String(r.remark ?? ''),
      createTime: iso(r.created_at)!,
      reviewedAt: iso(r.reviewed_at),
      paidAt: iso(r.paid_at),
    };
  });
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

/** docs/product.md §2 /disManage/haul: withdrawals of distributors, requested by them, reviewed and paid by staff. */
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

  app.post(
    withdrawalApi.apply,
    {
      config: { access: perm('admin:haul:apply', { distributor: 'own' }) },
      schema: {
        tags,
        summary:
          'Requests a withdrawal of the balance: the amount is held at once (409 when the balance is short)',
        description: 'A distributor withdraws its own balance; staff name the distributor (distributorId).',
        body: WithdrawalApplySchema,
        response: { 200: envelopeSchema(WithdrawalRowSchema) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const own = await ownDistributor(db, req);
      if (own === 0) throw new AppError(404, 'distributorNotFound');
      const distributorId = own ?? req.body.distributorId;
      if (!distributorId) throw new FieldError('distributorId', ValidationMessage.required);
      const { adminId } = requireAuth(req);
      const created = await requestWithdrawal(db, {
        ...req.body,
        scenicId,
        distributorId,
        requestedBy: adminId,
      });
      await writeAudit(db, req, {
        module: 'distribution',
        action: 'withdrawal.apply',
        targetType: 'withdrawal',
        targetId: created.id,
        after: { withdrawalNo: created.withdrawalNo, distributorId, amount: created.amount },
      });
      const [row] = await listWithdrawals(db, sql`w.id = ${created.id}`, { order: 'desc' }, 0, 1);
      return ok(req, row!);
    },
  );

  const moveRoute = (
    url: string,
    move: WithdrawalMove,
    permission: 'admin:haul:apply' | 'admin:haul:review' | 'admin:haul:pay',
    body: typeof WithdrawalReviewSchema | typeof WithdrawalRejectSchema | typeof WithdrawalPaySchema,
    summary: string,
  ) =>
    app.post(
      url,
      {
        config: {
          access: move === 'cancel' ? perm(permission, { distributor: 'own' }) : perm(permission),
        },
        schema: { tags, summary, body, response: { 200: envelopeSchema(WithdrawalRowSchema) } },
      },
      async (req) => {
        const input = req.body as { id: number; remark?: string; bankReference?: string };
        const { adminId } = requireAuth(req);
        const moved = await moveWithdrawal(db, {
          scenicId: scenicScope(req),
          id: input.id,
          move,
          actorId: adminId,
          distributorId: await ownDistributor(db, req),
          remark: input.remark,
          bankReference: input.bankReference,
        });
        await writeAudit(db, req, {
          module: 'distribution',
          action: `withdrawal.${move}`,
          targetType: 'withdrawal',
          targetId: moved.id,
          after: { state: moved.state, remark: input.remark, bankReference: input.bankReference },
        });
        const [row] = await listWithdrawals(db, sql`w.id = ${moved.id}`, { order: 'desc' }, 0, 1);
        return ok(req, row!);
      },
    );

  moveRoute(
    withdrawalApi.approve,
    'approve',
    'admin:haul:review',
    WithdrawalReviewSchema,
    'Agrees to a requested withdrawal (not by the account that requested it); the money stays held',
  );
  moveRoute(
    withdrawalApi.reject,
    'reject',
    'admin:haul:review',
    WithdrawalRejectSchema,
    'Rejects a requested or approved withdrawal with a reason; the held money returns to the balance',
  );
  moveRoute(
    withdrawalApi.pay,
    'pay',
    'admin:haul:pay',
    WithdrawalPaySchema,
    'Records the bank transfer of an approved withdrawal (its reference); the held money is paid out. Not by the requester, nor by the approver while the area requires two people for money out (setting twoPersonPayout, on by default): 409',
  );
  moveRoute(
    withdrawalApi.cancel,
    'cancel',
    'admin:haul:apply',
    WithdrawalReviewSchema,
    'Withdraws a request not yet reviewed (a distributor: its own); the held money returns to the balance',
  );
}
