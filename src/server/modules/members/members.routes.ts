import { and, asc, count, desc, eq, gte, ilike, lte, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import {
  BalanceMoveResultSchema,
  LedgerPageSchema,
  LedgerRowSchema,
  LevelHistoryPageSchema,
  LevelHistoryRowSchema,
  LevelOptionSchema,
  MemberAdjustSchema,
  userApi,
  MemberConsumeSchema,
  MemberDetailSchema,
  MemberIdQuerySchema,
  MemberPageSchema,
  MemberRowSchema,
  MemberUpdateSchema,
  type LedgerPage,
  type LedgerRow,
  type LevelHistoryPage,
  type LevelHistoryRow,
  type MemberPage,
  type MemberRow,
} from '../../../shared/api/members.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import {
  BALANCE_OP,
  LEVEL_CHANGE,
  MEMBER_STATUS,
  MemberField,
  MemberSource,
  MemberStatus,
  MemberText,
  RECHARGE_STATUS,
} from '../../../shared/dict/members.ts';
import type { Db } from '../../db/client.ts';
import { perm, requireAuth, scenicScope } from '../../http/access.ts';
import { updateRecord, type Resource } from '../../http/crud.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import type { ExportColumn } from '../../http/export.ts';
import { registerListResource } from '../../http/list-resource.ts';
import { likeContains } from '../../http/paging.ts';
import { admins } from '../accounts/index.ts';
import { writeAudit } from '../audit/index.ts';
import { withIdempotency } from '../orders/index.ts';
import { decryptField, verifyPassword } from '../auth/index.ts';
import { adjustBalance, debitBalance } from './balance.service.ts';
import { recordSpend } from './levels.service.ts';
import { adminNames, holds, levelNames, memberRows } from './member-rows.ts';
import {
  memberLedger,
  memberLevelHistory,
  memberLevels,
  members,
  memberSessions,
  recharges,
  travellers,
  type Member,
} from './members.table.ts';

const memberResource: Resource<typeof members> = {
  table: members,
  id: members.id,
  scenic: members.scenicId,
  module: 'members',
  targetType: 'member',
  audit: writeAudit,
};

const memberWhere = (scenicId: number, q: MemberPage, req: FastifyRequest) =>
  and(
    eq(members.scenicId, scenicId),
    // part of a number finds members only for accounts that see whole numbers (docs/decisions.md)
    q.phone
      ? holds(req, 'admin:user:phone')
        ? ilike(members.phone, likeContains(q.phone))
        : eq(members.phone, q.phone)
      : undefined,
    q.nickname ? ilike(members.nickname, likeContains(q.nickname)) : undefined,
    q.levelId ? eq(members.levelId, q.levelId) : undefined,
    q.status ? eq(members.status, q.status) : undefined,
    q.source ? eq(members.source, q.source) : undefined,
    q.registeredFrom ? gte(members.registeredAt, new Date(q.registeredFrom)) : undefined,
    q.registeredTo ? lte(members.registeredAt, new Date(q.registeredTo)) : undefined,
  );

const MEMBER_EXPORT: ExportColumn<MemberRow>[] = [
  { header: MemberField.id, value: (r) => r.id, kind: 'number' },
  {
    header: MemberField.phone,
    value: (r, lang) => (r.phoneBound ? r.phone : MemberText.phoneUnbound[lang]),
    width: 14,
  },
  { header: MemberField.nickname, value: (r) => r.nickname, width: 16 },
  { header: MemberField.level, value: (r) => r.levelName, width: 12 },
  { header: MemberField.balance, value: (r) => r.balance, kind: 'money' },
  { header: MemberField.points, value: (r) => r.points, kind: 'number' },
  { header: MemberField.totalSpend, value: (r) => r.totalSpend, kind: 'money' },
  { header: MemberField.source, value: (r, lang) => dictLabel(MemberSource, r.source, lang) },
  { header: MemberField.status, value: (r, lang) => dictLabel(MemberStatus, r.status, lang) },
  { header: MemberField.registeredAt, value: (r) => r.registeredAt, kind: 'datetime', width: 20 },
];

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

/** docs/product.md §2 /user/user and /user/userDetail: members, their balance ledger and level history. */
export async function memberRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, keys } = root.ctx;
  const tags = ['members'];

  registerListResource(root, {
    tag: 'members',
    api: userApi,
    perms: { page: 'admin:user:page' },
    table: members,
    where: memberWhere,
    sort: {
      registeredAt: members.registeredAt,
      balance: members.balance,
      points: members.points,
      totalSpend: members.totalSpend,
    },
    order: [desc(members.registeredAt), desc(members.id)],
    rowSchema: MemberRowSchema,
    rows: (records, { db: d, req }) => memberRows(d, req, records),
    page: {
      summary: 'Members of the acting area; phones masked unless the caller holds admin:user:phone',
      body: MemberPageSchema,
    },
    export: {
      summary: 'The members of the current filter (all pages) as .xlsx, masked as in the list',
      fileName: MemberText.membersExport,
      columns: MEMBER_EXPORT,
    },
  });

  app.get(
    userApi.query,
    {
      config: { access: perm('admin:user:page') },
      schema: {
        tags,
        summary: 'One member of the acting area with its level discount, travellers and top-ups (userDetail)',
        querystring: MemberIdQuerySchema,
        response: { 200: envelopeSchema(MemberDetailSchema) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const [member] = await db
        .select()
        .from(members)
        .where(and(eq(members.id, req.query.id), eq(members.scenicId, scenicId)));
      if (!member) throw new AppError(404, 'memberNotFound');
      const [[row], [level], [saved], [paid]] = await Promise.all([
        memberRows(db, req, [member]),
        member.levelId == null
          ? Promise.resolve([])
          : db
              .select({ discount: memberLevels.discount, status: memberLevels.status })
              .from(memberLevels)
              .where(eq(memberLevels.id, member.levelId)),
        db.select({ n: count() }).from(travellers).where(eq(travellers.memberId, member.id)),
        db
          .select({ sum: sql<string | null>`sum(${recharges.amount})` })
          .from(recharges)
          .where(and(eq(recharges.memberId, member.id), eq(recharges.status, RECHARGE_STATUS.paid))),
      ]);
      return ok(req, {
        ...row!,
        updatedAt: member.updatedAt.toISOString(),
        levelDiscount: level && level.status === 1 ? level.discount : 100,
        travellers: saved?.n ?? 0,
        recharged: Number(paid?.sum ?? 0),
      });
    },
  );

  app.post(
    userApi.update,
    {
      config: { access: perm('admin:user:update') },
      schema: {
        tags,
        summary:
          'Edit a member (nickname, level, freeze 2 / unfreeze 1); a level set by staff leaves a history row, freezing signs the member out',
        body: MemberUpdateSchema,
        response: { 200: envelopeSchema(MemberRowSchema) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const { id, ...body } = req.body;
      let before: Member | undefined;
      const record = await updateRecord(
        db,
        req,
        memberResource,
        id,
        scenicId,
        { ...body, updatedAt: new Date() },
        {
          guard: async (locked, tx) => {
            before = locked;
            if (body.levelId === undefined) return;
            const [level] = await tx
              .select({ id: memberLevels.id })
              .from(memberLevels)
              .where(and(eq(memberLevels.id, body.levelId), eq(memberLevels.scenicId, scenicId)));
            if (!level) throw new AppError(404, 'memberLevelNotFound', { data: { field: 'levelId' } });
          },
          write: async (tx, after) => {
            if (after.levelId !== before?.levelId)
              await tx.insert(memberLevelHistory).values({
                scenicId,
                memberId: after.id,
                fromLevelId: before?.levelId ?? null,
                toLevelId: after.levelId,
                reason: LEVEL_CHANGE.staff,
              });
            // a frozen member may not sign in (docs/decisions.md "Members"): end the sessions it has
            if (after.status === MEMBER_STATUS.frozen && before?.status !== MEMBER_STATUS.frozen)
              await tx.delete(memberSessions).where(eq(memberSessions.memberId, after.id));
          },
        },
      );
      return ok(req, (await memberRows(db, req, [record]))[0]!);
    },
  );

  app.get(
    userApi.unbindPhone,
    {
      config: { access: perm('admin:user:update') },
      schema: {
        tags,
        summary:
          "Unbind a member's phone: the member keeps balance, points and coupons and can bind a phone again",
        querystring: MemberIdQuerySchema,
        response: { 200: envelopeSchema(MemberRowSchema) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const record = await updateRecord(
        db,
        req,
        memberResource,
        req.query.id,
        scenicId,
        { phone: null, updatedAt: new Date() },
        {
          action: 'unbindPhone',
          guard: (locked) => {
            if (locked.phone == null) throw new AppError(409, 'memberPhoneNotBound');
          },
        },
      );
      return ok(req, (await memberRows(db, req, [record]))[0]!);
    },
  );

  app.get(
    userApi.consume,
    {
      config: { access: perm('admin:user:consume') },
      // it checks the operator's password: no faster guessing than at the login
      preHandler: root.passwordAttempts,
      schema: {
        tags,
        summary:
          "Counter consumption (docs/product.md §3 consume payload): the operator's own password (encrypted), the amount in cents taken off the balance",
        description:
          'Debits the balance (ledger operation 2) and counts the amount as spend (points, level) in one transaction. Wrong password: 400 naming admPassword; more than the balance: 409; a frozen member: 409.',
        querystring: MemberConsumeSchema,
        response: { 200: envelopeSchema(BalanceMoveResultSchema) },
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      const scenicId = scenicScope(req);
      const q = req.query;
      const password = decryptField(keys, 'admPassword', q.admPassword);
      const [operator] = await db
        .select({ passwordHash: admins.passwordHash })
        .from(admins)
        .where(eq(admins.id, auth.adminId));
      if (!operator || !(await verifyPassword(password, operator.passwordHash)))
        throw new AppError(400, 'counterPasswordWrong', { data: { field: 'admPassword' } });
      const charge = async (tx: Db) => {
        const moved = await debitBalance(tx, {
          scenicId,
          memberId: q.wxUserId,
          operation: BALANCE_OP.consume,
          amount: q.conOperateMoney,
          remark: q.conRemark,
          adminId: auth.adminId,
        });
        await recordSpend(tx, scenicId, q.wxUserId, q.conOperateMoney);
        await writeAudit(tx, req, {
          module: 'members',
          action: 'consume',
          targetType: 'member',
          targetId: q.wxUserId,
          after: {
            amount: q.conOperateMoney,
            balance: moved.balanceAfter,
            remark: q.conRemark,
            ledgerId: moved.id,
          },
        });
        return { ledgerId: moved.id, balance: moved.balanceAfter };
      };
      // with an Idempotency-Key (the console sends one per dialog), a repeated charge answers the first
      const { admPassword: _password, ...charged } = q;
      const data = req.headers['idempotency-key']
        ? await withIdempotency(db, req, charge, charged)
        : await db.transaction(charge);
      return ok(req, data);
    },
  );

  app.post(
    userApi.adjust,
    {
      config: { access: perm('admin:user:adjust') },
      schema: {
        tags,
        summary:
          'Adjust a balance by staff (ledger operation 5), up or down, with a reason; never below 0 (409)',
        body: MemberAdjustSchema,
        response: { 200: envelopeSchema(BalanceMoveResultSchema) },
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      const scenicId = scenicScope(req);
      const body = req.body;
      const entry = await db.transaction(async (tx) => {
        const moved = await adjustBalance(tx, {
          scenicId,
          memberId: body.id,
          change: body.change,
          amount: Math.abs(body.change),
          remark: body.reason,
          adminId: auth.adminId,
        });
        await writeAudit(tx, req, {
          module: 'members',
          action: 'adjust',
          targetType: 'member',
          targetId: body.id,
          after: {
            change: body.change,
            balance: moved.balanceAfter,
            reason: body.reason,
            ledgerId: moved.id,
          },
        });
        return moved;
      });
      return ok(req, { ledgerId: entry.id, balance: entry.balanceAfter });
    },
  );

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
