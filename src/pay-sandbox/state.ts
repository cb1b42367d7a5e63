import { randomBytes } from 'node:crypto';
import { NuonuoState } from './nuonuo-state.ts';

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
  provider: Provider | 'wechat-mp' | 'nuonuo' | 'page' | 'control';
  method: string;
  path: string;
  /** The provider's API name (Alipay `method`) or the path */
  api: string;
  /** The HTTP status answered and, for refusals, the provider's error code (WeChat mini-program: its errcode) */
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

/** A mini-program access token the sandbox issued (WeChat /cgi-bin/token). */
export interface MpToken {
  appid: string;
  /** ms, by the sandbox clock */
  expiresAt: number;
  /** Cut short by a newer token of its app: once dead WeChat calls it "not latest" (40001), not expired (42001) */
  replaced: boolean;
}

export type MiniprogramState = 'developer' | 'trial' | 'formal';

/** A subscription message the sandbox accepted (WeChat /cgi-bin/message/subscribe/send); wire names as sent. */
export interface MpMessage {
  appid: string;
  touser: string;
  template_id: string;
  page: string | null;
  data: Record<string, { value: string }>;
  /** As WeChat takes it: formal when not sent */
  miniprogram_state: MiniprogramState;
  msgid: number;
  receivedAt: Date;
}

/** What the WeChat mini-program API holds: apps (registered on first sight), tokens, messages, refusals. */
export class WechatMpState {
  /** appid -> the secret of the first call that named it */
  readonly secrets = new Map<string, string>();
  readonly tokens = new Map<string, MpToken>();
  readonly messages: MpMessage[] = [];
  /** openids that refuse subscription messages (43101) */
  readonly refusing = new Set<string>();
  private lastMsgId = 2_000_000_000;

  nextMsgId(): number {
    return ++this.lastMsgId;
  }
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
  readonly wechatMp = new WechatMpState();
  /** The Nuonuo open platform (e-invoices): apps, invoice requests, the control's modes */
  readonly nuonuo = new NuonuoState();

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
    // the mini-programs and their tokens stay, as the merchants do
    this.wechatMp.messages.length = 0;
    this.wechatMp.refusing.clear();
    this.nuonuo.reset();
  }
}
