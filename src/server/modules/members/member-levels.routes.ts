import { and, asc, count, eq, ilike, inArray, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  memberLevelApi,
  MemberLevelCreateSchema,
  MemberLevelPageSchema,
  MemberLevelRowSchema,
  MemberLevelUpdateSchema,
  type MemberLevelPage,
  type MemberLevelRow,
} from '../../../shared/api/members.ts';
import type { Db } from '../../db/client.ts';
import type { Resource } from '../../http/crud.ts';
import { AppError } from '../../http/errors.ts';
import { registerListResource } from '../../http/list-resource.ts';
import { likeContains } from '../../http/paging.ts';
import { writeAudit } from '../audit/index.ts';
import { memberLevels, members, type MemberLevel } from './members.table.ts';

const resource: Resource<typeof memberLevels> = {
  table: memberLevels,
  id: memberLevels.id,
  scenic: memberLevels.scenicId,
  module: 'members',
  targetType: 'memberLevel',
  audit: writeAudit,
};

async function levelRows(db: Db, records: MemberLevel[]): Promise<MemberLevelRow[]> {
  const ids = records.map((r) => r.id);
  const counts = ids.length
    ? await db
        .select({ levelId: members.levelId, n: count() })
        .from(members)
        .where(inArray(members.levelId, ids))
        .groupBy(members.levelId)
    : [];
  const held = new Map(counts.map((c) => [c.levelId, c.n]));
  return records.map((l) => ({
    id: l.id,
    name: l.name,
    basis: l.basis,
    threshold: l.threshold,
    discount: l.discount,
    benefits: l.benefits,
    badge: l.badge,
    status: l.status,
    members: held.get(l.id) ?? 0,
    createTime: l.createdAt.toISOString(),
    updateTime: l.updatedAt.toISOString(),
  }));
}

const levelWhere = (scenicId: number, q: MemberLevelPage) =>
  and(
    eq(memberLevels.scenicId, scenicId),
    q.name ? ilike(memberLevels.name, likeContains(q.name)) : undefined,
    q.basis ? eq(memberLevels.basis, q.basis) : undefined,
    q.status ? eq(memberLevels.status, q.status) : undefined,
  );

/** One level per basis and threshold in an area: the threshold decides the rank (levels.service.ts). */
async function checkThresholdFree(
  db: Db,
  scenicId: number,
  level: { basis: number; threshold: number },
  exceptId?: number,
) {
  const [taken] = await db
    .select({ id: memberLevels.id })
    .from(memberLevels)
    .where(
      and(
        eq(memberLevels.scenicId, scenicId),
        eq(memberLevels.basis, level.basis),
        eq(memberLevels.threshold, level.threshold),
        exceptId ? ne(memberLevels.id, exceptId) : undefined,
      ),
    );
  if (taken) throw new AppError(409, 'memberLevelThresholdTaken', { data: { field: 'threshold' } });
}

/** docs/product.md §2 /user/memberRank and /user/memberRankDetail: the levels of the acting area. */
export async function memberLevelRoutes(app: FastifyInstance) {
  registerListResource(app, {
    tag: 'members',
    api: memberLevelApi,
    perms: {
      page: 'admin:memberRank:page',
      create: 'admin:memberRank:edit',
      update: 'admin:memberRank:edit',
      delete: 'admin:memberRank:edit',
    },
    table: memberLevels,
    resource,
    where: levelWhere,
    sort: {
      threshold: memberLevels.threshold,
      discount: memberLevels.discount,
      createTime: memberLevels.createdAt,
    },
    order: [asc(memberLevels.basis), asc(memberLevels.threshold), asc(memberLevels.id)],
    rowSchema: MemberLevelRowSchema,
    rows: (records, { db }) => levelRows(db, records),
    page: {
      summary: 'Member levels of the acting area, by basis and threshold',
      body: MemberLevelPageSchema,
    },
    query: { summary: 'One level of the acting area, with the number of members holding it' },
    create: {
      summary:
        'Create a level; one level per basis and threshold (409). Members move up to it as they spend, never down automatically',
      body: MemberLevelCreateSchema,
      values: async (body, { scope: scenicId, db }) => {
        await checkThresholdFree(db, scenicId, body);
        return { ...body, scenicId };
      },
    },
    update: {
      summary: 'Edit a level; only the fields sent change. Members keep their level until they spend again',
      body: MemberLevelUpdateSchema,
      guard: async (before, body, { tx }) => {
        if (body.basis === undefined && body.threshold === undefined) return;
        await checkThresholdFree(
          tx,
          before.scenicId,
          { basis: body.basis ?? before.basis, threshold: body.threshold ?? before.threshold },
          before.id,
        );
      },
    },
    delete: {
      summary: 'Delete a level no member holds (409 while members hold it: disable it instead)',
      guard: async (level, tx) => {
        const [held] = await tx.select({ n: count() }).from(members).where(eq(members.levelId, level.id));
        if (held && held.n > 0)
          throw new AppError(409, 'memberLevelInUse', { params: { name: level.name, count: held.n } });
      },
    },
  });
}
