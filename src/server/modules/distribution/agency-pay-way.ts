import { sql } from 'drizzle-orm';
import { PAY_WAY_AGENCY_BALANCE, PAY_WAY_AGENCY_CREDIT } from '../../../shared/dict/order.ts';
import { queryRows } from '../../db/rows.ts';
import { AppError } from '../../http/errors.ts';
import type { StoredValuePayWay } from '../orders/index.ts';
import {
  debitDistributor,
  distributorOfAccount,
  refundDistributorPayment,
  type AgencyPayWay,
} from './ledger.service.ts';

/**
 * A distributor's order paid with its stored value (docs/decisions.md "Distributor balance and
 * credit"), plugged into orders as a pay way: 5 (prepaid balance) or 8 (credit), only at T2, debited
 * in the order's transaction; a refund goes back where it came from. The distributor is the one
 * whose login account placed the order (`admin_id`).
 */

/** The payment provider name of distributor balance and credit payments (refunds go back at once). */
export const AGENCY_PROVIDER = 'agency';

export const agencyPayWay: StoredValuePayWay = {
  provider: AGENCY_PROVIDER,
  payWays: [PAY_WAY_AGENCY_BALANCE, PAY_WAY_AGENCY_CREDIT],
  check(input) {
    if (input.adminId == null) throw new AppError(400, 'agencyNeedsDistributor');
  },
  onlyAtOrder: 'agencyPaysAtOrder',
  // the whole order: a guarded debit, the distributor's ledger row
  async pay(tx, order, payWay, amount) {
    const distributor =
      order.adminId == null ? null : await distributorOfAccount(tx, order.scenicId, order.adminId);
    if (!distributor) throw new AppError(400, 'agencyNeedsDistributor');
    await debitDistributor(tx, {
      scenicId: order.scenicId,
      distributorId: distributor.id,
      payWay: payWay as AgencyPayWay,
      amount,
      reference: order.orderNo,
      adminId: order.adminId,
    });
  },
  async payBack(tx, { scenicId, orderId, amount, refundId, adminId }) {
    const [order] = await queryRows<{ order_no: string }>(
      tx,
      sql`select order_no from ticket_orders where id = ${orderId}`,
    );
    await refundDistributorPayment(tx, {
      scenicId,
      reference: order!.order_no,
      amount,
      remark: `refund ${refundId}`,
      adminId,
    });
  },
};
