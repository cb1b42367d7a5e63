import { and, eq, gte, lte, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type {
  CreditPage,
  CreditRecordPage,
  CreditRecordRow,
  DistributorLedgerPage,
  DistributorLedgerRow,
  DistributorRow,
  TopUpPage,
  TopUpRow,
} from '../../../shared/api/distribution.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import {
  DistributionField,
  DistributorAccount,
  DistributorCreditKind,
  DistributorLedgerKind,
  DistributorState,
  DistributorTopUpState,
} from '../../../shared/dict/distribution.ts';
import type { Db } from '../../db/client.ts';
import type { ExportColumn } from '../../http/export.ts';
import { likeContains } from '../../http/paging.ts';
import { accountNames, companies, ownRows, type DistributorScope } from './distribution-rows.ts';
import {
  distributorCreditRecords,
  distributorLedger,
  distributors,
  distributorTopUps,
  type DistributorCreditRecord,
  type DistributorLedgerRow as LedgerRecord,
  type DistributorTopUp,
} from './distribution.table.ts';

// The filters, rows and export columns of the money screens (/disManage/BalanceRecord, /recharge,
// /disgrant), shared by ledger.routes.ts, top-ups.routes.ts and credit.routes.ts.

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

export const ledgerWhere = (scope: DistributorScope, q: DistributorLedgerPage) =>
  and(
    eq(L.scenicId, scope.scenicId),
    distributorFilter(L.distributorId, scope, q),
    q.account ? eq(L.account, q.account) : undefined,
    q.kind ? eq(L.kind, q.kind) : undefined,
    q.reference ? eq(L.reference, q.reference) : undefined,
    timeRange(L.createdAt, q),
  );
export const LEDGER_EXPORT: ExportColumn<DistributorLedgerRow>[] = [
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

export const topUpWhere = (scope: DistributorScope, q: TopUpPage) =>
  and(
    eq(T.scenicId, scope.scenicId),
    distributorFilter(T.distributorId, scope, q),
    q.state ? eq(T.state, q.state) : undefined,
    q.topUpNo ? eq(T.topUpNo, q.topUpNo) : undefined,
    q.bankRef ? eq(T.bankRef, q.bankRef) : undefined,
    timeRange(T.createdAt, q),
  );
export const TOP_UP_EXPORT: ExportColumn<TopUpRow>[] = [
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

export const creditWhere = (scope: DistributorScope, q: CreditPage) =>
  and(
    eq(D.scenicId, scope.scenicId),
    distributorFilter(D.id, scope, q),
    q.state ? eq(D.state, q.state) : undefined,
  );

export const CREDIT_EXPORT: ExportColumn<DistributorRow>[] = [
  { header: DistributionField.company, value: (r) => r.company, width: 24 },
  { header: DistributionField.state, value: (r, lang) => dictLabel(DistributorState, r.state, lang) },
  { header: DistributionField.creditLimit, value: (r) => r.creditLimit, kind: 'money' },
  { header: DistributionField.creditUsed, value: (r) => r.creditUsed, kind: 'money' },
  { header: DistributionField.creditAvailable, value: (r) => r.creditAvailable, kind: 'money' },
  { header: DistributionField.balance, value: (r) => r.balance, kind: 'money' },
];

export const recordWhere = (scope: DistributorScope, q: CreditRecordPage) =>
  and(
    eq(C.scenicId, scope.scenicId),
    distributorFilter(C.distributorId, scope, q),
    q.kind ? eq(C.kind, q.kind) : undefined,
    timeRange(C.createdAt, q),
  );
export const CREDIT_RECORD_EXPORT: ExportColumn<CreditRecordRow>[] = [
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

/**
 * Maps money records to rows with their distributor's company and the names of the accounts that
 * acted on them, each looked up once for the whole page.
 */
async function withNames<R extends { distributorId: number }, Row>(
  db: Db,
  records: R[],
  people: (record: R) => (number | null)[],
  toRow: (record: R, company: string, person: (id: number | null) => string) => Row,
): Promise<Row[]> {
  const [names, accounts] = await Promise.all([
    companies(
      db,
      records.map((r) => r.distributorId),
    ),
    accountNames(db, records.flatMap(people)),
  ]);
  const person = (id: number | null) => (id == null ? '' : (accounts.get(id) ?? ''));
  return records.map((r) => toRow(r, names.get(r.distributorId) ?? '', person));
}

export const ledgerRows = (db: Db, records: LedgerRecord[]): Promise<DistributorLedgerRow[]> =>
  withNames(
    db,
    records,
    (r) => [r.adminId],
    (r, company, person) => ({
      id: r.id,
      distributorId: r.distributorId,
      company,
      account: r.account,
      kind: r.kind,
      change: r.change,
      amountAfter: r.amountAfter,
      reference: r.reference,
      remark: r.remark,
      operator: person(r.adminId),
      createTime: r.createdAt.toISOString(),
    }),
  );

export const topUpRows = (db: Db, records: DistributorTopUp[]): Promise<TopUpRow[]> =>
  withNames(
    db,
    records,
    (r) => [r.createdBy, r.reviewedBy],
    (r, company, person) => ({
      id: r.id,
      topUpNo: r.topUpNo,
      distributorId: r.distributorId,
      company,
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
    }),
  );

export const creditRecordRows = (db: Db, records: DistributorCreditRecord[]): Promise<CreditRecordRow[]> =>
  withNames(
    db,
    records,
    (r) => [r.adminId],
    (r, company, person) => ({
      id: r.id,
      distributorId: r.distributorId,
      company,
      kind: r.kind,
      amount: r.amount,
      limitAfter: r.limitAfter,
      usedAfter: r.usedAfter,
      reference: r.reference,
      remark: r.remark,
      operator: person(r.adminId),
      createTime: r.createdAt.toISOString(),
    }),
  );
