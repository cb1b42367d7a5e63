import { and, asc, desc, eq, ilike, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import {
  priceTierApi,
  PriceTierAssignSchema,
  PriceTierCreateSchema,
  PriceTierLineIdSchema,
  PriceTierLineRowSchema,
  PriceTierLineSaveSchema,
  PriceTierLinesQuerySchema,
  PriceTierPageSchema,
  PriceTierRowSchema,
  PriceTierStatusSchema,
  PriceTierUpdateSchema,
  TierDistributorRowSchema,
  TierProductOptionSchema,
  type PriceTierPage,
  type PriceTierRow,
} from '../../../shared/api/price-tiers.ts';
import { EnableStatus } from '../../../shared/dict/account.ts';
import { PRODUCT_TYPE } from '../../../shared/dict/ticket.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import { PriceTierField, PriceTierText } from '../../../shared/dict/price-tiers.ts';
import type { Db } from '../../db/client.ts';
import { perm, scenicScope } from '../../http/access.ts';
import type { Resource } from '../../http/crud.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import type { ExportColumn } from '../../http/export.ts';
import { registerListResource } from '../../http/list-resource.ts';
import { likeContains } from '../../http/paging.ts';
import { writeAudit } from '../audit/index.ts';
import { distributors } from '../distribution/index.ts';
import { ticketOrders } from '../orders/index.ts';
import { ticketProducts } from '../products/index.ts';
import { priceTiers, type PriceTier } from './price-tiers.table.ts';
import { assignTier, deleteTierLine, saveTierLine, tierCounts, tierLines } from './tiers.service.ts';

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

/** docs/product.md §2 /disManage/retailrole: price tiers, their lines, and the distributors on them. */
export async function priceTierRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;
  const tags = ['distribution'];

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

  app.get(
    priceTierApi.lines,
    {
      config: { access: perm('admin:retailRole:page') },
      schema: {
        tags,
        summary: 'The lines of a tier: product, visit dates, settlement price and lowest retail price',
        querystring: PriceTierLinesQuerySchema,
        response: { 200: envelopeSchema(z.array(PriceTierLineRowSchema)) },
      },
    },
    async (req) => ok(req, await tierLines(db, scenicScope(req), req.query.tierId)),
  );

  app.post(
    priceTierApi.saveLine,
    {
      config: { access: perm('admin:retailRole:edit') },
      schema: {
        tags,
        summary: 'Create (no id) or edit a line of a tier',
        description:
          'Lines of one product in one tier may not share a day (400 on dateFrom); retailFloor ≥ settlementPrice (cents).',
        body: PriceTierLineSaveSchema,
        response: { 200: envelopeSchema(z.object({ id: z.number().int() })) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const id = await db.transaction(async (tx) => {
        const { before, after } = await saveTierLine(tx, scenicId, req.body);
        await writeAudit(tx, req, {
          module: 'distribution',
          action: before ? 'update' : 'create',
          targetType: 'priceTierLine',
          targetId: after.id,
          before,
          after,
        });
        return after.id;
      });
      return ok(req, { id });
    },
  );

  app.get(
    priceTierApi.deleteLine,
    {
      config: { access: perm('admin:retailRole:edit') },
      schema: {
        tags,
        summary: 'Delete a line of a tier (orders keep the prices they were placed at)',
        querystring: PriceTierLineIdSchema,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      await db.transaction(async (tx) => {
        const before = await deleteTierLine(tx, scenicId, req.query.id);
        await writeAudit(tx, req, {
          module: 'distribution',
          action: 'delete',
          targetType: 'priceTierLine',
          targetId: before.id,
          before,
        });
      });
      return ok(req, null);
    },
  );

  app.get(
    priceTierApi.products,
    {
      config: { access: perm('admin:retailRole:page') },
      schema: {
        tags,
        summary: "The acting area's calendar-priced products (performances sell by seat and are not tiered)",
        response: { 200: envelopeSchema(z.array(TierProductOptionSchema)) },
      },
    },
    async (req) =>
      ok(
        req,
        await db
          .select({ id: ticketProducts.id, name: ticketProducts.name, price: ticketProducts.price })
          .from(ticketProducts)
          .where(
            and(
              eq(ticketProducts.scenicId, scenicScope(req)),
              ne(ticketProducts.productType, PRODUCT_TYPE.performance),
            ),
          )
          .orderBy(asc(ticketProducts.sort), asc(ticketProducts.id)),
      ),
  );

  app.get(
    priceTierApi.distributors,
    {
      config: { access: perm('admin:retailRole:page') },
      schema: {
        tags,
        summary: "The acting area's distributors with their tier (what the assign action picks from)",
        response: { 200: envelopeSchema(z.array(TierDistributorRowSchema)) },
      },
    },
    async (req) => {
      const rows = await db
        .select({
          id: distributors.id,
          company: distributors.company,
          state: distributors.state,
          tierId: distributors.tierId,
          tierName: priceTiers.name,
        })
        .from(distributors)
        .leftJoin(priceTiers, eq(priceTiers.id, distributors.tierId))
        .where(eq(distributors.scenicId, scenicScope(req)))
        .orderBy(asc(distributors.company), asc(distributors.id));
      return ok(req, rows);
    },
  );

  app.post(
    priceTierApi.assign,
    {
      config: { access: perm('admin:retailRole:assign') },
      schema: {
        tags,
        summary: 'Put distributors on a tier (tierId null: back to the calendar prices); all or none',
        body: PriceTierAssignSchema,
        response: { 200: envelopeSchema(z.object({ count: z.number().int() })) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const { tierId, distributorIds } = req.body;
      const count = await db.transaction(async (tx) => {
        const before = await assignTier(tx, scenicId, tierId, distributorIds);
        for (const d of before)
          await writeAudit(tx, req, {
            module: 'distribution',
            action: 'assignTier',
            targetType: 'distributor',
            targetId: d.id,
            before: { tierId: d.tierId },
            after: { tierId },
          });
        return before.length;
      });
      if (!count) throw new AppError(404, 'recordNotFound');
      return ok(req, { count });
    },
  );
}
