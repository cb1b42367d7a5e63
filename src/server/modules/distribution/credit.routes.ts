import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
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
import { perm, requireAuth } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
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

/** docs/product.md §2 /disManage/disgrant: credit limits, their records and repayments. */
export async function creditRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;
  const tags = ['distribution'];

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

  // hand-registered: not yet an action (issue 29), a staff write still to convert
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

  // hand-registered: not yet an action (issue 29), a staff write still to convert
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
