import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import { ValidationMessage } from '../../../shared/api/validation-messages.ts';
import {
  withdrawalApi,
  WithdrawalApplySchema,
  WithdrawalPaySchema,
  WithdrawalRejectSchema,
  WithdrawalReviewSchema,
  WithdrawalRowSchema,
} from '../../../shared/api/withdrawals.ts';
import type { WithdrawalMove } from '../../../shared/domain/withdrawal-transitions.ts';
import { perm, requireAuth, scenicScope } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { AppError, FieldError } from '../../http/errors.ts';
import { writeAudit } from '../audit/index.ts';
import { ownDistributor, withdrawalRow } from './withdrawals-http.ts';
import { moveWithdrawal, requestWithdrawal } from './withdrawals.service.ts';

/** docs/product.md §2 /disManage/haul: a withdrawal requested, approved, rejected, paid or cancelled. */
export async function withdrawalMoveRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;
  const tags = ['distribution'];

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
      return ok(req, await withdrawalRow(db, created.id));
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
        return ok(req, await withdrawalRow(db, moved.id));
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
