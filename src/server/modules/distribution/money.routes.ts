import { and, desc, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import {
  CreditLimitSchema,
  CreditPageSchema,
  CreditRecordPageSchema,
  CreditRecordRowSchema,
  CreditRepaySchema,
  distributorCreditApi,
  distributorLedgerApi,
  DistributorLedgerPageSchema,
  DistributorLedgerRowSchema,
  DistributorLedgerTotalsSchema,
  DistributorMoneySchema,
  DistributorRowSchema,
  distributorTopUpApi,
  TopUpCreateSchema,
  TopUpPageSchema,
  TopUpReviewSchema,
  TopUpRowSchema,
  type CreditPage,
  type CreditRecordPage,
  type CreditRecordRow,
  type DistributorLedgerPage,
  type DistributorLedgerRow,
  type DistributorRow,
  type TopUpPage,
  type TopUpRow,
} from '../../../shared/api/distribution.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import {
  DistributionField,
  DistributionText,
  DistributorAccount,
  DistributorCreditKind,
  DistributorLedgerKind,
  DistributorState,
  DistributorTopUpState,
} from '../../../shared/dict/distribution.ts';
import { queryRows } from '../../db/rows.ts';
import { perm, requireAuth } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import type { ExportColumn } from '../../http/export.ts';
import { registerListResource } from '../../http/list-resource.ts';
import { likeContains } from '../../http/paging.ts';
import { writeAudit } from '../audit/index.ts';
import {
  accountNames,
  companies,
  distributorRows,
  distributorScope,
  ownRows,
  type DistributorScope,
} from './distribution-rows.ts';
import { recordTopUp, repayCredit, reviewTopUp, setCredit } from './distribution.service.ts';
import {
  distributorCreditRecords,
  distributorLedger,
  distributors,
  distributorTopUps,
  type DistributorCreditRecord,
  type DistributorLedgerRow as LedgerRecord,
  type DistributorTopUp,
} from './distribution.table.ts';

const L = distributorLedger;
const T = distributorTopUps;
const C = distributorCreditRecords;
const D = distributors;

/** Rows of a distributor (by id or by part of its company name) in the caller's reach. */
function distributorFilter(
  column: PgColumn,
  scope: DistributorScope,
  q: { distributorId?: number | undefined; company?: string | undefined },
): SQL | undefined {
  return and(
    ownRows(column, scope),
    q.distributorId ? eq(column, q.distributorId) : undefined,
    q.company
      ? sql`${column} in (select id from distributors where scenic_id = ${scope.scenicId} and company ilike ${likeContains(q.company)})`
      : undefined,
  );
}

const timeRange = (
  column: PgColumn,
  q: { createTimeFrom?: string | undefined; createTimeTo?: string | undefined },
) =>
  and(
    q.createTimeFrom ? gte(column, new Date(q.createTimeFrom)) : undefined,
    q.createTimeTo ? lte(column, new Date(q.createTimeTo)) : undefined,
  );

const ledgerWhere = (scope: DistributorScope, q: DistributorLedgerPage) =>
  and(
    eq(L.scenicId, scope.scenicId),
    distributorFilter(L.distributorId, scope, q),
    q.account ? eq(L.account, q.account) : undefined,
    q.kind ? eq(L.kind, q.kind) : undefined,
    q.reference ? eq(L.reference, q.reference) : undefined,
    timeRange(L.createdAt, q),
  );

async function ledgerRows(
  db: FastifyInstance['ctx']['db'],
  records: LedgerRecord[],
): Promise<DistributorLedgerRow[]> {
  const [names, operators] = await Promise.all([
    companies(
      db,
      records.map((r) => r.distributorId),
    ),
    accountNames(
      db,
      records.map((r) => r.adminId),
    ),
  ]);
  return records.map((r) => ({
    id: r.id,
    distributorId: r.distributorId,
    company: names.get(r.distributorId) ?? '',
    account: r.account,
    kind: r.kind,
    change: r.change,
    amountAfter: r.amountAfter,
    reference: r.reference,
    remark: r.remark,
    operator: r.adminId == null ? '' : (operators.get(r.adminId) ?? ''),
    createTime: r.createdAt.toISOString(),
  }));
}

const LEDGER_EXPORT: ExportColumn<DistributorLedgerRow>[] = [
  { header: DistributionField.createTime, value: (r) => r.createTime, kind: 'datetime', width: 20 },
  { header: DistributionField.distributor, value: (r) => r.company, width: 24 },
  {
    header: DistributionField.account,
    value: (r, lang) => dictLabel(DistributorAccount, r.account as keyof typeof DistributorAccount, lang),
  },
  { header: DistributionField.kind, value: (r, lang) => dictLabel(DistributorLedgerKind, r.kind, lang) },
  { header: DistributionField.change, value: (r) => r.change, kind: 'money' },
  { header: DistributionField.amountAfter, value: (r) => r.amountAfter, kind: 'money' },
  { header: DistributionField.reference, value: (r) => r.reference, width: 22 },
  { header: DistributionField.remark, value: (r) => r.remark, width: 24 },
  { header: DistributionField.operator, value: (r) => r.operator },
];

const topUpWhere = (scope: DistributorScope, q: TopUpPage) =>
  and(
    eq(T.scenicId, scope.scenicId),
    distributorFilter(T.distributorId, scope, q),
    q.state ? eq(T.state, q.state) : undefined,
    q.topUpNo ? eq(T.topUpNo, q.topUpNo) : undefined,
    q.bankRef ? eq(T.bankRef, q.bankRef) : undefined,
    timeRange(T.createdAt, q),
  );

async function topUpRows(db: FastifyInstance['ctx']['db'], records: DistributorTopUp[]): Promise<TopUpRow[]> {
  const [names, people] = await Promise.all([
    companies(
      db,
      records.map((r) => r.distributorId),
    ),
    accountNames(
      db,
      records.flatMap((r) => [r.createdBy, r.reviewedBy]),
    ),
  ]);
  const person = (id: number | null) => (id == null ? '' : (people.get(id) ?? ''));
  return records.map((r) => ({
    id: r.id,
    topUpNo: r.topUpNo,
    distributorId: r.distributorId,
    company: names.get(r.distributorId) ?? '',
    amount: r.amount,
    bankRef: r.bankRef,
    transferDate: r.transferDate,
    voucher: r.voucher,
    state: r.state,
    remark: r.remark,
    recorder: person(r.createdBy),
    reviewer: person(r.reviewedBy),
    reviewTime: r.reviewedAt?.toISOString() ?? null,
    reviewRemark: r.reviewRemark,
    createTime: r.createdAt.toISOString(),
  }));
}

const TOP_UP_EXPORT: ExportColumn<TopUpRow>[] = [
  { header: DistributionField.topUpNo, value: (r) => r.topUpNo, width: 24 },
  { header: DistributionField.distributor, value: (r) => r.company, width: 24 },
  { header: DistributionField.amount, value: (r) => r.amount, kind: 'money' },
  { header: DistributionField.bankRef, value: (r) => r.bankRef, width: 22 },
  { header: DistributionField.transferDate, value: (r) => r.transferDate, width: 12 },
  {
    header: DistributionField.topUpState,
    value: (r, lang) => dictLabel(DistributorTopUpState, r.state, lang),
  },
  { header: DistributionField.recorder, value: (r) => r.recorder },
  { header: DistributionField.reviewer, value: (r) => r.reviewer },
  { header: DistributionField.reviewTime, value: (r) => r.reviewTime, kind: 'datetime', width: 20 },
  { header: DistributionField.createTime, value: (r) => r.createTime, kind: 'datetime', width: 20 },
  { header: DistributionField.remark, value: (r) => r.remark, width: 24 },
];

const creditWhere = (scope: DistributorScope, q: CreditPage) =>
  and(
    eq(D.scenicId, scope.scenicId),
    distributorFilter(D.id, scope, q),
    q.state ? eq(D.state, q.state) : undefined,
  );

const CREDIT_EXPORT: ExportColumn<DistributorRow>[] = [
  { header: DistributionField.company, value: (r) => r.company, width: 24 },
  { header: DistributionField.state, value: (r, lang) => dictLabel(DistributorState, r.state, lang) },
  { header: DistributionField.creditLimit, value: (r) => r.creditLimit, kind: 'money' },
  { header: DistributionField.creditUsed, value: (r) => r.creditUsed, kind: 'money' },
  { header: DistributionField.creditAvailable, value: (r) => r.creditAvailable, kind: 'money' },
  { header: DistributionField.balance, value: (r) => r.balance, kind: 'money' },
];

const recordWhere = (scope: DistributorScope, q: CreditRecordPage) =>
  and(
    eq(C.scenicId, scope.scenicId),
    distributorFilter(C.distributorId, scope, q),
    q.kind ? eq(C.kind, q.kind) : undefined,
    timeRange(C.createdAt, q),
  );

async function creditRecordRows(
  db: FastifyInstance['ctx']['db'],
  records: DistributorCreditRecord[],
): Promise<CreditRecordRow[]> {
  const [names, operators] = await Promise.all([
    companies(
      db,
      records.map((r) => r.distributorId),
    ),
    accountNames(
      db,
      records.map((r) => r.adminId),
    ),
  ]);
  return records.map((r) => ({
    id: r.id,
    distributorId: r.distributorId,
    company: names.get(r.distributorId) ?? '',
    kind: r.kind,
    amount: r.amount,
    limitAfter: r.limitAfter,
    usedAfter: r.usedAfter,
    reference: r.reference,
    remark: r.remark,
    operator: r.adminId == null ? '' : (operators.get(r.adminId) ?? ''),
    createTime: r.createdAt.toISOString(),
  }));
}

const CREDIT_RECORD_EXPORT: ExportColumn<CreditRecordRow>[] = [
  { header: DistributionField.createTime, value: (r) => r.createTime, kind: 'datetime', width: 20 },
  { header: DistributionField.distributor, value: (r) => r.company, width: 24 },
  { header: DistributionField.kind, value: (r, lang) => dictLabel(DistributorCreditKind, r.kind, lang) },
  { header: DistributionField.amount, value: (r) => r.amount, kind: 'money' },
  { header: DistributionField.limitAfter, value: (r) => r.limitAfter, kind: 'money' },
  { header: DistributionField.usedAfter, value: (r) => r.usedAfter, kind: 'money' },
  { header: DistributionField.reference, value: (r) => r.reference, width: 22 },
  { header: DistributionField.remark, value: (r) => r.remark, width: 24 },
  { header: DistributionField.operator, value: (r) => r.operator },
];

/** docs/product.md §2 /disManage/BalanceRecord, /disManage/recharge and /disManage/disgrant. */
export async function moneyRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;
  const tags = ['distribution'];

  // ---- /disManage/BalanceRecord ----

  registerListResource(root, {
    tag: 'distribution',
    api: { page: distributorLedgerApi.page, export: distributorLedgerApi.export },
    perms: { page: 'admin:disLedger:page' },
    distributor: 'own',
    scope: distributorScope,
    table: L,
    where: ledgerWhere,
    sort: { createTime: L.createdAt, change: L.change },
    order: [desc(L.createdAt), desc(L.id)],
    rowSchema: DistributorLedgerRowSchema,
    rows: (records, { db: x }) => ledgerRows(x, records),
    page: {
      summary: 'Every balance, credit and held movement of the area’s distributors (a distributor: its own)',
      body: DistributorLedgerPageSchema,
    },
    export: {
      summary: 'The ledger rows of the current filter (all pages) as .xlsx',
      fileName: DistributionText.ledgerExport,
      columns: LEDGER_EXPORT,
    },
  });

  app.post(
    distributorLedgerApi.totals,
    {
      config: { access: perm('admin:disLedger:page', { distributor: 'own' }) },
      schema: {
        tags,
        summary: 'Count of the filtered ledger rows and, per account, the sums in and out (paging ignored)',
        body: DistributorLedgerPageSchema,
        response: { 200: envelopeSchema(DistributorLedgerTotalsSchema) },
      },
    },
    async (req) => {
      const rows = await db
        .select({
          account: L.account,
          count: sql<string>`count(*)`,
          increase: sql<string>`coalesce(sum(${L.change}) filter (where ${L.change} > 0), 0)`,
          decrease: sql<string>`coalesce(sum(${L.change}) filter (where ${L.change} < 0), 0)`,
        })
        .from(L)
        .where(ledgerWhere(distributorScope(req), req.body))
        .groupBy(L.account)
        .orderBy(L.account);
      const accounts = rows.map((r) => ({
        account: r.account,
        count: Number(r.count),
        increase: Number(r.increase),
        decrease: Number(r.decrease),
      }));
      return ok(req, { count: accounts.reduce((n, a) => n + a.count, 0), accounts });
    },
  );

  // ---- /disManage/recharge ----

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

  // ---- /disManage/disgrant ----

  registerListResource(root, {
    tag: 'distribution',
    api: { page: distributorCreditApi.page, export: distributorCreditApi.export },
    perms: { page: 'admin:disCredit:page' },
    distributor: 'own',
    scope: distributorScope,
    table: D,
    where: creditWhere,
    sort: { creditLimit: D.creditLimit, creditUsed: D.creditUsed, createTime: D.createdAt },
    order: [desc(D.creditLimit), desc(D.id)],
    rowSchema: DistributorRowSchema,
    rows: (records, { db: x }) => distributorRows(x, records),
    page: {
      summary: 'Credit of the distributors: limit, used, available (a distributor: its own)',
      body: CreditPageSchema,
    },
    export: {
      summary: 'The credit of the distributors of the current filter as .xlsx',
      fileName: DistributionText.creditExport,
      columns: CREDIT_EXPORT,
    },
  });

  registerListResource(root, {
    tag: 'distribution',
    api: { page: distributorCreditApi.records, export: distributorCreditApi.recordsExport },
    perms: { page: 'admin:disCredit:page' },
    distributor: 'own',
    scope: distributorScope,
    table: C,
    where: recordWhere,
    sort: { createTime: C.createdAt },
    order: [desc(C.createdAt), desc(C.id)],
    rowSchema: CreditRecordRowSchema,
    rows: (records, { db: x }) => creditRecordRows(x, records),
    page: {
      summary: 'Credit limit changes and repayments (a distributor: its own)',
      body: CreditRecordPageSchema,
    },
    export: {
      summary: 'The credit records of the current filter as .xlsx',
      fileName: DistributionText.creditExport,
      columns: CREDIT_RECORD_EXPORT,
    },
  });

  const moneyOf = async (scenicId: number, id: number) => {
    const [row] = await db
      .select({ id: D.id, balance: D.balance, creditLimit: D.creditLimit, creditUsed: D.creditUsed })
      .from(D)
      .where(and(eq(D.id, id), eq(D.scenicId, scenicId)));
    return row!;
  };

  app.post(
    distributorCreditApi.limit,
    {
      config: { access: perm('admin:disCredit:edit') },
      schema: {
        tags,
        summary: 'Set (raise or lower) a credit limit, never below the credit used (409); recorded',
        body: CreditLimitSchema,
        response: { 200: envelopeSchema(DistributorMoneySchema) },
      },
    },
    async (req) => {
      const scope = distributorScope(req);
      const auth = requireAuth(req);
      const { distributorId, creditLimit, remark } = req.body;
      await db.transaction(async (tx) => {
        const changed = await setCredit(tx, {
          scenicId: scope.scenicId,
          distributorId,
          creditLimit,
          remark,
          adminId: auth.adminId,
        });
        await writeAudit(tx, req, {
          module: 'distribution',
          action: 'creditLimit',
          targetType: 'distributor',
          targetId: distributorId,
          before: { creditLimit: changed.before },
          after: { creditLimit: changed.creditLimit, remark },
        });
      });
      return ok(req, await moneyOf(scope.scenicId, distributorId));
    },
  );

  app.post(
    distributorCreditApi.repay,
    {
      config: { access: perm('admin:disCredit:edit') },
      schema: {
        tags,
        summary:
          'Record a repayment of credit used (never more than used: 409), with its ledger row and record',
        body: CreditRepaySchema,
        response: { 200: envelopeSchema(DistributorMoneySchema) },
      },
    },
    async (req) => {
      const scope = distributorScope(req);
      const auth = requireAuth(req);
      const { distributorId, ...body } = req.body;
      await db.transaction(async (tx) => {
        const after = await repayCredit(tx, {
          ...body,
          scenicId: scope.scenicId,
          distributorId,
          adminId: auth.adminId,
        });
        await writeAudit(tx, req, {
          module: 'distribution',
          action: 'creditRepay',
          targetType: 'distributor',
          targetId: distributorId,
          after: { ...body, creditUsed: after.creditUsed },
        });
      });
      return ok(req, await moneyOf(scope.scenicId, distributorId));
    },
  );
}
