import { and, asc, desc, eq, inArray, isNull, lte, gt, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { type BrowseGoodsCard } from '../../../../shared/api/shop-browse.ts';
import { SHELF } from '../../../../shared/dict/shop.ts';
import { HOME_MODULE_KIND } from '../../../../shared/dict/shop-content.ts';
import type { Db } from '../../../db/client.ts';
import type { shopHomeModules } from '../shop-content.table.ts';
import { shopGoods, shopSkus } from '../shop.table.ts';

export const ENABLED = 1;
export const scenicHeader = z.object({ 'x-scenic-id': z.string().describe('The scenic area (required)') });
export const memberHeaders = scenicHeader.extend({
  'x-member-token': z.string().describe('The member token from login'),
});

/** Goods the mini-program shows: on the shelf, filed under an enabled category whose parent (if any) is enabled. */
export const onSale = (scenicId: number): SQL =>
  and(
    eq(shopGoods.scenicId, scenicId),
    eq(shopGoods.status, SHELF.on),
    sql`${shopGoods.categoryId} in (select c.id from shop_categories c
      left join shop_categories p on p.id = c.parent_id
      where c.scenic_id = ${scenicId} and c.status = 1 and (p.id is null or p.status = 1))`,
  )!;

/** A category and, for a top-level one, its children. */
export const inCategory = (categoryId: number): SQL =>
  or(
    eq(shopGoods.categoryId, categoryId),
    sql`${shopGoods.categoryId} in (select id from shop_categories where parent_id = ${categoryId})`,
  )!;

/** A window that has begun and not ended at `now` (either end may be open). */
export const inWindow = (start: PgColumn, end: PgColumn, now: Date) =>
  and(or(isNull(start), lte(start, now)), or(isNull(end), gt(end, now)));

export const minPrice = sql<number>`min(${shopSkus.price})`.mapWith(Number);

/** Goods cards: the goods with their SKUs' price range and whether any is in stock. */
export async function goodsCards(
  db: Db,
  where: SQL,
  options: { order?: SQL[]; limit?: number; offset?: number } = {},
): Promise<BrowseGoodsCard[]> {
  const query = db
    .select({
      id: shopGoods.id,
      name: shopGoods.name,
      subtitle: shopGoods.subtitle,
      cover: shopGoods.cover,
      sales: shopGoods.sales,
      minPrice,
      maxPrice: sql<number>`max(${shopSkus.price})`.mapWith(Number),
      stock: sql<number>`coalesce(sum(${shopSkus.stock}), 0)`.mapWith(Number),
    })
    .from(shopGoods)
    .innerJoin(shopSkus, eq(shopSkus.goodsId, shopGoods.id))
    .where(where)
    .groupBy(shopGoods.id)
    .orderBy(...(options.order ?? [asc(shopGoods.sort), desc(shopGoods.id)]))
    .$dynamic();
  if (options.limit !== undefined) query.limit(options.limit);
  if (options.offset !== undefined) query.offset(options.offset);
  const rows = await query;
  return rows.map(({ stock, ...r }) => ({ ...r, inStock: stock > 0 }));
}

/** The module's goods on sale: chosen ones in their order, or the category's first `goodsLimit` by sort. */
export async function moduleGoods(db: Db, scenicId: number, m: typeof shopHomeModules.$inferSelect) {
  if (m.kind === HOME_MODULE_KIND.goods) {
    if (m.goodsIds.length === 0) return [];
    const cards = await goodsCards(db, and(onSale(scenicId), inArray(shopGoods.id, m.goodsIds))!);
    return m.goodsIds.flatMap((id) => cards.find((c) => c.id === id) ?? []);
  }
  if (!m.categoryId) return [];
  return goodsCards(db, and(onSale(scenicId), inCategory(m.categoryId))!, { limit: m.goodsLimit });
}
