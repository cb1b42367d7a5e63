import { refundCountApi } from '../../../shared/api/endpoints.ts';
import { get } from '../../lib/request.ts';

/**
 * docs/product.md §7: the open applications of the acting area; 0 on any failure. Apart from
 * refund-api.ts because the top bar calls it: the schema files stay out of the layout's load.
 */
export async function fetchPendingRefundCount(): Promise<number> {
  try {
    const n = await get<number>(refundCountApi.countRefundApply, undefined, { silent: true });
    return typeof n === 'number' && Number.isFinite(n) ? n : 0;
  } catch {
    return 0;
  }
}
