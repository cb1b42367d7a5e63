import { and, count, desc, eq, gte, ilike, lte, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import {
  userApi,
  MemberDetailSchema,
  MemberIdQuerySchema,
  MemberPageSchema,
  MemberRowSchema,
  MemberUpdateSchema,
  type MemberPage,
  type MemberRow,
} from '../../../shared/api/members.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import {
  LEVEL_CHANGE,
  MEMBER_STATUS,
  MemberField,
  MemberSource,
  MemberStatus,
  MemberText,
  RECHARGE_STATUS,
} from '../../../shared/dict/members.ts';
import { perm, scenicScope } from '../../http/access.ts';
import { audited, auditThrough, registerAction } from '../../http/action.ts';
import { updateRecord } from '../../http/crud.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import type { ExportColumn } from '../../http/export.ts';
import { registerListResource } from '../../http/list-resource.ts';
import { likeContains } from '../../http/paging.ts';
import { holds, memberResource, memberRows } from './member-rows.ts';
import {
  memberLevelHistory,
  memberLevels,
  members,
  memberSessions,
  recharges,
  travellers,
  type Member,
} from './members.table.ts';

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

/** docs/product.md §2 /user/user and /user/userDetail: the members, one member, editing one. */
export async function memberRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;
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

  // hand-registered: a read that is not a list resource
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

  registerAction(root, {
    url: userApi.update,
    access: perm('admin:user:update'),
    tag: 'members',
    summary:
      'Edit a member (nickname, level, freeze 2 / unfreeze 1); a level set by staff leaves a history row, freezing signs the member out',
    body: MemberUpdateSchema,
    response: MemberRowSchema,
    audit: { write: memberResource.audit, module: 'members', action: 'update', targetType: 'member' },
    run: async (tx, { scenicId, adminId: _, id, ...body }, req) => {
      let before: Member | undefined;
      const kept = auditThrough(memberResource);
      const record = await updateRecord(
        tx,
        req,
        kept.resource,
        id,
        scenicId,
        { ...body, updatedAt: new Date() },
        {
          guard: async (locked, inner) => {
            before = locked;
            if (body.levelId === undefined) return;
            const [level] = await inner
              .select({ id: memberLevels.id })
              .from(memberLevels)
              .where(and(eq(memberLevels.id, body.levelId), eq(memberLevels.scenicId, scenicId)));
            if (!level) throw new AppError(404, 'memberLevelNotFound', { data: { field: 'levelId' } });
          },
          write: async (inner, after) => {
            if (after.levelId !== before?.levelId)
              await inner.insert(memberLevelHistory).values({
                scenicId,
                memberId: after.id,
                fromLevelId: before?.levelId ?? null,
                toLevelId: after.levelId,
                reason: LEVEL_CHANGE.staff,
              });
            // a frozen member may not sign in (docs/decisions.md "Members"): end the sessions it has
            if (after.status === MEMBER_STATUS.frozen && before?.status !== MEMBER_STATUS.frozen)
              await inner.delete(memberSessions).where(eq(memberSessions.memberId, after.id));
          },
        },
      );
      return audited((await memberRows(tx, req, [record]))[0]!, kept.row());
    },
  });
}
