import { and, asc, desc, eq, inArray, ne, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '../../../../shared/api/common.ts';
import {
  BrowseCarouselQuerySchema,
  BrowseCarouselSchema,
  BrowseModuleSchema,
  shopBrowseApi,
  type BrowseModule,
} from '../../../../shared/api/shop-browse.ts';
import { CAROUSEL_LINK } from '../../../../shared/dict/shop-content.ts';
import { MINI_PROGRAM, requireClient } from '../../../http/access.ts';
import { ok } from '../../../http/envelope.ts';
import { shopCarousels, shopHomeModules } from '../shop-content.table.ts';
import { shopGoods } from '../shop.table.ts';
import { ENABLED, inWindow, moduleGoods, onSale, scenicHeader } from './shop-browse.query.ts';

// hand-registered (file): the mini-program's shop reads (its own client), not staff actions

/** The mini-program's home page (client token + X-Scenic-Id): banners and home modules. */
export async function shopBrowseHomeRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;
  const tags = ['shop'];

  app.get(
    shopBrowseApi.carousel,
    {
      config: { access: MINI_PROGRAM },
      schema: {
        tags,
        summary:
          'The enabled banners within their time window (one linking goods only while they are on sale), by sort (`display`: 1 carousel, 2 list)',
        headers: scenicHeader,
        querystring: BrowseCarouselQuerySchema,
        response: { 200: envelopeSchema(z.array(BrowseCarouselSchema)) },
      },
    },
    async (req) => {
      const scenicId = requireClient(req).scenicId;
      const rows = await db
        .select({
          id: shopCarousels.id,
          title: shopCarousels.title,
          image: shopCarousels.image,
          display: shopCarousels.display,
          linkType: shopCarousels.linkType,
          linkId: shopCarousels.linkId,
          linkUrl: shopCarousels.linkUrl,
        })
        .from(shopCarousels)
        .where(
          and(
            eq(shopCarousels.scenicId, scenicId),
            eq(shopCarousels.status, ENABLED),
            inWindow(shopCarousels.startAt, shopCarousels.endAt, new Date()),
            req.query.display ? eq(shopCarousels.display, req.query.display) : undefined,
            // a banner linking goods shows only while they are on sale (it would open nothing)
            or(
              ne(shopCarousels.linkType, CAROUSEL_LINK.goods),
              inArray(
                shopCarousels.linkId,
                db.select({ id: shopGoods.id }).from(shopGoods).where(onSale(scenicId)),
              ),
            ),
          ),
        )
        .orderBy(asc(shopCarousels.sort), desc(shopCarousels.id));
      return ok(req, rows);
    },
  );

  app.get(
    shopBrowseApi.modules,
    {
      config: { access: MINI_PROGRAM },
      schema: {
        tags,
        summary:
          'The home page: enabled modules within their window, by sort, each with its goods on sale (a module with none is left out)',
        headers: scenicHeader,
        response: { 200: envelopeSchema(z.array(BrowseModuleSchema)) },
      },
    },
    async (req) => {
      const scenicId = requireClient(req).scenicId;
      const modules = await db
        .select()
        .from(shopHomeModules)
        .where(
          and(
            eq(shopHomeModules.scenicId, scenicId),
            eq(shopHomeModules.status, ENABLED),
            inWindow(shopHomeModules.startAt, shopHomeModules.endAt, new Date()),
          ),
        )
        .orderBy(asc(shopHomeModules.sort), asc(shopHomeModules.id));
      const answer: BrowseModule[] = [];
      for (const m of modules) {
        const goods = await moduleGoods(db, scenicId, m);
        if (goods.length)
          answer.push({
            id: m.id,
            title: m.title,
            kind: m.kind,
            layout: m.layout,
            categoryId: m.categoryId,
            goods,
          });
      }
      return ok(req, answer);
    },
  );
}
