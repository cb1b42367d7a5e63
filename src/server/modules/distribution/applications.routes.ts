import { and, desc, eq, gte, ilike, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
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
import { perm } from '../../http/access.ts';
import { audited, registerAction } from '../../http/action.ts';
import { registerListResource } from '../../http/list-resource.ts';
import { likeContains } from '../../http/paging.ts';
import { writeAudit } from '../audit/index.ts';
import { hashPassword } from '../auth/index.ts';
import { distributorRows } from './distribution-rows.ts';
import { approveApplication, moveDistributor } from './distribution.service.ts';
import { distributors } from './distribution.table.ts';
import { createDistributor } from './ledger.service.ts';
import { decryptPassword } from './distribution-http.ts';

const d = distributors;
const review = perm('admin:disApply:review');
const IdAnswerSchema = z.object({ id: z.number().int() });
/** The applications' audit rows (the writes below). */
const audit = { write: writeAudit, module: 'distribution', targetType: 'distributor' } as const;

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

  registerAction(root, {
    url: distributorApplyApi.apply,
    access: review,
    tag: 'distribution',
    summary: 'Record an application (a distributor under review, no login account yet)',
    body: DistributorApplySchema,
    response: IdAnswerSchema,
    audit: { ...audit, action: 'apply' },
    run: async (tx, { scenicId, adminId: _, ...body }) => {
      const created = await createDistributor(tx, {
        scenicId,
        ...body,
        state: DISTRIBUTOR_STATE.underReview,
      });
      return audited({ id: created.id }, { targetId: created.id, after: body });
    },
  });

  registerAction(root, {
    url: distributorApplyApi.approve,
    access: review,
    tag: 'distribution',
    summary:
      'Approve an application (4 → 1), creating its login account when it has none (username and encrypted password then required); the reviewer is recorded',
    body: ApplicationApproveSchema,
    response: z.null(),
    audit: { ...audit, action: 'approve' },
    run: async (tx, { scenicId, adminId, id, username, password, reviewRemark }, req) => {
      const passwordHash = password ? await hashPassword(decryptPassword(req, password)) : undefined;
      await approveApplication(tx, {
        scenicId,
        distributorId: id,
        username,
        passwordHash,
        reviewer: adminId,
        remark: reviewRemark,
      });
      return audited(null, {
        targetId: id,
        before: { state: DISTRIBUTOR_STATE.underReview },
        after: { state: DISTRIBUTOR_STATE.normal, reviewRemark },
      });
    },
  });

  registerAction(root, {
    url: distributorApplyApi.reject,
    access: review,
    tag: 'distribution',
    summary: 'Reject an application (4 → 3) with the reason; the reviewer is recorded',
    body: ApplicationRejectSchema,
    response: z.null(),
    audit: { ...audit, action: 'reject' },
    run: async (tx, { scenicId, adminId, id, reviewRemark }) => {
      await moveDistributor(tx, {
        scenicId,
        distributorId: id,
        move: 'reject',
        review: { adminId, remark: reviewRemark },
      });
      return audited(null, {
        targetId: id,
        before: { state: DISTRIBUTOR_STATE.underReview },
        after: { state: DISTRIBUTOR_STATE.notEnabled, reviewRemark },
      });
    },
  });
}
