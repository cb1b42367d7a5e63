import type { PayWayCode } from '../../../../shared/dict/order.ts';
import type { Db } from '../../../db/client.ts';

/**
 * A payment provider (docs/domain.md "Callbacks are idempotent and may be late"). The order core records
 * payments and refunds; a provider moves the money. The offline one is built in; online providers
 * (WeChat Pay, Alipay: the payments module) plug into `paymentProviders` with their own signature
 * checks in their notify route.
 */
export interface PaymentProvider {
  /** Stored in payments.provider; (provider, providerTxnId) is unique */
  name: string;
  /** Pay ways this provider confirms */
  payWays: readonly PayWayCode[];
  /**
   * Records how money goes back, in the caller's transaction (no call out from here). `created`: an
   * online provider's sender takes it from there (retry and backoff), or a person hands it back and
   * marks the refund done (cash, POS reversal); `transit`: already on its way.
   */
  refund(input: { paymentId: number; providerTxnId: string | null; amount: number }): Promise<{
    status: 'created' | 'transit';
    providerRefundId: string | null;
  }>;
  /**
   * Asked by the expiry job before it cancels unpaid orders past their deadline (T5), outside any
   * transaction (it may call the provider): settles what the provider says was paid in time and
   * answers the numbers of the orders whose payment is still in flight, which are left for a later pass.
   */
  settleBeforeExpiry?(db: Db, now: Date): Promise<ReadonlySet<string>>;
  /**
   * Asked before a person cancels an unpaid order (staff T5, channel T4, member), outside the cancel's
   * transaction: settles a payment the provider says was made, closes one still open there, and
   * throws (an AppError) when the provider cannot answer, so the cancel does not go ahead.
   */
  settleBeforeCancel?(db: Db, scenicId: number, orderNo: string): Promise<void>;
}
