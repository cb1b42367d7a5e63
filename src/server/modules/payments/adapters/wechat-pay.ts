import { createHash } from 'node:crypto';
import { COMMON_HINTS, NotificationRejected, probeConnection, ProviderError } from './adapter.ts';
import type {
  IncomingNotification,
  Notification,
  PayAdapter,
  PaymentState,
  PaySettings,
  RefundState,
} from './adapter.ts';
import { parseRfc3339, rfc3339Cst } from '../../../../shared/pay-format.ts';
import { wechatCall, wechatDownload, wechatKeys } from './wechat-pay.client.ts';
import { parseWechatBill } from './wechat-pay.bill.ts';
import { decryptResource, jsapiParams, signatureProblem } from './wechat-pay.sign.ts';

/** WeChat Pay API v3 (pay way 2): JSAPI / mini-program, Native (QR code) and H5 payments. */

type Json = Record<string, unknown>;
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const num = (v: unknown): number => (typeof v === 'number' && Number.isSafeInteger(v) ? v : 0);

const TRADE_STATE: Record<string, PaymentState['status']> = {
  SUCCESS: 'paid',
  REFUND: 'paid',
  NOTPAY: 'pending',
  USERPAYING: 'pending',
  ACCEPT: 'pending',
  CLOSED: 'closed',
  REVOKED: 'closed',
  PAYERROR: 'failed',
};

function paymentState(t: Json): PaymentState {
  const status = TRADE_STATE[str(t.trade_state)];
  if (!status) throw new ProviderError('BAD_ANSWER', `unknown trade_state ${str(t.trade_state)}`);
  const amount = (t.amount ?? {}) as Json;
  return {
    paymentNo: str(t.out_trade_no),
    status,
    providerTxnId: str(t.transaction_id) || null,
    amount: num(amount.total),
    paidAt: status === 'paid' ? parseRfc3339(t.success_time) : null,
  };
}

const REFUND_STATUS: Record<string, RefundState['status']> = {
  SUCCESS: 'success',
  PROCESSING: 'processing',
  ABNORMAL: 'failed',
  CLOSED: 'closed',
};

function refundState(r: Json, fallbackNo = ''): RefundState {
  const raw = str(r.status) || str(r.refund_status);
  const status = REFUND_STATUS[raw];
  if (!status) throw new ProviderError('BAD_ANSWER', `unknown refund status ${raw}`);
  const amount = (r.amount ?? {}) as Json;
  return {
    refundNo: str(r.out_refund_no) || fallbackNo,
    status,
    providerRefundId: str(r.refund_id) || null,
    amount: num(amount.refund),
    reason:
      status === 'failed'
        ? 'ABNORMAL: 退款异常（用户账户异常或已注销）/ the refund is abnormal (payer account)'
        : status === 'closed'
          ? 'CLOSED: 退款关闭 / the refund was closed'
          : null,
  };
}

const enc = encodeURIComponent;

/** 4xx business refusals of a refund: the refund failed, with the provider's reason (401, 429, 5xx are errors to retry). */
const REFUND_REFUSALS = [
  'NOT_ENOUGH',
  'USER_ACCOUNT_ABNORMAL',
  'INVALID_REQUEST',
  'PARAM_ERROR',
  'NO_AUTH',
  'FREQUENCY_LIMITED',
  'MCH_NOT_EXISTS',
  'RESOURCE_NOT_EXISTS',
];

export const wechatPayAdapter: PayAdapter = {
  payWay: 2,
  name: 'wechat',

  async createPayment(s, input) {
    const kind = { jsapi: 'jsapi', qr: 'native', h5: 'h5' }[input.scene];
    if (input.scene === 'jsapi' && !input.payerId)
      throw new ProviderError('PARAM_ERROR', 'a JSAPI payment needs the payer openid');
    const body: Json = {
      appid: s.appId,
      mchid: s.merchantId,
      description: input.description.slice(0, 127),
      out_trade_no: input.paymentNo,
      time_expire: rfc3339Cst(input.expiresAt),
      notify_url: s.notifyUrl,
      amount: { total: input.amount, currency: 'CNY' },
    };
    if (input.scene === 'jsapi') body.payer = { openid: input.payerId };
    if (input.scene === 'h5')
      body.scene_info = { payer_client_ip: input.clientIp ?? '127.0.0.1', h5_info: { type: 'Wap' } };
    const { body: answer } = await wechatCall(s, 'POST', `/v3/pay/transactions/${kind}`, body);
    if (input.scene === 'jsapi') {
      const prepayId = str(answer.prepay_id);
      if (!prepayId) throw new ProviderError('BAD_ANSWER', 'no prepay_id');
      return { scene: 'jsapi', params: jsapiParams(s.appId, prepayId, wechatKeys(s).privateKey) };
    }
    if (input.scene === 'qr') return { scene: 'qr', codeUrl: str(answer.code_url) };
    return { scene: 'h5', url: str(answer.h5_url) };
  },

  async queryPayment(s, paymentNo) {
    const { body } = await wechatCall(
      s,
      'GET',
      `/v3/pay/transactions/out-trade-no/${enc(paymentNo)}?mchid=${enc(s.merchantId)}`,
    );
    return paymentState(body);
  },

  async closePayment(s, paymentNo) {
    await wechatCall(s, 'POST', `/v3/pay/transactions/out-trade-no/${enc(paymentNo)}/close`, {
      mchid: s.merchantId,
    });
  },

  async refund(s, input) {
    const answer = await wechatCall(
      s,
      'POST',
      '/v3/refund/domestic/refunds',
      {
        ...(input.providerTxnId
          ? { transaction_id: input.providerTxnId }
          : { out_trade_no: input.paymentNo }),
        out_refund_no: input.refundNo,
        reason: input.reason.slice(0, 80),
        notify_url: s.notifyUrl,
        amount: { refund: input.amount, total: input.total, currency: 'CNY' },
      },
      REFUND_REFUSALS,
    );
    if (answer.code)
      return {
        refundNo: input.refundNo,
        status: 'failed',
        providerRefundId: null,
        amount: input.amount,
        reason: `${answer.code}: ${answer.message}`,
      };
    return refundState(answer.body, input.refundNo);
  },

  async queryRefund(s, refundNo) {
    const { body } = await wechatCall(s, 'GET', `/v3/refund/domestic/refunds/${enc(refundNo)}`);
    return refundState(body, refundNo);
  },

  async parseNotification(s, incoming) {
    return parseWechatNotification(s, incoming);
  },

  notificationReply(accepted) {
    return accepted
      ? { status: 204, contentType: 'application/json', body: '' }
      : {
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({ code: 'FAIL', message: '失败' }),
        };
  },

  async downloadStatement(s, date) {
    const answer = await wechatCall(
      s,
      'GET',
      `/v3/bill/tradebill?bill_date=${enc(date)}&bill_type=ALL`,
      undefined,
      ['NO_STATEMENT_EXIST'],
    );
    if (answer.code) return [];
    const file = await wechatDownload(s, str(answer.body.download_url));
    const hash = createHash(str(answer.body.hash_type).toUpperCase() === 'SHA1' ? 'sha1' : 'sha256')
      .update(file)
      .digest('hex');
    if (hash !== str(answer.body.hash_value).toLowerCase())
      throw new ProviderError('HASH_MISMATCH', 'the downloaded statement does not match its hash');
    return parseWechatBill(file.toString('utf8'));
  },

  testConnection: (s) =>
    probeConnection(async (probe) => {
      const answer = await wechatCall(
        s,
        'GET',
        `/v3/pay/transactions/out-trade-no/${probe}?mchid=${enc(s.merchantId)}`,
        undefined,
        ['ORDER_NOT_EXIST'],
      );
      return String(answer.code ?? 'an order');
    }, HINTS),
};

/** What the provider's codes mean to a person setting up the keys (PayTestHint). */
const HINTS = { ...COMMON_HINTS, SIGN_ERROR: 'ourSignatureRefused' } as const;

async function parseWechatNotification(
  s: PaySettings,
  incoming: IncomingNotification,
): Promise<Notification> {
  if (!s.providerKey || !s.apiKey)
    throw new NotificationRejected('the platform key or the APIv3 key is not set');
  const problem = signatureProblem(incoming.headers, incoming.rawBody, s.providerKey, s.providerKeySerial);
  if (problem) throw new NotificationRejected(problem);
  let event: Json;
  let resource: Json;
  try {
    event = JSON.parse(incoming.rawBody) as Json;
    const r = event.resource as {
      ciphertext: string;
      nonce: string;
      associated_data?: string;
      algorithm?: string;
    };
    if (r.algorithm !== 'AEAD_AES_256_GCM') throw new Error('algorithm');
    resource = JSON.parse(decryptResource(r, s.apiKey)) as Json;
  } catch {
    throw new NotificationRejected('the resource does not decrypt with the APIv3 key');
  }
  if (str(resource.mchid) !== s.merchantId)
    throw new NotificationRejected('the notification is for another merchant');
  const type = str(event.event_type);
  if (type.startsWith('TRANSACTION.')) return { kind: 'payment', payment: paymentState(resource) };
  if (type.startsWith('REFUND.'))
    return { kind: 'refund', refund: { ...refundState(resource), paymentNo: str(resource.out_trade_no) } };
  throw new NotificationRejected(`unknown event type ${type}`);
}
