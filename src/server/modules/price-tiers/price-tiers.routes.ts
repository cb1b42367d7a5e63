import { and, desc, eq, ilike, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  priceTierApi,
  PriceTierCreateSchema,
  PriceTierPageSchema,
  PriceTierRowSchema,
  PriceTierStatusSchema,
  PriceTierUpdateSchema,
  type PriceTierPage,
  type PriceTierRow,
} from '../../../shared/api/price-tiers.ts';
import { EnableStatus } from '../../../shared/dict/account.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import { PriceTierField, PriceTierText } from '../../../shared/dict/price-tiers.ts';
import type { Db } from '../../db/client.ts';
import type { Resource } from '../../http/crud.ts';
import { AppError } from '../../http/errors.ts';
import type { ExportColumn } from '../../http/export.ts';
import { registerListResource } from '../../http/list-resource.ts';
import { likeContains } from '../../http/paging.ts';
import { writeAudit } from '../audit/index.ts';
import { distributors } from '../distribution/index.ts';
import { ticketOrders } from '../orders/index.ts';
import { priceTiers, type PriceTier } from './price-tiers.table.ts';
import { tierCounts } from './tiers.service.ts';

const resource: Resource<typeof priceTiers> = {
  table: priceTiers,
  id: priceTiers.id,
  scenic: priceTiers.scenicId,
  module: 'distribution',
  targetType: 'priceTier',
  audit: writeAudit,
};

async function tierRows(db: Db, tiers: PriceTier[]): Promise<PriceTierRow[]> {
  const counts = await tierCounts(
    db,
    tiers.map((t) => t.id),
  );
  return tiers.map((t) => ({
    id: t.id,
    name: t.name,
    remark: t.remark,
    status: t.status,
    lineCount: counts.get(t.id)?.lines ?? 0,
    distributorCount: counts.get(t.id)?.distributors ?? 0,
    createTime: t.createdAt.toISOString(),
  }));
}

const tierWhere = (scenicId: number, q: PriceTierPage) =>
  and(
    eq(priceTiers.scenicId, scenicId),
    q.name ? ilike(priceTiers.name, likeContains(q.name)) : undefined,
    q.status ? eq(priceTiers.status, q.status) : undefined,
  );

const TIER_EXPORT: ExportColumn<PriceTierRow>[] = [
  { header: PriceTierField.name, value: (r) => r.name, width: 24 },
  { header: PriceTierField.status, value: (r, lang) => dictLabel(EnableStatus, r.status, lang) },
  { header: PriceTierField.lineCount, value: (r) => r.lineCount, kind: 'number' },
  { header: PriceTierField.distributorCount, value: (r) => r.distributorCount, kind: 'number' },
  { header: PriceTierField.remark, value: (r) => r.remark, width: 30 },
  { header: PriceTierField.createTime, value: (r) => r.createTime, kind: 'datetime', width: 20 },
];

/** docs/product.md §2 /disManage/retailrole: price tiers (their lines and distributors: price-tier-lines.routes.ts). */
export async function priceTierRoutes(root: FastifyInstance) {
  registerListResource(root, {
    tag: 'distribution',
    api: priceTierApi,
    perms: {
      page: 'admin:retailRole:page',
      create: 'admin:retailRole:edit',
      update: 'admin:retailRole:edit',
      delete: 'admin:retailRole:edit',
    },
    table: priceTiers,
    resource,
    where: tierWhere,
    sort: { name: priceTiers.name, createTime: priceTiers.createdAt },
    order: [desc(priceTiers.createdAt), desc(priceTiers.id)],
    rowSchema: PriceTierRowSchema,
    rows: (tiers, { db: d }) => tierRows(d, tiers),
    page: { summary: 'Price tiers of the acting area, newest first', body: PriceTierPageSchema },
    export: {
      summary: 'The price tiers of the current filter (all pages) as .xlsx',
      fileName: PriceTierText.exportName,
      columns: TIER_EXPORT,
    },
    query: { summary: 'One price tier of the acting area' },
    create: {
      summary: 'Create a price tier (its lines are added with saveLine)',
      body: PriceTierCreateSchema,
      values: (body, { scope: scenicId }) => ({ ...body, scenicId }),
    },
    update: { summary: 'Rename, describe, enable or disable a tier', body: PriceTierUpdateSchema },
    delete: {
      summary: 'Delete a tier with its lines; 409 while distributors or orders refer to it',
      guard: async (tier, tx) => {
        const [used] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(distributors)
          .where(eq(distributors.tierId, tier.id));
        const [sold] = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(ticketOrders)
          .where(eq(ticketOrders.tierId, tier.id));
        if (Number(used?.n) || Number(sold?.n))
          throw new AppError(409, 'priceTierInUse', {
            params: { distributors: Number(used?.n ?? 0), orders: Number(sold?.n ?? 0) },
          });
      },
    },
    status: {
      summary: 'Enable or disable tiers (a disabled tier prices no order); all or none change',
      body: PriceTierStatusSchema,
    },
  });
}
