import { and, desc, eq, gte, ilike, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ApplicationApproveSchema,
  ApplicationPageSchema,
  ApplicationRejectSchema,
  DistributorApplySchema,
  distributorApplyApi,
  DistributorRowSchema,
  type ApplicationPage,
} from '../../../shared/api/distribution.ts';
import { DISTRIBUTOR_STATE } from '../../../shared/dict/distribution.ts';
import { perm, requireAuth, scenicScope } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { registerListResource } from '../../http/list-resource.ts';
import { likeContains } from '../../http/paging.ts';
import { writeAudit } from '../audit/index.ts';
import { hashPassword } from '../auth/index.ts';
import { distributorRows } from './distribution-rows.ts';
import { approveApplication, moveDistributor } from './distribution.service.ts';
import { distributors } from './distribution.table.ts';
import { createDistributor } from './ledger.service.ts';
import { decryptPassword, idSchema, okSchema } from './distribution-http.ts';

const d = distributors;

/** Applications: those waiting (4) and those already reviewed, whatever their state since. */
const applicationWhere = (scenicId: number, q: ApplicationPage) =>
  and(
    eq(d.scenicId, scenicId),
    or(eq(d.state, DISTRIBUTOR_STATE.underReview), isNotNull(d.reviewedAt)),
    q.company ? ilike(d.company, likeContains(q.company)) : undefined,
    q.phone ? ilike(d.phone, likeContains(q.phone)) : undefined,
    q.state ? eq(d.state, q.state) : undefined,
    q.createTimeFrom ? gte(d.createdAt, new Date(q.createTimeFrom)) : undefined,
    q.createTimeTo ? lte(d.createdAt, new Date(q.createTimeTo)) : undefined,
  );

/** docs/product.md §2 /disManage/information: applications of new distributors and their review. */
export async function applicationRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;
  const tags = ['distribution'];

  registerListResource(root, {
    tag: 'distribution',
    api: { page: distributorApplyApi.page },
    perms: { page: 'admin:disApply:page' },
    table: d,
    where: applicationWhere,
    sort: { createTime: d.createdAt },
    order: [sql`${d.state} = ${DISTRIBUTOR_STATE.underReview} desc`, desc(d.createdAt), desc(d.id)],
    rowSchema: DistributorRowSchema,
    rows: (records, { db: x }) => distributorRows(x, records),
    page: {
      summary: 'Applications of new distributors: those under review first, then those reviewed',
      body: ApplicationPageSchema,
    },
  });

  app.post(
    distributorApplyApi.apply,
    {
      config: { access: perm('admin:disApply:review') },
      schema: {
        tags,
        summary: 'Record an application (a distributor under review, no login account yet)',
        body: DistributorApplySchema,
        response: { 200: idSchema },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const id = await db.transaction(async (tx) => {
        const created = await createDistributor(tx, {
          scenicId,
          ...req.body,
          state: DISTRIBUTOR_STATE.underReview,
        });
        await writeAudit(tx, req, {
          module: 'distribution',
          action: 'apply',
          targetType: 'distributor',
          targetId: created.id,
          after: req.body,
        });
        return created.id;
      });
      return ok(req, { id });
    },
  );

  app.post(
    distributorApplyApi.approve,
    {
      config: { access: perm('admin:disApply:review') },
      schema: {
        tags,
        summary:
          'Approve an application (4 → 1), creating its login account when it has none (username and encrypted password then required); the reviewer is recorded',
        body: ApplicationApproveSchema,
        response: { 200: okSchema },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const auth = requireAuth(req);
      const { id, username, password, reviewRemark } = req.body;
      const passwordHash = password ? await hashPassword(decryptPassword(req, password)) : undefined;
      await db.transaction(async (tx) => {
        await approveApplication(tx, {
          scenicId,
          distributorId: id,
          username,
          passwordHash,
          reviewer: auth.adminId,
          remark: reviewRemark,
        });
        await writeAudit(tx, req, {
          module: 'distribution',
          action: 'approve',
          targetType: 'distributor',
          targetId: id,
          before: { state: DISTRIBUTOR_STATE.underReview },
          after: { state: DISTRIBUTOR_STATE.normal, reviewRemark },
        });
      });
      return ok(req, null);
    },
  );

  app.post(
    distributorApplyApi.reject,
    {
      config: { access: perm('admin:disApply:review') },
      schema: {
        tags,
        summary: 'Reject an application (4 → 3) with the reason; the reviewer is recorded',
        body: ApplicationRejectSchema,
        response: { 200: okSchema },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const auth = requireAuth(req);
      const { id, reviewRemark } = req.body;
      await db.transaction(async (tx) => {
        await moveDistributor(tx, {
          scenicId,
          distributorId: id,
          move: 'reject',
          review: { adminId: auth.adminId, remark: reviewRemark },
        });
        await writeAudit(tx, req, {
          module: 'distribution',
          action: 'reject',
          targetType: 'distributor',
          targetId: id,
          before: { state: DISTRIBUTOR_STATE.underReview },
          after: { state: DISTRIBUTOR_STATE.notEnabled, reviewRemark },
        });
      });
      return ok(req, null);
    },
  );
}
