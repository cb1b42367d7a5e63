import { desc, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import {
  distributorTopUpApi,
  TopUpCreateSchema,
  TopUpPageSchema,
  TopUpReviewSchema,
  TopUpRowSchema,
} from '../../../shared/api/distribution.ts';
import { DistributionText } from '../../../shared/dict/distribution.ts';
import { queryRows } from '../../db/rows.ts';
import { perm, requireAuth } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { registerListResource } from '../../http/list-resource.ts';
import { writeAudit } from '../audit/index.ts';
import { distributorScope } from './distribution-rows.ts';
import { recordTopUp, reviewTopUp } from './distribution.service.ts';
import { distributorTopUps as T } from './distribution.table.ts';
import { TOP_UP_EXPORT, topUpRows, topUpWhere } from './money-rows.ts';

/** docs/product.md §2 /disManage/recharge: top-ups by bank transfer, recorded then reviewed. */
export async function topUpRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;
  const tags = ['distribution'];

  registerListResource(root, {
    tag: 'distribution',
    api: { page: distributorTopUpApi.page, export: distributorTopUpApi.export },
    perms: { page: 'admin:disRecharge:page' },
    distributor: 'own',
    scope: distributorScope,
    table: T,
    where: topUpWhere,
    sort: { createTime: T.createdAt, amount: T.amount },
    order: [desc(T.createdAt), desc(T.id)],
    rowSchema: TopUpRowSchema,
    rows: (records, { db: x }) => topUpRows(x, records),
    page: { summary: 'Top-ups by bank transfer (a distributor: its own)', body: TopUpPageSchema },
    export: {
      summary: 'The top-ups of the current filter (all pages) as .xlsx',
      fileName: DistributionText.topUpsExport,
      columns: TOP_UP_EXPORT,
    },
  });

  // hand-registered: not yet an action (issue 29), a staff write still to convert
  app.post(
    distributorTopUpApi.create,
    {
      config: { access: perm('admin:disRecharge:create', { distributor: 'own' }) },
      schema: {
        tags,
        summary:
          'Record a bank transfer as a pending top-up: a distributor records its own; staff name the distributor',
        body: TopUpCreateSchema,
        response: { 200: envelopeSchema(z.object({ id: z.number().int(), topUpNo: z.string() })) },
      },
    },
    async (req) => {
      const scope = distributorScope(req);
      const auth = requireAuth(req);
      let distributorId = req.body.distributorId;
      if (scope.owner != null) {
        const [own] = await queryRows<{ id: number }>(
          db,
          sql`select id from distributors where admin_id = ${scope.owner} and scenic_id = ${scope.scenicId}`,
        );
        if (!own) throw new AppError(404, 'distributorNotFound');
        // a distributor records its own transfers only, whatever id it sends
        distributorId = Number(own.id);
      }
      if (!distributorId)
        throw new AppError(400, 'distributorTopUpNeedsDistributor', { data: { field: 'distributorId' } });
      const { distributorId: _, ...body } = req.body;
      const created = await db.transaction(async (tx) => {
        const result = await recordTopUp(tx, {
          ...body,
          scenicId: scope.scenicId,
          distributorId,
          adminId: auth.adminId,
        });
        await writeAudit(tx, req, {
          module: 'distribution',
          action: 'create',
          targetType: 'distributorTopUp',
          targetId: result.id,
          after: { ...body, distributorId, topUpNo: result.topUpNo },
        });
        return result;
      });
      return ok(req, created);
    },
  );

  for (const move of ['confirm', 'reject'] as const)
    // hand-registered: not yet an action (issue 29), a staff write still to convert
    app.post(
      distributorTopUpApi[move],
      {
        config: { access: perm('admin:disRecharge:review') },
        schema: {
          tags,
          summary:
            move === 'confirm'
              ? 'Confirm a pending top-up (compare-and-set): the balance is credited once, with its ledger row'
              : 'Reject a pending top-up (compare-and-set); nothing is credited',
          body: TopUpReviewSchema,
          response: { 200: envelopeSchema(z.null()) },
        },
      },
      async (req) => {
        const scope = distributorScope(req);
        const auth = requireAuth(req);
        await db.transaction(async (tx) => {
          const done = await reviewTopUp(tx, {
            scenicId: scope.scenicId,
            id: req.body.id,
            move,
            reviewer: auth.adminId,
            remark: req.body.reviewRemark,
          });
          await writeAudit(tx, req, {
            module: 'distribution',
            action: move,
            targetType: 'distributorTopUp',
            targetId: req.body.id,
            after: { ...done, reviewRemark: req.body.reviewRemark },
          });
        });
        return ok(req, null);
      },
    );
}
