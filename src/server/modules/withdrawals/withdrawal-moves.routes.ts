import type { FastifyInstance } from 'fastify';
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
import { perm } from '../../http/access.ts';
import { audited, registerAction } from '../../http/action.ts';
import { AppError, FieldError } from '../../http/errors.ts';
import { writeAudit } from '../audit/index.ts';
import { ownDistributor, withdrawalRow } from './withdrawals-http.ts';
import { moveWithdrawal, requestWithdrawal } from './withdrawals.service.ts';

/** The withdrawals' audit rows (the writes below). */
const audit = { write: writeAudit, module: 'distribution', targetType: 'withdrawal' } as const;

/** docs/product.md §2 /disManage/haul: a withdrawal requested, approved, rejected, paid or cancelled. */
export async function withdrawalMoveRoutes(root: FastifyInstance) {
  registerAction(root, {
    url: withdrawalApi.apply,
    access: perm('admin:haul:apply', { distributor: 'own' }),
    tag: 'distribution',
    summary:
      'Requests a withdrawal of the balance: the amount is held at once (409 when the balance is short)',
    description: 'A distributor withdraws its own balance; staff name the distributor (distributorId).',
    body: WithdrawalApplySchema,
    response: WithdrawalRowSchema,
    audit: { ...audit, action: 'withdrawal.apply' },
    run: async (tx, { scenicId, adminId, ...body }, req) => {
      const own = await ownDistributor(tx, req);
      if (own === 0) throw new AppError(404, 'distributorNotFound');
      const distributorId = own ?? body.distributorId;
      if (!distributorId) throw new FieldError('distributorId', ValidationMessage.required);
      const created = await requestWithdrawal(tx, { ...body, scenicId, distributorId, requestedBy: adminId });
      return audited(await withdrawalRow(tx, created.id), {
        targetId: created.id,
        after: { withdrawalNo: created.withdrawalNo, distributorId, amount: created.amount },
      });
    },
  });

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
      audit: { ...audit, action: `withdrawal.${move}` },
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
