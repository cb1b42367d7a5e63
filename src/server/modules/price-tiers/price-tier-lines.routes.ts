import { and, asc, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import {
  priceTierApi,
  PriceTierAssignSchema,
  PriceTierLineIdSchema,
  PriceTierLineRowSchema,
  PriceTierLineSaveSchema,
  PriceTierLinesQuerySchema,
  TierDistributorRowSchema,
  TierProductOptionSchema,
} from '../../../shared/api/price-tiers.ts';
import { PRODUCT_TYPE } from '../../../shared/dict/product.ts';
import { perm, scenicScope } from '../../http/access.ts';
import { audited, registerAction } from '../../http/action.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { writeAudit } from '../audit/index.ts';
import { distributors } from '../distribution/index.ts';
import { ticketProducts } from '../products/index.ts';
import { priceTiers } from './price-tiers.table.ts';
import { assignTier, deleteTierLine, saveTierLine, tierLines } from './tiers.service.ts';

const tags = ['distribution'];
/** The tier lines' audit rows (the actions below). */
const audit = { write: writeAudit, module: 'distribution', targetType: 'priceTierLine' } as const;

/** docs/product.md §2 /disManage/retailrole: a tier's lines, and the products they may price. */
export async function priceTierLineRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  // hand-registered: a read that is not a list resource
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

  registerAction(root, {
    url: priceTierApi.saveLine,
    access: perm('admin:retailRole:edit'),
    tag: 'distribution',
    summary: 'Create (no id) or edit a line of a tier',
    description:
      'Lines of one product in one tier may not share a day (400 on dateFrom); retailFloor ≥ settlementPrice (cents).',
    body: PriceTierLineSaveSchema,
    response: z.object({ id: z.number().int() }),
    audit: { ...audit, action: 'save' },
    run: async (tx, { scenicId, adminId: _, ...line }) => {
      const { before, after } = await saveTierLine(tx, scenicId, line);
      return audited(
        { id: after.id },
        { targetId: after.id, action: before ? 'update' : 'create', before, after },
      );
    },
  });

  registerAction(root, {
    method: 'GET',
    url: priceTierApi.deleteLine,
    access: perm('admin:retailRole:edit'),
    tag: 'distribution',
    summary: 'Delete a line of a tier (orders keep the prices they were placed at)',
    querystring: PriceTierLineIdSchema,
    response: z.null(),
    audit: { ...audit, action: 'delete' },
    run: async (tx, { scenicId, id }) => {
      const before = await deleteTierLine(tx, scenicId, id);
      return audited(null, { targetId: before.id, before });
    },
  });

  // hand-registered: a read for a form's picker, not a list resource
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
}

/** docs/product.md §2 /disManage/retailrole: the distributors on a tier, and putting them on one. */
export async function priceTierAssignRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  // hand-registered: a read for a form's picker, not a list resource
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

  // hand-registered: several records in one move, an audit row for each
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
