import { and, asc, eq, ne } from 'drizzle-orm';
import { PRODUCT_TYPE } from '../../../shared/dict/product.ts';
import type { Db } from '../../db/client.ts';
import { addDays, areaDay, areaTimeZone } from '../../lib/area-clock.ts';
import { distributors } from '../distribution/index.ts';
import { ticketProducts } from '../products/index.ts';
import { priceTiers } from './price-tiers.table.ts';
import { assignTier, saveTierLine } from './tiers.service.ts';

/** The demo tiers: name, remark, settlement and lowest retail price as percents of the product's price. */
const DEMO_TIERS = [
  { name: '金牌分销', remark: '年度合作旅行社', settlement: 75, floor: 90 },
  { name: '银牌分销', remark: '常规合作旅行社', settlement: 85, floor: 95 },
  { name: '标准分销', remark: '新签约分销商', settlement: 92, floor: 100 },
] as const;

/** Whole yuan, in cents. */
const yuan = (cents: number) => Math.round(cents / 100) * 100;

/**
 * Three tiers of the area with a line for each of its calendar-priced products (a year back, a year
 * ahead), through the tiers service; the demo distributors are put on them in turn (the `agent`
 * account's agency on the first).
 */
export async function seedDemoPriceTiers(tx: Db, scenicId: number): Promise<void> {
  const today = areaDay(new Date(), await areaTimeZone(tx, scenicId));
  const products = await tx
    .select({ id: ticketProducts.id, price: ticketProducts.price })
    .from(ticketProducts)
    .where(
      and(eq(ticketProducts.scenicId, scenicId), ne(ticketProducts.productType, PRODUCT_TYPE.performance)),
    )
    .orderBy(asc(ticketProducts.id));
  const tierIds: number[] = [];
  for (const t of DEMO_TIERS) {
    const [tier] = await tx
      .insert(priceTiers)
      .values({ scenicId, name: t.name, remark: t.remark })
      .returning({ id: priceTiers.id });
    tierIds.push(tier!.id);
    for (const p of products) {
      const settlementPrice = yuan((p.price * t.settlement) / 100);
      await saveTierLine(tx, scenicId, {
        tierId: tier!.id,
        productId: p.id,
        dateFrom: addDays(today, -365),
        dateTo: addDays(today, 365),
        settlementPrice,
        retailFloor: Math.max(settlementPrice, yuan((p.price * t.floor) / 100)),
      });
    }
  }
  const dists = await tx
    .select({ id: distributors.id })
    .from(distributors)
    .where(eq(distributors.scenicId, scenicId))
    .orderBy(asc(distributors.id));
  for (const [i, d] of dists.entries()) await assignTier(tx, scenicId, tierIds[i % tierIds.length]!, [d.id]);
}
