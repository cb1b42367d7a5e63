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
import { ownerScope, perm, requireAuth, scenicScope } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { countPendingRefundRequests, markRefundDone, staffRefund } from './refunds.service.ts';

/**
 * Staff refunds of an order (T20) and hand-confirmed online refunds, docs/product.md §7 countRefundApply (the
 * channels' refund API: refund-channels.routes.ts; the refund applications' screens: refund-applies.routes.ts).
 */
export async function refundRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  // hand-registered: not yet an action (issue 29), a staff write still to convert
  app.post(
    orderApi.staffRefund,
    {
      config: { access: perm('admin:order:refund') },
      schema: {
        tags: ['order'],
        summary: 'Refund tickets of an order without a request (T20), full price, with a reason',
        body: StaffRefundSchema,
        response: {
          200: envelopeSchema(
            z.object({ refundIds: z.array(z.number().int()), refunded: z.array(z.number().int()) }),
          ),
        },
      },
    },
    async (req) => {
      const result = await staffRefund(
        db,
        {
          scenicId: scenicScope(req),
          orderId: req.body.orderId,
          ticketIds: req.body.ticketIds,
          reason: req.body.reason,
          adminId: requireAuth(req).adminId,
        },
        req,
      );
      return ok(req, { refundIds: result.refunds.map((r) => r.id), refunded: result.refunded });
    },
  );

  // hand-registered: not yet an action (issue 29), a staff write still to convert
  app.post(
    refundApi.markDone,
    {
      config: { access: perm('admin:order:refund') },
      schema: {
        tags: ['order'],
        summary: 'An online refund confirmed by hand (T21), or marked failed (T22, no status change)',
        body: RefundMarkDoneSchema,
        response: { 200: envelopeSchema(z.object({ refunded: z.array(z.number().int()) })) },
      },
    },
    async (req) => {
      const result = await markRefundDone(
        db,
        {
          scenicId: scenicScope(req),
          refundId: req.body.refundId,
          providerRefundId: req.body.providerRefundId,
          failed: req.body.failed,
        },
        req,
      );
      return ok(req, { refunded: result.refunded });
    },
  );

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
