import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  CreditLimitSchema,
  CreditPageSchema,
  CreditRecordPageSchema,
  CreditRecordRowSchema,
  CreditRepaySchema,
  distributorCreditApi,
  DistributorMoneySchema,
  DistributorRowSchema,
} from '../../../shared/api/distribution.ts';
import { DistributionText } from '../../../shared/dict/distribution.ts';
import type { Db } from '../../db/client.ts';
import { perm } from '../../http/access.ts';
import { audited, registerAction } from '../../http/action.ts';
import { registerListResource } from '../../http/list-resource.ts';
import { writeAudit } from '../audit/index.ts';
import { distributorRows, distributorScope } from './distribution-rows.ts';
import { repayCredit, setCredit } from './distribution.service.ts';
import { distributorCreditRecords as C, distributors as D } from './distribution.table.ts';
import {
  CREDIT_EXPORT,
  CREDIT_RECORD_EXPORT,
  creditRecordRows,
  creditWhere,
  recordWhere,
} from './money-rows.ts';

/** The credit writes' audit rows (the writes below). */
const audit = { write: writeAudit, module: 'distribution', targetType: 'distributor' } as const;

/** A distributor's money, as the credit writes answer it. */
async function moneyOf(db: Db, scenicId: number, id: number) {
  const [row] = await db
    .select({ id: D.id, balance: D.balance, creditLimit: D.creditLimit, creditUsed: D.creditUsed })
    .from(D)
    .where(and(eq(D.id, id), eq(D.scenicId, scenicId)));
  return row!;
}

/** docs/product.md §2 /disManage/disgrant: credit limits, their records and repayments. */
export async function creditRoutes(root: FastifyInstance) {
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

  registerAction(root, {
    url: distributorCreditApi.limit,
    access: perm('admin:disCredit:edit'),
    tag: 'distribution',
    summary: 'Set (raise or lower) a credit limit, never below the credit used (409); recorded',
    body: CreditLimitSchema,
    response: DistributorMoneySchema,
    audit: { ...audit, action: 'creditLimit' },
    run: async (tx, { scenicId, adminId, distributorId, creditLimit, remark }) => {
      const changed = await setCredit(tx, { scenicId, distributorId, creditLimit, remark, adminId });
      return audited(await moneyOf(tx, scenicId, distributorId), {
        targetId: distributorId,
        before: { creditLimit: changed.before },
        after: { creditLimit: changed.creditLimit, remark },
      });
    },
  });

  registerAction(root, {
    url: distributorCreditApi.repay,
    access: perm('admin:disCredit:edit'),
    tag: 'distribution',
    summary: 'Record a repayment of credit used (never more than used: 409), with its ledger row and record',
    body: CreditRepaySchema,
    response: DistributorMoneySchema,
    audit: { ...audit, action: 'creditRepay' },
    run: async (tx, { scenicId, adminId, distributorId, ...body }) => {
      const after = await repayCredit(tx, { ...body, scenicId, distributorId, adminId });
      return audited(await moneyOf(tx, scenicId, distributorId), {
        targetId: distributorId,
        after: { ...body, creditUsed: after.creditUsed },
      });
    },
  });
}
