import type { PricingStep } from '../orders/index.ts';
import { tierOfAccount, tierPrices } from './tiers.service.ts';

/**
 * A distributor's price tier as orders' first pricing step (docs/decisions.md "Price tiers"): in an
 * order whose `adminId` is the account of a distributor with an enabled tier, each calendar ticket
 * (not a seat of a show, not a package departure) whose product and visit date a line of the tier
 * covers is priced at the line's settlement price and keeps its retail floor; the others keep the
 * calendar price. The order keeps the tier.
 */
export const tierPricing: PricingStep = {
  name: 'priceTier',
  stage: 10,
  async price(tx, { input, tickets }) {
    if (input.adminId == null) return undefined;
    const tier = await tierOfAccount(tx, input.scenicId, input.adminId);
    if (!tier) return undefined;
    const priced = tickets.filter((t) => t.showId == null && t.departureId == null);
    const lineOf = await tierPrices(
      tx,
      tier.tierId,
      priced.map((t) => ({ productId: t.productId, date: t.visitDate })),
    );
    for (const t of priced) {
      const line = lineOf(t.productId, t.visitDate);
      if (!line) continue;
      t.price = line.settlementPrice;
      t.retailFloor = line.retailFloor;
    }
    return { tierId: tier.tierId };
  },
};
