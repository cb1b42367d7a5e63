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
import { registerAction } from '../../http/action.ts';
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

  // hand-registered: not yet an action (issue 29), a staff write still to convert
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

  // a move of the withdrawal machine (shared/domain/withdrawal-transitions.ts, compare-and-set in
  // moveWithdrawal) as an action: the move, its money and its audit row in one transaction
  const moveRoute = (
    url: string,
    move: WithdrawalMove,
    permission: 'admin:haul:apply' | 'admin:haul:review' | 'admin:haul:pay',
    body: typeof WithdrawalReviewSchema | typeof WithdrawalRejectSchema | typeof WithdrawalPaySchema,
    summary: string,
  ) =>
    registerAction(root, {
      url,
      access: move === 'cancel' ? perm(permission, { distributor: 'own' }) : perm(permission),
      tag: 'distribution',
      summary,
      body,
      response: WithdrawalRowSchema,
      audit: {
        write: writeAudit,
        module: 'distribution',
        action: `withdrawal.${move}`,
        targetType: 'withdrawal',
      },
      run: async (tx, input, req) => {
        const { remark, bankReference } = input as { remark?: string; bankReference?: string };
        const moved = await moveWithdrawal(tx, {
          scenicId: input.scenicId,
          id: input.id,
          move,
          actorId: input.adminId,
          distributorId: await ownDistributor(tx, req),
          remark,
          bankReference,
        });
        return withdrawalRow(tx, moved.id);
      },
      snapshot: (input, row) => ({
        after: {
          state: row.state,
          remark: (input as { remark?: string }).remark,
          bankReference: (input as { bankReference?: string }).bankReference,
        },
      }),
    });

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
