import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type {
  ShopGoodCreate,
  ShopGoodDetail,
  ShopGoodRow,
  ShopGoodUpdate,
  ShopSkuInput,
  ShopSpecInput,
} from '../../../../shared/api/shop.ts';
import { STOCK_MOVE, type StockMoveReasonCode } from '../../../../shared/dict/shop.ts';
import type { Db } from '../../../db/client.ts';
import { rowsOf } from '../../../db/rows.ts';
import { createRecord, updateRecord, type Resource } from '../../../http/crud.ts';
import { AppError, FieldError } from '../../../http/errors.ts';
import { writeAudit } from '../../audit/index.ts';
import { sanitizeRichText } from '../../notices/index.ts';
import { ShopFieldReason } from '../shop.messages.ts';
import {
  shopCategories,
  shopGoods,
  shopOrderLines,
  shopServices,
  shopSkus,
  shopStockMoves,
  type ShopGoods,
  type ShopSku,
} from '../shop.table.ts';

export const goodsResource: Resource<typeof shopGoods> = {
  table: shopGoods,
  id: shopGoods.id,
  scenic: shopGoods.scenicId,
  module: 'shop',
  targetType: 'shopGoods',
  audit: writeAudit,
};

/** The list rows: each goods item with its category and the price range and stock of its SKUs. */
export async function goodsRows(db: Db, records: ShopGoods[]): Promise<ShopGoodRow[]> {
  if (records.length === 0) return [];
  const ids = records.map((g) => g.id);
  const sums = rowsOf<{ goods_id: number; min: number; max: number; stock: number; n: number }>(
    await db.execute(sql`select goods_id, min(price)::int as min, max(price)::int as max,
        sum(stock)::int as stock, count(*)::int as n
      from shop_skus where goods_id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )}) group by goods_id`),
  );
  const byGoods = new Map(sums.map((s) => [Number(s.goods_id), s]));
  const categoryIds = [...new Set(records.map((g) => g.categoryId))];
  const categories = await db
    .select({ id: shopCategories.id, name: shopCategories.name })
    .from(shopCategories)
    .where(inArray(shopCategories.id, categoryIds));
  const names = new Map(categories.map((c) => [c.id, c.name]));
  return records.map((g) => {
    const s = byGoods.get(g.id);
    return {
      id: g.id,
      name: g.name,
      subtitle: g.subtitle,
      categoryId: g.categoryId,
      categoryName: names.get(g.categoryId) ?? '',
      cover: g.cover,
      status: g.status,
      sort: g.sort,
      sales: g.sales,
      minPrice: s ? Number(s.min) : 0,
      maxPrice: s ? Number(s.max) : 0,
      stock: s ? Number(s.stock) : 0,
      skuCount: s ? Number(s.n) : 0,
      createTime: g.createdAt.toISOString(),
      updateTime: g.updatedAt.toISOString(),
    };
  });
}

const skuOut = (s: ShopSku) => ({
  id: s.id,
  specValues: s.specValues,
  code: s.code,
  image: s.image,
  price: s.price,
  originalPrice: s.originalPrice,
  stock: s.stock,
});

export async function goodsDetail(db: Db, record: ShopGoods, row: ShopGoodRow): Promise<ShopGoodDetail> {
  const skus = await db
    .select()
    .from(shopSkus)
    .where(eq(shopSkus.goodsId, record.id))
    .orderBy(asc(shopSkus.sort), asc(shopSkus.id));
  return {
    ...row,
    gallery: record.gallery,
    detail: record.detail,
    serviceIds: record.serviceIds,
    specs: record.specs,
    skus: skus.map(skuOut),
  };
}

/** Each SKU takes one listed value of every specification, no combination twice, no code twice. */
function checkSkus(specs: ShopSpecInput[], skus: ShopSkuInput[]) {
  const seen = new Set<string>();
  const codes = new Set<string>();
  skus.forEach((sku, i) => {
    const fits =
      sku.specValues.length === specs.length && sku.specValues.every((v, k) => specs[k]!.values.includes(v));
    if (!fits) throw new FieldError(`skus.${i}.specValues`, ShopFieldReason.skuSpecs);
    const combination = JSON.stringify(sku.specValues);
    if (seen.has(combination)) throw new FieldError(`skus.${i}.specValues`, ShopFieldReason.skuCombination);
    seen.add(combination);
    if (sku.code) {
      if (codes.has(sku.code)) throw new FieldError(`skus.${i}.code`, ShopFieldReason.skuCodeRepeat);
      codes.add(sku.code);
    }
  });
}

async function checkRefs(db: Db, scenicId: number, body: { categoryId?: number; serviceIds?: number[] }) {
  if (body.categoryId !== undefined) {
    const [category] = await db
      .select({ id: shopCategories.id })
      .from(shopCategories)
      .where(and(eq(shopCategories.id, body.categoryId), eq(shopCategories.scenicId, scenicId)));
    if (!category) throw new FieldError('categoryId', ShopFieldReason.categoryNotInArea);
  }
  if (body.serviceIds?.length) {
    const [found] = await db
      .select({ n: count() })
      .from(shopServices)
      .where(and(inArray(shopServices.id, body.serviceIds), eq(shopServices.scenicId, scenicId)));
    if ((found?.n ?? 0) !== body.serviceIds.length)
      throw new FieldError('serviceIds', ShopFieldReason.serviceNotInArea);
  }
}

/** One movement of a SKU's stock with its ledger row; a decrease never takes it below 0 (409). */
export async function moveStock(
  tx: Db,
  move: {
    scenicId: number;
    skuId: number;
    delta: number;
    reason: StockMoveReasonCode;
    note?: string;
    orderId?: number | null;
    adminId?: number | null;
  },
): Promise<{ goodsId: number; stock: number }> {
  const [sku] = await tx
    .update(shopSkus)
    .set({ stock: sql`${shopSkus.stock} + ${move.delta}`, updatedAt: new Date() })
    .where(
      and(
        eq(shopSkus.id, move.skuId),
        eq(shopSkus.scenicId, move.scenicId),
        sql`${shopSkus.stock} + ${move.delta} >= 0`,
      ),
    )
    .returning({ goodsId: shopSkus.goodsId, stock: shopSkus.stock });
  if (!sku) {
    const [current] = await tx
      .select({ stock: shopSkus.stock })
      .from(shopSkus)
      .where(and(eq(shopSkus.id, move.skuId), eq(shopSkus.scenicId, move.scenicId)));
    if (!current) throw new AppError(404, 'shopSkuNotFound');
    throw new AppError(409, 'shopStockNotEnough', { params: { stock: current.stock, n: -move.delta } });
  }
  await tx.insert(shopStockMoves).values({
    scenicId: move.scenicId,
    goodsId: sku.goodsId,
    skuId: move.skuId,
    delta: move.delta,
    stockAfter: sku.stock,
    reason: move.reason,
    note: move.note ?? '',
    orderId: move.orderId ?? null,
    adminId: move.adminId ?? null,
  });
  return sku;
}

/**
 * Makes the goods item's SKUs the ones sent: a SKU with `id` is kept (price, code, image change; its
 * stock only by a stock adjustment), a new one is inserted with its opening stock in the ledger, a
 * missing one is removed unless it has been ordered.
 */
async function writeSkus(tx: Db, goods: ShopGoods, skus: ShopSkuInput[], adminId: number | null) {
  const existing = await tx.select().from(shopSkus).where(eq(shopSkus.goodsId, goods.id));
  const kept = new Set<number>();
  for (const [i, sku] of skus.entries()) {
    if (sku.id === undefined) continue;
    if (!existing.some((e) => e.id === sku.id))
      throw new FieldError(`skus.${i}.id`, ShopFieldReason.skuNotOfGoods);
    kept.add(sku.id);
  }
  const removed = existing.filter((e) => !kept.has(e.id)).map((e) => e.id);
  if (removed.length) {
    const [ordered] = await tx
      .select({ n: count() })
      .from(shopOrderLines)
      .where(inArray(shopOrderLines.skuId, removed));
    if ((ordered?.n ?? 0) > 0) throw new FieldError('skus', ShopFieldReason.skuOrdered);
    await tx.delete(shopSkus).where(inArray(shopSkus.id, removed));
  }
  for (const [i, sku] of skus.entries()) {
    const values = {
      specValues: sku.specValues,
      code: sku.code,
      image: sku.image,
      price: sku.price,
      originalPrice: sku.originalPrice,
      sort: i,
      updatedAt: new Date(),
    };
    if (sku.id !== undefined) {
      await tx.update(shopSkus).set(values).where(eq(shopSkus.id, sku.id));
      continue;
    }
    const [created] = await tx
      .insert(shopSkus)
      .values({ ...values, scenicId: goods.scenicId, goodsId: goods.id, stock: 0 })
      .returning({ id: shopSkus.id });
    if (sku.stock > 0)
      await moveStock(tx, {
        scenicId: goods.scenicId,
        skuId: created!.id,
        delta: sku.stock,
        reason: STOCK_MOVE.initial,
        adminId,
      });
  }
}

const skuSnapshot = async (tx: Db, row: ShopGoods) => ({
  skus: (
    await tx.select().from(shopSkus).where(eq(shopSkus.goodsId, row.id)).orderBy(asc(shopSkus.sort))
  ).map(skuOut),
});

const adminOf = (req: FastifyRequest) => req.auth?.adminId ?? null;

export async function createGoods(db: Db, req: FastifyRequest, scenicId: number, body: ShopGoodCreate) {
  checkSkus(body.specs, body.skus);
  await checkRefs(db, scenicId, body);
  const { skus, ...values } = body;
  return createRecord(
    db,
    req,
    goodsResource,
    { ...values, detail: sanitizeRichText(values.detail), scenicId },
    { write: (tx, row) => writeSkus(tx, row, skus, adminOf(req)), snapshot: skuSnapshot },
  );
}

export async function updateGoods(db: Db, req: FastifyRequest, scenicId: number, body: ShopGoodUpdate) {
  const { id, skus, ...rest } = body;
  const values = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined)) as Partial<
    typeof shopGoods.$inferInsert
  >;
  if (values.detail !== undefined) values.detail = sanitizeRichText(values.detail);
  if (skus && body.specs) checkSkus(body.specs, skus);
  await checkRefs(db, scenicId, rest);
  return updateRecord(
    db,
    req,
    goodsResource,
    id,
    scenicId,
    { ...values, updatedAt: new Date() },
    {
      ...(skus ? { write: (tx: Db, row: ShopGoods) => writeSkus(tx, row, skus, adminOf(req)) } : {}),
      snapshot: skuSnapshot,
    },
  );
}
