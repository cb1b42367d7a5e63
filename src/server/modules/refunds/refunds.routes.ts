import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import { orderApi } from '../../../shared/api/orders.ts';
import {
  RefundMarkDoneSchema,
  StaffRefundSchema,
  refundApi,
  refundCountApi,
} from '../../../shared/api/refunds.ts';
import { hasPermission } from '../../../shared/perms.ts';
import { ownerScope, perm, requireAuth } from '../../http/access.ts';
import { auditedInRun, registerAction } from '../../http/action.ts';
import { ok } from '../../http/envelope.ts';
import { writeAudit } from '../audit/index.ts';
import { countPendingRefundRequests, markRefundDone, staffRefund } from './refunds.service.ts';

/**
 * The staff refunds' audit rows: the refunds service writes each itself, in the action's transaction
 * (module orders, the acting area, as for its other callers), so the runs answer without one.
 */
const serviceAudit = { write: writeAudit, module: 'orders' } as const;

/**
 * Staff refunds of an order (T20) and hand-confirmed online refunds, docs/product.md §7 countRefundApply (the
 * channels' refund API: refund-channels.routes.ts; the refund applications' screens: refund-applies.routes.ts).
 */
export async function refundRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  registerAction(root, {
    url: orderApi.staffRefund,
    access: perm('admin:order:refund'),
    tag: 'order',
    summary: 'Refund tickets of an order without a request (T20), full price, with a reason',
    body: StaffRefundSchema,
    response: z.object({ refundIds: z.array(z.number().int()), refunded: z.array(z.number().int()) }),
    audit: { ...serviceAudit, action: 'staffRefund', targetType: 'ticketOrder' },
    run: async (tx, { scenicId, adminId, orderId, ticketIds, reason }, req) => {
      const result = await staffRefund(tx, { scenicId, orderId, ticketIds, reason, adminId }, req);
      const answer = { refundIds: result.refunds.map((r) => r.id), refunded: result.refunded };
      return auditedInRun(answer);
    },
  });

  registerAction(root, {
    url: refundApi.markDone,
    access: perm('admin:order:refund'),
    tag: 'order',
    summary: 'An online refund confirmed by hand (T21), or marked failed (T22, no status change)',
    body: RefundMarkDoneSchema,
    response: z.object({ refunded: z.array(z.number().int()) }),
    // refundFailed when `failed`
    audit: { ...serviceAudit, action: 'refundDone', targetType: 'refund' },
    run: async (tx, { scenicId, refundId, providerRefundId, failed }, req) => {
      const result = await markRefundDone(tx, { scenicId, refundId, providerRefundId, failed }, req);
      return auditedInRun({ refunded: result.refunded });
    },
  });

  // hand-registered: a read that is not a list resource
  app.get(
    refundCountApi.countRefundApply,
    {
      // the navbar of every account asks; a distributor reviews no refunds, so it gets 0
      config: { access: { kind: 'login', distributor: 'own' } },
      schema: {
        tags: ['order'],
        summary:
          'docs/product.md §7: open refund applications of the acting area (0 without admin:refundApply:page, 0 for distributors)',
        response: { 200: envelopeSchema(z.number().int()) },
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      if (
        auth.scenicId == null ||
        ownerScope(req) != null ||
        !hasPermission(auth.permissions, 'admin:refundApply:page')
      )
        return ok(req, 0);
      return ok(req, await countPendingRefundRequests(db, auth.scenicId));
    },
  );
}
