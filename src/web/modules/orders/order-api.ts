import {
  orderApi,
  type OrderDetail,
  type OrderDistribution,
  type OrderProductOption,
} from '../../../shared/api/orders.ts';
import { get } from '../../lib/request.ts';

export const ORDER_PAGE_URL = orderApi.page;

/** Channels whose orders have a distribution view (docs/product.md §9: third-party stores, distribution, OTAs). */
export const DISTRIBUTION_CHANNEL_MIN = 11;

/** Products of the area for the product filter. */
export const productOptionsQuery = () => ({
  queryKey: ['orders', 'productOptions'] as const,
  queryFn: () => get<OrderProductOption[]>(orderApi.productOptions),
  staleTime: 60_000,
});

/**
 * Totals of the list's current filter. Keyed under the list's url, so whatever refreshes the list
 * (a reload after an action) refreshes the totals too.
 */
export const orderDetailQuery = (id: number) => ({
  queryKey: ['orders', 'detail', id] as const,
  queryFn: () => get<OrderDetail>(orderApi.query, { id }, { silent: true }),
});

export const distributionQuery = (id: number) => ({
  queryKey: ['orders', 'distribution', id] as const,
  queryFn: () => get<OrderDistribution>(orderApi.distribution, { id }, { silent: true }),
});
