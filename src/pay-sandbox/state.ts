import { randomBytes } from 'node:crypto';

export type Provider = 'wechat' | 'alipay';

/** A merchant (WeChat mchid / Alipay app) registered through the control API. */
export interface Merchant {
  merchantId: string;
  appId: string;
  /** The merchant's public key (PEM): verifies its requests */
  publicKey: string;
  /** WeChat: the merchant certificate's serial its requests name */
  certSerial: string | null;
  /** WeChat: the APIv3 key that encrypts notifications */
  apiKey: string | null;
}

export type PaymentStatus = 'pending' | 'paid' | 'failed' | 'closed';
export type RefundStatus = 'processing' | 'success' | 'failed';

export interface SandboxRefund {
  refundNo: string;
  refundId: string;
  amount: number;
  reason: string;
  status: RefundStatus;
  failReason: string | null;
  notifyUrl: string | null;
  createdAt: Date;
  doneAt: Date | null;
}

export interface SandboxPayment {
  /** The sandbox's own id: the pay page is /pay/<id> */
  id: string;
  provider: Provider;
  merchantId: string;
  appId: string;
  paymentNo: string;
  /** In fen */
  amount: number;
  description: string;
  scene: 'jsapi' | 'qr' | 'h5';
  payerId: string | null;
  notifyUrl: string | null;
  status: PaymentStatus;
  /** WeChat transaction_id / Alipay trade_no */
  transactionId: string;
  createdAt: Date;
  paidAt: Date | null;
  refunds: SandboxRefund[];
}

export interface ReceivedRequest {
  provider: Provider | 'page' | 'control';
  method: string;
  path: string;
  /** The provider's API name (Alipay `method`) or the path */
  api: string;
  /** The HTTP status answered and, for refusals, the provider's error code */
  status: number;
  error: string | null;
  at: Date;
}

export interface Delivery {
  provider: Provider;
  kind: 'payment' | 'refund';
  paymentNo: string;
  url: string;
  /** The status our server answered with (0: not reached) */
  status: number;
  reply: string;
  wrongSignature: boolean;
  at: Date;
}

export type RefundMode = { mode: 'success' } | { mode: 'fail'; reason: string } | { mode: 'processing' };

/** What the control API set for the notifications to come. */
export interface NotifyOptions {
  /** Keep notifications until `releaseNotifications` */
  hold: boolean;
  /** Send each notification this long after its event (real time; the demo's "late payment") */
  delayMs: number;
  /** The next notification is sent twice */
  twice: boolean;
  /** The next notification carries a signature that does not verify */
  wrongSignature: boolean;
}

export function newId(prefix: string): string {
  return `${prefix}${randomBytes(10).toString('hex')}`;
}

/** Everything the sandbox holds: in memory, gone when it stops. */
export class SandboxState {
  readonly merchants = new Map<string, Merchant>();
  readonly payments = new Map<string, SandboxPayment>();
  readonly received: ReceivedRequest[] = [];
  readonly deliveries: Delivery[] = [];
  refundMode: RefundMode = { mode: 'success' };
  notify: NotifyOptions = { hold: false, delayMs: 0, twice: false, wrongSignature: false };
  /** Statement downloads by token */
  readonly files = new Map<string, { body: Buffer; contentType: string }>();
  /** paymentNo or refundNo -> the amount its statement line shows instead of the true one */
  readonly statementOverrides = new Map<string, number>();

  /** A merchant by WeChat mchid or Alipay app_id */
  merchant(provider: Provider, key: string): Merchant | undefined {
    for (const m of this.merchants.values())
      if ((provider === 'wechat' ? m.merchantId : m.appId) === key) return m;
    return undefined;
  }

  byNo(provider: Provider, merchantKey: string, paymentNo: string): SandboxPayment | undefined {
    for (const p of this.payments.values())
      if (
        p.provider === provider &&
        p.paymentNo === paymentNo &&
        (provider === 'wechat' ? p.merchantId : p.appId) === merchantKey
      )
        return p;
    return undefined;
  }

  /** A payment by sandbox id, prepay id / trade_no, or payment number (the latest of that number). */
  find(idOrNo: string): SandboxPayment | undefined {
    const direct = this.payments.get(idOrNo);
    if (direct) return direct;
    let found: SandboxPayment | undefined;
    for (const p of this.payments.values())
      if (p.paymentNo === idOrNo || p.transactionId === idOrNo || `wx${p.id}` === idOrNo) found = p;
    return found;
  }

  findRefund(refundNo: string): { payment: SandboxPayment; refund: SandboxRefund } | undefined {
    for (const payment of this.payments.values())
      for (const refund of payment.refunds) if (refund.refundNo === refundNo) return { payment, refund };
    return undefined;
  }

  reset(): void {
    this.payments.clear();
    this.received.length = 0;
    this.deliveries.length = 0;
    this.refundMode = { mode: 'success' };
    this.notify = { hold: false, delayMs: 0, twice: false, wrongSignature: false };
    this.statementOverrides.clear();
  }
}
