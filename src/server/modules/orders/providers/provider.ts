import type { PayWayCode } from '../../../../shared/dict/order.ts';

/**
 * A payment provider (docs/domain.md "Callbacks are idempotent and may be late"). The order core records
 * payments and refunds; a provider moves the money. Online providers (WeChat Pay, Alipay…) plug in
 * here with their own signature checks in their callback route.
 */
export interface PaymentProvider {
  /** Stored in payments.provider; (provider, providerTxnId) is unique */
  name: string;
  /** Pay ways this provider confirms */
  payWays: readonly PayWayCode[];
  /**
   * Starts giving money back. `created`: someone hands it back and marks the refund done (cash,
   * POS reversal); `transit`: the provider accepted it and reports the outcome later.
   */
  refund(input: { paymentId: number; providerTxnId: string | null; amount: number }): Promise<{
    status: 'created' | 'transit';
    providerRefundId: string | null;
  }>;
  /** Whether the provider holds an in-flight payment for an order (asked before a T5 cancel). */
  hasPaymentInFlight(orderNo: string): Promise<boolean>;
}
