import type { shopShipCountApi } from '../../../shared/api/shop-orders.ts';
import { endpoints } from '../../../shared/api/endpoints.ts';
import { get } from '../../lib/request.ts';

// the contract's URL, typed against it: importing shop-orders.ts itself would bring zod into the top bar's load
const countShipOrder: typeof shopShipCountApi.countShipOrder = endpoints('/order', [
  'countShipOrder',
]).countShipOrder;

/**
 * docs/product.md §7: the acting area's paid shop orders waiting for shipment; 0 on any failure.
 * Its own small file because the top bar calls it (the order screens' code stays out of its load).
 */
export async function fetchPendingShipCount(): Promise<number> {
  try {
    const n = await get<number>(countShipOrder, undefined, { silent: true });
    return typeof n === 'number' && Number.isFinite(n) ? n : 0;
  } catch {
    return 0;
  }
}
