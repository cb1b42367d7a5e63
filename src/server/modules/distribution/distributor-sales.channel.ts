import type { BuyChannelCode } from '../../../shared/dict/product.ts';
import type { SalesChannel } from '../orders/index.ts';
import { distributorOfClient } from './distribution.service.ts';

const DISTRIBUTION_CHANNEL: BuyChannelCode = 13;

/**
 * A distributor's own client (issued on its detail page, `distributors.client_id`) as a sales
 * channel of orders (orders/channels.ts): it sells on the distribution channel (13) as the
 * distributor, whose login account makes the order its own (its tier's prices, pay ways 5 and 8,
 * its rows only). A distributor without a login account does not sell.
 */
export const distributorSales: SalesChannel = {
  name: 'distributors',
  async partyOf(db, { scenicId, clientId }) {
    const agency = await distributorOfClient(db, scenicId, clientId);
    if (!agency?.adminId) return undefined;
    return { channel: DISTRIBUTION_CHANNEL, adminId: agency.adminId, products: null };
  },
};
