import { desc, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  distributorTopUpApi,
  TopUpCreateSchema,
  TopUpPageSchema,
  TopUpReviewSchema,
  TopUpRowSchema,
} from '../../../shared/api/distribution.ts';
import { DistributionText } from '../../../shared/dict/distribution.ts';
import { queryRows } from '../../db/rows.ts';
import { perm } from '../../http/access.ts';
import { audited, registerAction } from '../../http/action.ts';
import { AppError } from '../../http/errors.ts';
import { registerListResource } from '../../http/list-resource.ts';
import { writeAudit } from '../audit/index.ts';
import { distributorScope } from './distribution-rows.ts';
import { recordTopUp, reviewTopUp } from './distribution.service.ts';
import { distributorTopUps as T } from './distribution.table.ts';
import { TOP_UP_EXPORT, topUpRows, topUpWhere } from './money-rows.ts';

/** The top-ups' audit rows (the writes below). */
const audit = { write: writeAudit, module: 'distribution', targetType: 'distributorTopUp' } as const;

/** docs/product.md §2 /disManage/recharge: top-ups by bank transfer, recorded then reviewed. */
export async function topUpRoutes(root: FastifyInstance) {
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

  registerAction(root, {
    url: distributorTopUpApi.create,
    access: perm('admin:disRecharge:create', { distributor: 'own' }),
    tag: 'distribution',
    summary:
      'Record a bank transfer as a pending top-up: a distributor records its own; staff name the distributor',
    body: TopUpCreateSchema,
    response: z.object({ id: z.number().int(), topUpNo: z.string() }),
    audit: { ...audit, action: 'create' },
    run: async (tx, { scenicId, adminId, distributorId: named, ...body }, req) => {
      const scope = distributorScope(req);
      let distributorId = named;
      if (scope.owner != null) {
        const [own] = await queryRows<{ id: number }>(
          tx,
          sql`select id from distributors where admin_id = ${scope.owner} and scenic_id = ${scenicId}`,
        );
        if (!own) throw new AppError(404, 'distributorNotFound');
        // a distributor records its own transfers only, whatever id it sends
        distributorId = Number(own.id);
      }
      if (!distributorId)
        throw new AppError(400, 'distributorTopUpNeedsDistributor', { data: { field: 'distributorId' } });
      const created = await recordTopUp(tx, { ...body, scenicId, distributorId, adminId });
      return audited(created, {
        targetId: created.id,
        after: { ...body, distributorId, topUpNo: created.topUpNo },
      });
    },
  });

  // a review of a pending top-up, by compare-and-set in reviewTopUp
  const reviewRoute = (move: 'confirm' | 'reject', summary: string) =>
    registerAction(root, {
      url: distributorTopUpApi[move],
      access: perm('admin:disRecharge:review'),
      tag: 'distribution',
      summary,
      body: TopUpReviewSchema,
      response: z.null(),
      audit: { ...audit, action: move },
      run: async (tx, { scenicId, adminId, id, reviewRemark }) => {
        const done = await reviewTopUp(tx, { scenicId, id, move, reviewer: adminId, remark: reviewRemark });
        return audited(null, { targetId: id, after: { ...done, reviewRemark } });
      },
    });

  reviewRoute(
    'confirm',
    'Confirm a pending top-up (compare-and-set): the balance is credited once, with its ledger row',
  );
  reviewRoute('reject', 'Reject a pending top-up (compare-and-set); nothing is credited');
}
