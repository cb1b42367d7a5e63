import { PAY_WAY_AGENCY_BALANCE, PAY_WAY_AGENCY_CREDIT } from '../../../shared/dict/order.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { debitDistributor, distributorOfAccount, type AgencyPayWay } from '../distribution/index.ts';
import { tierOfAccount, tierPrices } from '../price-tiers/index.ts';
import type { OrderRecord } from './order-core.ts';

/**
 * A distributor's order paid with its stored value (docs/decisions.md "Distributor balance and
 * credit"): pay way 5 (prepaid balance) or 8 (credit), only at T2, debited in the order's
 * transaction. The distributor is the one whose login account placed the order (`admin_id`).
 */

/** The payment provider name of distributor balance and credit payments (refunds go back at once). */
export const AGENCY_PROVIDER = 'agency';

/** Whether a pay way is a distributor's balance or credit. */
export const isAgencyPayWay = (payWay: number | undefined): payWay is AgencyPayWay =>
  payWay === PAY_WAY_AGENCY_BALANCE || payWay === PAY_WAY_AGENCY_CREDIT;

/** T2 with pay way 5 or 8: the order's distributor pays the whole order (guarded debit, its ledger row). */
export async function payFromDistributor(
  tx: Db,
  order: OrderRecord,
  payWay: AgencyPayWay,
  amount: number,
): Promise<void> {
  const distributor =
    order.adminId == null ? null : await distributorOfAccount(tx, order.scenicId, order.adminId);
  if (!distributor) throw new AppError(400, 'agencyNeedsDistributor');
  await debitDistributor(tx, {
    scenicId: order.scenicId,
    distributorId: distributor.id,
    payWay,
    amount,
    reference: order.orderNo,
    adminId: order.adminId,
  });
}

/** A ticket as planned, before it is written: a tier-priced one also gets its retail floor. */
export interface TierPricedTicket {
  productId: number;
  visitDate: string;
  price: number;
  showId: number | null;
  departureId: number | null;
  retailFloor?: number | null | undefined;
}

/**
 * A distributor's order (its `adminId` is the account of a distributor with an enabled tier): each
 * calendar ticket (not a seat of a show, not a package departure) whose product and visit date a
 * line of the tier covers is priced at the line's settlement price and keeps its retail floor;
 * the others keep the calendar price (docs/decisions.md "Price tiers"). Answers the tier, or null.
 */
export async function priceForDistributor(
  tx: Db,
  scenicId: number,
  adminId: number | null | undefined,
  tickets: TierPricedTicket[],
): Promise<number | null> {
  if (adminId == null) return null;
  const tier = await tierOfAccount(tx, scenicId, adminId);
  if (!tier) return null;
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
  return tier.tierId;
}
