import { aesGcmEncrypt, cstDateTime, nonce, rfc3339, rsaSign, yuan } from './crypto.ts';
import type { SandboxContext } from './context.ts';
import type { Delivery, SandboxPayment, SandboxRefund } from './state.ts';

/** One notification ready to send: where, the body, its headers. */
interface Outgoing {
  provider: Delivery['provider'];
  kind: Delivery['kind'];
  paymentNo: string;
  url: string;
  body: string;
  headers: Record<string, string>;
  wrongSignature: boolean;
}

/** A signature made with a key nobody registered: what a forger sends. */
const forge = (sig: string) => Buffer.from(sig, 'base64').reverse().toString('base64');

/** WeChat Pay v3: the event JSON with the resource encrypted by the merchant's APIv3 key, headers signed by the platform key. */
function wechatOutgoing(
  ctx: SandboxContext,
  payment: SandboxPayment,
  refund: SandboxRefund | null,
  wrongSignature: boolean,
): Outgoing | null {
  const merchant = ctx.state.merchant('wechat', payment.merchantId);
  const url = refund ? refund.notifyUrl : payment.notifyUrl;
  if (!merchant?.apiKey || !url) return null;
  const now = ctx.now();
  const resource = refund
    ? {
        mchid: payment.merchantId,
        out_trade_no: payment.paymentNo,
        transaction_id: payment.transactionId,
        out_refund_no: refund.refundNo,
        refund_id: refund.refundId,
        refund_status: refund.status === 'success' ? 'SUCCESS' : 'ABNORMAL',
        ...(refund.doneAt ? { success_time: rfc3339(refund.doneAt) } : {}),
        user_received_account: '支付用户零钱',
        amount: {
          total: payment.amount,
          refund: refund.amount,
          payer_total: payment.amount,
          payer_refund: refund.amount,
        },
      }
    : {
        appid: payment.appId,
        mchid: payment.merchantId,
        out_trade_no: payment.paymentNo,
        transaction_id: payment.transactionId,
        trade_type: { jsapi: 'JSAPI', qr: 'NATIVE', h5: 'MWEB' }[payment.scene],
        trade_state: 'SUCCESS',
        trade_state_desc: '支付成功',
        bank_type: 'OTHERS',
        attach: '',
        success_time: rfc3339(payment.paidAt ?? now),
        payer: { openid: payment.payerId ?? 'sandbox-openid' },
        amount: {
          total: payment.amount,
          payer_total: payment.amount,
          currency: 'CNY',
          payer_currency: 'CNY',
        },
      };
  const resourceNonce = nonce(12);
  const associatedData = refund ? 'refund' : 'transaction';
  const body = JSON.stringify({
    id: `EV-${nonce(20)}`,
    create_time: rfc3339(now),
    resource_type: 'encrypt-resource',
    event_type: refund
      ? refund.status === 'success'
        ? 'REFUND.SUCCESS'
        : 'REFUND.ABNORMAL'
      : 'TRANSACTION.SUCCESS',
    summary: refund ? '退款结果通知' : '支付成功',
    resource: {
      original_type: associatedData,
      algorithm: 'AEAD_AES_256_GCM',
      ciphertext: aesGcmEncrypt(JSON.stringify(resource), merchant.apiKey, resourceNonce, associatedData),
      associated_data: associatedData,
      nonce: resourceNonce,
    },
  });
  const timestamp = String(Math.floor(now.getTime() / 1000));
  const headerNonce = nonce();
  const signature = rsaSign(`${timestamp}\n${headerNonce}\n${body}\n`, ctx.keys.wechat.privateKey);
  return {
    provider: 'wechat',
    kind: refund ? 'refund' : 'payment',
    paymentNo: payment.paymentNo,
    url,
    body,
    wrongSignature,
    headers: {
      'content-type': 'application/json',
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': headerNonce,
      'wechatpay-signature': wrongSignature ? forge(signature) : signature,
      'wechatpay-serial': ctx.keys.wechat.serial,
      'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
    },
  };
}

/** The string Alipay signs a notification over: every parameter but sign and sign_type, sorted, key=value joined by &. */
export function alipayNotifySignContent(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((k) => k !== 'sign' && k !== 'sign_type' && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

/** Alipay: trade_status_sync, form-encoded, RSA2 over the sorted parameters. A refund is the same message with refund_fee and out_biz_no. */
function alipayOutgoing(
  ctx: SandboxContext,
  payment: SandboxPayment,
  refund: SandboxRefund | null,
  wrongSignature: boolean,
): Outgoing | null {
  const url = refund ? refund.notifyUrl : payment.notifyUrl;
  if (!url) return null;
  const now = ctx.now();
  const refunded = payment.refunds.filter((r) => r.status === 'success').reduce((s, r) => s + r.amount, 0);
  const params: Record<string, string> = {
    notify_time: cstDateTime(now),
    notify_type: 'trade_status_sync',
    notify_id: nonce(32).toLowerCase(),
    app_id: payment.appId,
    charset: 'utf-8',
    version: '1.0',
    sign_type: 'RSA2',
    trade_no: payment.transactionId,
    out_trade_no: payment.paymentNo,
    trade_status: refund && refunded >= payment.amount ? 'TRADE_CLOSED' : 'TRADE_SUCCESS',
    total_amount: yuan(payment.amount),
    receipt_amount: yuan(payment.amount),
    buyer_pay_amount: yuan(payment.amount),
    subject: payment.description,
    gmt_create: cstDateTime(payment.createdAt),
    gmt_payment: cstDateTime(payment.paidAt ?? now),
    buyer_id: payment.payerId ?? '2088000000000000',
    seller_id: payment.merchantId || '2088000000000001',
  };
  if (refund) {
    params.out_biz_no = refund.refundNo;
    params.refund_fee = yuan(refunded);
    params.gmt_refund = `${cstDateTime(refund.doneAt ?? now)}.000`;
  }
  const signature = rsaSign(alipayNotifySignContent(params), ctx.keys.alipay.privateKey);
  params.sign = wrongSignature ? forge(signature) : signature;
  return {
    provider: 'alipay',
    kind: refund ? 'refund' : 'payment',
    paymentNo: payment.paymentNo,
    url,
    body: new URLSearchParams(params).toString(),
    wrongSignature,
    headers: { 'content-type': 'application/x-www-form-urlencoded;charset=utf-8' },
  };
}

async function send(ctx: SandboxContext, out: Outgoing): Promise<Delivery> {
  const delivery: Delivery = {
    provider: out.provider,
    kind: out.kind,
    paymentNo: out.paymentNo,
    url: out.url,
    status: 0,
    reply: '',
    wrongSignature: out.wrongSignature,
    at: ctx.now(),
  };
  try {
    const res = await fetch(out.url, {
      method: 'POST',
      headers: out.headers,
      body: out.body,
      redirect: 'manual',
    });
    delivery.status = res.status;
    delivery.reply = (await res.text()).slice(0, 2000);
  } catch (err) {
    delivery.reply = `not delivered: ${(err as Error).message}`;
  }
  ctx.state.deliveries.push(delivery);
  return delivery;
}

/**
 * Sends the notifications of the sandbox: held until released, delayed, doubled or forged as the
 * control API said. Every send is a promise the tests can await instead of sleeping.
 */
export class Notifier {
  private held: Outgoing[] = [];
  private readonly inFlight = new Set<Promise<Delivery[]>>();
  constructor(private readonly ctx: SandboxContext) {}

  /** The notification of a payment (paid) or of a refund (done or failed); resolves once sent (or held). */
  notify(payment: SandboxPayment, refund: SandboxRefund | null = null): Promise<Delivery[]> {
    const opts = this.ctx.state.notify;
    const build = payment.provider === 'wechat' ? wechatOutgoing : alipayOutgoing;
    const first = build(this.ctx, payment, refund, opts.wrongSignature);
    if (!first) return Promise.resolve([]);
    const batch = [first];
    if (opts.twice) batch.push(build(this.ctx, payment, refund, opts.wrongSignature)!);
    opts.twice = false;
    opts.wrongSignature = false;
    if (opts.hold) {
      this.held.push(...batch);
      return Promise.resolve([]);
    }
    return this.sendAll(batch, opts.delayMs);
  }

  /** Sends what was held; resolves with the deliveries. */
  release(): Promise<Delivery[]> {
    const batch = this.held;
    this.held = [];
    return this.sendAll(batch, 0);
  }

  get heldCount(): number {
    return this.held.length;
  }

  /** Resolves when every notification under way has been sent (what a test awaits instead of sleeping). */
  async idle(): Promise<void> {
    while (this.inFlight.size) await Promise.all([...this.inFlight]);
  }

  private sendAll(batch: Outgoing[], delayMs: number): Promise<Delivery[]> {
    const p = this.sendNow(batch, delayMs).finally(() => this.inFlight.delete(p));
    this.inFlight.add(p);
    return p;
  }

  private async sendNow(batch: Outgoing[], delayMs: number): Promise<Delivery[]> {
    if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
    const out: Delivery[] = [];
    for (const o of batch) out.push(await send(this.ctx, o));
    return out;
  }
}
