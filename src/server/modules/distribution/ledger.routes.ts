import { desc, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import {
  distributorLedgerApi,
  DistributorLedgerPageSchema,
  DistributorLedgerRowSchema,
  DistributorLedgerTotalsSchema,
} from '../../../shared/api/distribution.ts';
import { DistributionText } from '../../../shared/dict/distribution.ts';
import { perm } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { registerListResource } from '../../http/list-resource.ts';
import { distributorScope } from './distribution-rows.ts';
import { distributorLedger as L } from './distribution.table.ts';
import { LEDGER_EXPORT, ledgerRows, ledgerWhere } from './money-rows.ts';

/** docs/product.md §2 /disManage/BalanceRecord: the distributors' ledger and its totals. */
export async function ledgerRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;
  const tags = ['distribution'];

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

  // hand-registered: a read (the sums of a list's filter), not a list resource
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
}
