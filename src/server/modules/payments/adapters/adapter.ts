import { randomBytes } from 'node:crypto';
import type { PaymentTestResult } from '../../../../shared/api/payments.ts';
import type { PayTestHintCode } from '../../../../shared/dict/payments.ts';

/**
 * An online payment provider's adapter (issue 30): the provider's own wire protocol (WeChat Pay API
 * v3, Alipay OpenAPI), every call out through lib/egress.ts (the one way out). One adapter per online
 * pay way of docs/product.md §9 (2 WeChat Pay, 3 Alipay). The adapters are stateless: each call gets
 * the area's settings of that pay way, opened (secrets in plain text, in memory only).
 */

/** An area's settings of one online pay way, secrets opened. Which fields a provider uses is its own. */
export interface PaySettings {
  /** Merchant id (WeChat `mchid`; Alipay's seller id, optional) */
  merchantId: string;
  /** App id (WeChat `appid` of the mini-program or official account; Alipay `app_id`) */
  appId: string;
  /** Provider's API base, e.g. https://api.mch.weixin.qq.com, https://openapi.alipay.com/gateway.do; the sandbox's in the demo */
  gatewayUrl: string;
  /** Where the provider posts notifications (this server's notify route for the area and pay way) */
  notifyUrl: string;
  /** true: the provider's sandbox environment */
  sandbox: boolean;
  /** WeChat: APIv3 key (32 bytes, AES-256-GCM of notifications); Alipay: the content-encryption key (AES), optional */
  apiKey: string | null;
  /** WeChat: the merchant API certificate's serial number */
  certSerial: string | null;
  /** Merchant private key (PEM, PKCS#8 or PKCS#1): signs requests */
  privateKey: string | null;
  /** Merchant certificate (PEM), when the provider asks for one */
  certificate: string | null;
  /** The provider's public key or platform certificate (PEM): verifies answers and notifications */
  providerKey: string | null;
  /** WeChat: the serial of the platform certificate / public key id the provider signs with */
  providerKeySerial: string | null;
}

/** How the payer pays: the mini-program (JSAPI, needs the payer's openid), a QR code (windows, machines), a phone browser page. */
export type PayScene = 'jsapi' | 'qr' | 'h5';

export interface CreatePaymentInput {
  /** Our payment number (WeChat `out_trade_no`, Alipay `out_trade_no`), unique per area */
  paymentNo: string;
  /** In fen */
  amount: number;
  description: string;
  scene: PayScene;
  /** JSAPI: the payer's openid (WeChat) or buyer id (Alipay) */
  payerId?: string;
  /** When the provider must stop accepting the payment */
  expiresAt: Date;
  /** H5: the payer's IP */
  clientIp?: string;
}

/** What the channel or the mini-program needs to start paying. */
export type PaymentStart =
  | { scene: 'jsapi'; params: Record<string, string> }
  | { scene: 'qr'; codeUrl: string }
  | { scene: 'h5'; url: string };

/** A provider's word on a payment. */
export interface PaymentState {
  paymentNo: string;
  status: 'pending' | 'paid' | 'closed' | 'failed';
  /** The provider's transaction id (once paid) */
  providerTxnId: string | null;
  /** In fen */
  amount: number;
  paidAt: Date | null;
}

export interface RefundInput {
  paymentNo: string;
  providerTxnId: string | null;
  /** Our refund number, unique per area */
  refundNo: string;
  /** In fen: the refund and the payment's total */
  amount: number;
  total: number;
  reason: string;
}

export interface RefundState {
  refundNo: string;
  status: 'processing' | 'success' | 'failed' | 'closed';
  providerRefundId: string | null;
  amount: number;
  /** Why it failed, in the provider's words */
  reason: string | null;
}

/** A notification as received: raw body and headers (the signature covers the raw bytes). */
export interface IncomingNotification {
  headers: Record<string, string | string[] | undefined>;
  rawBody: string;
}

/** A verified, decrypted notification. */
export type Notification =
  | { kind: 'payment'; payment: PaymentState }
  | { kind: 'refund'; refund: RefundState & { paymentNo: string } };

/** The provider's answer to a notification, sent as the HTTP reply. */
export interface NotificationReply {
  status: number;
  contentType: string;
  body: string;
}

/** One line of a daily statement. */
export interface StatementLine {
  kind: 'payment' | 'refund';
  paymentNo: string;
  refundNo: string | null;
  providerTxnId: string;
  /** In fen */
  amount: number;
  at: Date;
}

export interface PayAdapter {
  /** §9 pay way: 2 WeChat Pay, 3 Alipay */
  payWay: number;
  /** Stored in payments.provider */
  name: string;
  createPayment(settings: PaySettings, input: CreatePaymentInput): Promise<PaymentStart>;
  queryPayment(settings: PaySettings, paymentNo: string): Promise<PaymentState>;
  closePayment(settings: PaySettings, paymentNo: string): Promise<void>;
  refund(settings: PaySettings, input: RefundInput): Promise<RefundState>;
  queryRefund(settings: PaySettings, refundNo: string, paymentNo: string): Promise<RefundState>;
  /** Verifies the signature and decrypts; throws NotificationRejected when it does not verify. */
  parseNotification(settings: PaySettings, incoming: IncomingNotification): Promise<Notification>;
  /** The reply the provider expects for an accepted (true) or refused (false) notification. */
  notificationReply(accepted: boolean): NotificationReply;
  /** The day's statement (the area's clock date, YYYY-MM-DD). */
  downloadStatement(settings: PaySettings, date: string): Promise<StatementLine[]>;
  /** A signed, harmless query (an order number that does not exist), its answer verified: ok, or what went wrong. */
  testConnection(settings: PaySettings): Promise<PaymentTestResult>;
}

/** A notification whose signature or content does not verify: refused, nothing changes. */
export class NotificationRejected extends Error {
  constructor(readonly why: string) {
    super(`notification rejected: ${why}`);
    this.name = 'NotificationRejected';
  }
}

/** The provider answered with an error (its code and message), or its answer did not verify. */
export class ProviderError extends Error {
  constructor(
    readonly code: string,
    readonly providerMessage: string,
  ) {
    super(`${code}: ${providerMessage}`);
    this.name = 'ProviderError';
  }
}

/**
 * Test connection's shape for every adapter: a signed query for an order number that does not
 * exist (`query(probe)` answers the provider's code), its answer verified; a ProviderError's code
 * is read through the adapter's `hints` (PayTestHint: what a person setting up the keys can do).
 */
export async function probeConnection(
  query: (probe: string) => Promise<string>,
  hints: Partial<Record<string, PayTestHintCode>>,
): Promise<PaymentTestResult> {
  try {
    const code = await query(`TEST-CONN-${randomBytes(6).toString('hex')}`);
    return { ok: true, hint: 'verified', code, providerMessage: '' };
  } catch (err) {
    if (!(err instanceof ProviderError)) throw err;
    return { ok: false, hint: hints[err.code] ?? null, code: err.code, providerMessage: err.providerMessage };
  }
}

/** The hints both adapters share: the codes they raise themselves. */
export const COMMON_HINTS = {
  SIGN_VERIFY: 'answerNotVerified',
  CONFIG: 'settingsIncomplete',
  SIGN_FAILED: 'settingsIncomplete',
  EGRESS: 'unreachable',
} as const satisfies Record<string, PayTestHintCode>;
