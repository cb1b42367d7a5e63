import { and, asc, desc, eq, gte, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import {
  LedgerPageSchema,
  LedgerRowSchema,
  LevelHistoryPageSchema,
  LevelHistoryRowSchema,
  LevelOptionSchema,
  userApi,
  type LedgerPage,
  type LedgerRow,
  type LevelHistoryPage,
  type LevelHistoryRow,
} from '../../../shared/api/members.ts';
import { perm, scenicScope } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { registerListResource } from '../../http/list-resource.ts';
import { adminNames, levelNames } from './member-rows.ts';
import { memberLedger, memberLevelHistory, memberLevels } from './members.table.ts';

async function ledgerRows(db: FastifyInstance['ctx']['db'], records: (typeof memberLedger.$inferSelect)[]) {
  const names = await adminNames(
    db,
    records.map((r) => r.adminId),
  );
  return records.map((r): LedgerRow => ({
    id: r.id,
    memberId: r.memberId,
    operation: r.operation,
    change: r.change,
    balanceAfter: r.balanceAfter,
    reference: r.reference,
    remark: r.remark,
    operator: r.adminId == null ? '' : (names.get(r.adminId) ?? ''),
    createTime: r.createdAt.toISOString(),
  }));
}

const ledgerWhere = (scenicId: number, q: LedgerPage) =>
  and(
    eq(memberLedger.scenicId, scenicId),
    eq(memberLedger.memberId, q.memberId),
    q.operation ? eq(memberLedger.operation, q.operation) : undefined,
    q.createTimeFrom ? gte(memberLedger.createdAt, new Date(q.createTimeFrom)) : undefined,
    q.createTimeTo ? lte(memberLedger.createdAt, new Date(q.createTimeTo)) : undefined,
  );

const historyWhere = (scenicId: number, q: LevelHistoryPage) =>
  and(eq(memberLevelHistory.scenicId, scenicId), eq(memberLevelHistory.memberId, q.memberId));

async function historyRows(
  db: FastifyInstance['ctx']['db'],
  records: (typeof memberLevelHistory.$inferSelect)[],
): Promise<LevelHistoryRow[]> {
  const names = await levelNames(
    db,
    records.flatMap((r) => [r.fromLevelId, r.toLevelId]),
  );
  const name = (id: number | null) => (id == null ? '' : (names.get(id) ?? ''));
  return records.map((r) => ({
    id: r.id,
    fromLevel: name(r.fromLevelId),
    toLevel: name(r.toLevelId),
    reason: r.reason,
    createTime: r.createdAt.toISOString(),
  }));
}

/** docs/product.md §2 /user/userDetail: the balance ledger, the level history and the level options. */
export async function memberHistoryRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;
  const tags = ['members'];

  registerListResource(root, {
    tag: 'members',
    api: { page: userApi.balDetail },
    perms: { page: 'admin:user:page' },
    table: memberLedger,
    where: ledgerWhere,
    sort: { createTime: memberLedger.createdAt },
    order: [desc(memberLedger.id)],
    rowSchema: LedgerRowSchema,
    rows: (records, { db: d }) => ledgerRows(d, records),
    page: {
      summary: "A member's balance ledger, newest first (docs/product.md §7 `user/balDetail`)",
      body: LedgerPageSchema,
    },
  });

  registerListResource(root, {
    tag: 'members',
    api: { page: userApi.levelHistory },
    perms: { page: 'admin:user:page' },
    table: memberLevelHistory,
    where: historyWhere,
    sort: { createTime: memberLevelHistory.createdAt },
    order: [desc(memberLevelHistory.id)],
    rowSchema: LevelHistoryRowSchema,
    rows: (records, { db: d }) => historyRows(d, records),
    page: { summary: "A member's level changes, newest first", body: LevelHistoryPageSchema },
  });

  // hand-registered: a read for a form's picker, not a list resource
  app.get(
    userApi.levels,
    {
      config: { access: perm('admin:user:page') },
      schema: {
        tags,
        summary: 'Every level of the acting area (id, name, status), for the filters and the edit form',
        response: { 200: envelopeSchema(z.array(LevelOptionSchema)) },
      },
    },
    async (req) => {
      const rows = await db
        .select({ id: memberLevels.id, name: memberLevels.name, status: memberLevels.status })
        .from(memberLevels)
        .where(eq(memberLevels.scenicId, scenicScope(req)))
        .orderBy(asc(memberLevels.basis), asc(memberLevels.threshold), asc(memberLevels.id));
      return ok(req, rows);
    },
  );
}
