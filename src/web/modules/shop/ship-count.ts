import { shopShipCountApi } from '../../../shared/api/shop-orders.ts';
import { get } from '../../lib/request.ts';

/**
 * docs/product.md §7: the acting area's paid shop orders waiting for shipment; 0 on any failure.
 * Its own small file because the top bar calls it (the order screens' code stays out of its load).
 */
export async function fetchPendingShipCount(): Promise<number> {
  try {
    const n = await get<number>(shopShipCountApi.countShipOrder, undefined, { silent: true });
    return typeof n === 'number' && Number.isFinite(n) ? n : 0;
  } catch {
    return 0;
  }
}
