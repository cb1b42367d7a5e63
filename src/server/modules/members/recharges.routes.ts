import { and, asc, count, desc, eq, gte, lte, ne, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import {
  rechargeApi,
  RechargePageSchema,
  RechargeRowSchema,
  rechargeRuleApi,
  RechargeRuleCreateSchema,
  RechargeRuleDeleteSchema,
  RechargeRulePageSchema,
  RechargeRuleRowSchema,
  RechargeRuleUpdateAllSchema,
  RechargeRuleUpdateSchema,
  RechargeTotalsSchema,
  type RechargePage,
  type RechargeRow,
  type RechargeRulePage,
} from '../../../shared/api/members.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import { MemberField, MemberText, RECHARGE_STATUS, RechargeStatus } from '../../../shared/dict/members.ts';
import { PayWay } from '../../../shared/dict/order.ts';
import { formatCents } from '../../../shared/money.ts';
import type { Db } from '../../db/client.ts';
import { perm, scenicScope } from '../../http/access.ts';
import { audited, auditThrough, registerAction } from '../../http/action.ts';
import { deleteRecord, type Resource } from '../../http/crud.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import type { ExportColumn } from '../../http/export.ts';
import { registerListResource } from '../../http/list-resource.ts';
import { writeAudit } from '../audit/index.ts';
import { memberNames, phoneShown } from './member-rows.ts';
import { members, rechargeRules, recharges, type Recharge, type RechargeRule } from './members.table.ts';

const ruleResource: Resource<typeof rechargeRules> = {
  table: rechargeRules,
  id: rechargeRules.id,
  scenic: rechargeRules.scenicId,
  module: 'members',
  targetType: 'rechargeRule',
  audit: writeAudit,
};

async function rechargeRows(db: Db, req: FastifyRequest, records: Recharge[]): Promise<RechargeRow[]> {
  const names = await memberNames(
    db,
    records.map((r) => r.memberId),
  );
  const phone = phoneShown(req);
  return records.map((r) => {
    const member = names.get(r.memberId);
    return {
      id: r.id,
      rechargeNo: r.rechargeNo,
      memberId: r.memberId,
      memberPhone: phone(member?.phone ?? null),
      memberNickname: member?.nickname ?? '',
      amount: r.amount,
      giftAmount: r.giftAmount,
      ruleId: r.ruleId,
      payWay: r.payWay,
      status: r.status,
      paidAt: r.paidAt?.toISOString() ?? null,
      createTime: r.createdAt.toISOString(),
    };
  });
}

const rechargeWhere = (scenicId: number, q: RechargePage) =>
  and(
    eq(recharges.scenicId, scenicId),
    q.phone
      ? sql`${recharges.memberId} in (select ${members.id} from ${members}
            where ${members.scenicId} = ${scenicId} and ${members.phone} = ${q.phone})`
      : undefined,
    q.rechargeNo ? eq(recharges.rechargeNo, q.rechargeNo) : undefined,
    q.memberId ? eq(recharges.memberId, q.memberId) : undefined,
    q.status ? eq(recharges.status, q.status) : undefined,
    q.payWay ? eq(recharges.payWay, q.payWay) : undefined,
    q.createTimeFrom ? gte(recharges.createdAt, new Date(q.createTimeFrom)) : undefined,
    q.createTimeTo ? lte(recharges.createdAt, new Date(q.createTimeTo)) : undefined,
  );

const RECHARGE_EXPORT: ExportColumn<RechargeRow>[] = [
  { header: MemberField.rechargeNo, value: (r) => r.rechargeNo, width: 22 },
  { header: MemberField.memberPhone, value: (r) => r.memberPhone, width: 14 },
  { header: MemberField.nickname, value: (r) => r.memberNickname, width: 16 },
  { header: MemberField.payAmount, value: (r) => r.amount, kind: 'money' },
  { header: MemberField.giftAmount, value: (r) => r.giftAmount, kind: 'money' },
  { header: MemberField.payWay, value: (r, lang) => dictLabel(PayWay, r.payWay, lang) },
  { header: MemberField.status, value: (r, lang) => dictLabel(RechargeStatus, r.status, lang) },
  { header: MemberField.createTime, value: (r) => r.createTime, kind: 'datetime', width: 20 },
  { header: MemberField.paidAt, value: (r) => r.paidAt, kind: 'datetime', width: 20 },
];

const ruleWhere = (scenicId: number, q: RechargeRulePage) =>
  and(eq(rechargeRules.scenicId, scenicId), q.status ? eq(rechargeRules.status, q.status) : undefined);

const toRuleRow = (r: RechargeRule) => ({
  id: r.id,
  payAmount: r.payAmount,
  giftAmount: r.giftAmount,
  remark: r.remark,
  sort: r.sort,
  status: r.status,
  createTime: r.createdAt.toISOString(),
  updateTime: r.updatedAt.toISOString(),
});

/** One rule per pay amount in an area (409 naming payAmount). */
async function checkAmountFree(db: Db, scenicId: number, payAmount: number, exceptId?: number) {
  const [taken] = await db
    .select({ id: rechargeRules.id })
    .from(rechargeRules)
    .where(
      and(
        eq(rechargeRules.scenicId, scenicId),
        eq(rechargeRules.payAmount, payAmount),
        exceptId ? ne(rechargeRules.id, exceptId) : undefined,
      ),
    );
  if (taken)
    throw new AppError(409, 'rechargeRuleAmountTaken', {
      params: { amount: formatCents(payAmount) },
      data: { field: 'payAmount' },
    });
}

/** docs/product.md §2 /user/rechargeRecord and /user/BalanceSet (§7 `fixed/*`). */
export async function rechargeRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;
  const tags = ['members'];

  registerListResource(root, {
    tag: 'members',
    api: rechargeApi,
    perms: { page: 'admin:recharge:page' },
    table: recharges,
    where: rechargeWhere,
    sort: { createTime: recharges.createdAt, amount: recharges.amount },
    order: [desc(recharges.createdAt), desc(recharges.id)],
    rowSchema: RechargeRowSchema,
    rows: (records, { db: d, req }) => rechargeRows(d, req, records),
    page: { summary: "Top-ups of the acting area's members, newest first", body: RechargePageSchema },
    export: {
      summary: 'The top-ups of the current filter (all pages) as .xlsx',
      fileName: MemberText.rechargesExport,
      columns: RECHARGE_EXPORT,
    },
  });

  // hand-registered: a read (the sums of a list's filter), not a list resource
  app.post(
    rechargeApi.totals,
    {
      config: { access: perm('admin:recharge:page') },
      schema: {
        tags,
        summary:
          'Count of the filtered top-ups, and the paid and gift sums of those paid (paging and sort are ignored)',
        body: RechargePageSchema,
        response: { 200: envelopeSchema(RechargeTotalsSchema) },
      },
    },
    async (req) => {
      const paid = sql`${recharges.status} = ${RECHARGE_STATUS.paid}`;
      const [row] = await db
        .select({
          count: count(),
          paidCount: sql<string>`count(*) filter (where ${paid})`,
          amount: sql<string | null>`sum(${recharges.amount}) filter (where ${paid})`,
          giftAmount: sql<string | null>`sum(${recharges.giftAmount}) filter (where ${paid})`,
        })
        .from(recharges)
        .where(rechargeWhere(scenicScope(req), req.body));
      return ok(req, {
        count: row?.count ?? 0,
        paidCount: Number(row?.paidCount ?? 0),
        amount: Number(row?.amount ?? 0),
        giftAmount: Number(row?.giftAmount ?? 0),
      });
    },
  );

  registerListResource(root, {
    tag: 'members',
    api: rechargeRuleApi,
    perms: {
      page: 'admin:fixed:page',
      create: 'admin:fixed:edit',
      update: 'admin:fixed:edit',
    },
    table: rechargeRules,
    resource: ruleResource,
    where: ruleWhere,
    sort: { sort: rechargeRules.sort, payAmount: rechargeRules.payAmount },
    order: [asc(rechargeRules.sort), asc(rechargeRules.payAmount), asc(rechargeRules.id)],
    rowSchema: RechargeRuleRowSchema,
    rows: (records) => records.map(toRuleRow),
    page: { summary: 'Top-up rules of the acting area, by sort order', body: RechargeRulePageSchema },
    create: {
      summary: 'Create a rule "pay X, get Y more"; one rule per pay amount (409)',
      body: RechargeRuleCreateSchema,
      values: async (body, { scope: scenicId, db: d }) => {
        await checkAmountFree(d, scenicId, body.payAmount);
        return { ...body, scenicId };
      },
    },
    update: {
      summary: 'Edit a rule; only the fields sent change',
      body: RechargeRuleUpdateSchema,
      guard: async (before, body, { tx }) => {
        if (body.payAmount !== undefined)
          await checkAmountFree(tx, before.scenicId, body.payAmount, before.id);
      },
    },
  });

  // hand-registered: several records in one move, an audit row for each
  app.post(
    rechargeRuleApi.updateAll,
    {
      config: { access: perm('admin:fixed:edit') },
      schema: {
        tags,
        summary: 'Enable (1) or disable (2) every top-up rule of the acting area',
        body: RechargeRuleUpdateAllSchema,
        response: { 200: envelopeSchema(RechargeTotalsSchema.pick({ count: true })) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const { status } = req.body;
      const changed = await db.transaction(async (tx) => {
        const rows = await tx
          .update(rechargeRules)
          .set({ status, updatedAt: new Date() })
          .where(and(eq(rechargeRules.scenicId, scenicId), ne(rechargeRules.status, status)))
          .returning({ id: rechargeRules.id });
        await writeAudit(tx, req, {
          module: 'members',
          action: 'updateAll',
          targetType: 'rechargeRule',
          targetId: scenicId,
          after: { status, ids: rows.map((r) => r.id) },
        });
        return rows.length;
      });
      return ok(req, { count: changed });
    },
  );

  registerAction(root, {
    method: 'GET',
    url: rechargeRuleApi.delete,
    access: perm('admin:fixed:edit'),
    tag: 'members',
    summary:
      'Delete a top-up rule (docs/product.md §7 `fixed/delete?fixId=`); its top-ups keep their amounts',
    querystring: RechargeRuleDeleteSchema,
    response: RechargeRuleRowSchema.pick({ id: true }),
    audit: { write: ruleResource.audit, module: 'members', action: 'delete', targetType: 'rechargeRule' },
    run: async (tx, { scenicId, fixId }, req) => {
      const kept = auditThrough(ruleResource);
      await deleteRecord(tx, req, kept.resource, fixId, scenicId);
      return audited({ id: fixId }, kept.row());
    },
  });
}
