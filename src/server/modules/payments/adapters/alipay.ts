import { EgressError, egressRequest } from '../../../lib/egress.ts';
import { COMMON_HINTS, NotificationRejected, probeConnection, ProviderError } from './adapter.ts';
import type {
  IncomingNotification,
  Notification,
  PayAdapter,
  PaymentState,
  PaySettings,
  RefundState,
} from './adapter.ts';
import { parseAlipayBillZip } from './alipay.bill.ts';
import { ALIPAY_OK, alipayCall, alipaySdk } from './alipay.client.ts';
import type { AlipayAnswer } from './alipay.client.ts';
import { cstDateTime, fenToYuan, parseCstDateTime, yuanToFen } from '../../../../shared/pay-format.ts';

/** Alipay OpenAPI (pay way 3): mini-program (alipay.trade.create), QR code (precreate) and phone web (wap.pay). */

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const fenOf = (v: unknown): number => {
  const fen = yuanToFen(str(v));
  if (fen === null) throw new ProviderError('BAD_ANSWER', `not an amount: ${str(v)}`);
  return fen;
};

function paymentState(a: Record<string, unknown>): PaymentState {
  const status = str(a.trade_status);
  const paidAt = parseCstDateTime(str(a.send_pay_date) || str(a.gmt_payment));
  const mapped: PaymentState['status'] | undefined = {
    WAIT_BUYER_PAY: 'pending' as const,
    TRADE_SUCCESS: 'paid' as const,
    TRADE_FINISHED: 'paid' as const,
    // a fully refunded trade is closed too: it was paid
    TRADE_CLOSED: paidAt ? ('paid' as const) : ('closed' as const),
  }[status];
  if (!mapped) throw new ProviderError('BAD_ANSWER', `unknown trade_status ${status}`);
  return {
    paymentNo: str(a.out_trade_no),
    status: mapped,
    providerTxnId: str(a.trade_no) || null,
    amount: fenOf(a.total_amount),
    paidAt: mapped === 'paid' ? paidAt : null,
  };
}

/** Refusals that say the refund will not happen (its reason kept); others (system errors) are retried. */
const RETRY = /^(ACQ\.SYSTEM_ERROR|isp\.|aop\.|20000)/;

function failedRefund(refundNo: string, amount: number, a: AlipayAnswer): RefundState {
  return {
    refundNo,
    status: 'failed',
    providerRefundId: null,
    amount,
    reason: `${a.sub_code ?? a.code}: ${a.sub_msg ?? a.msg ?? ''}`,
  };
}

const biz = (input: { paymentNo: string; amount: number; description: string; expiresAt: Date }) => ({
  out_trade_no: input.paymentNo,
  total_amount: fenToYuan(input.amount),
  subject: input.description.slice(0, 256),
  time_expire: cstDateTime(input.expiresAt),
});

export const alipayAdapter: PayAdapter = {
  payWay: 3,
  name: 'alipay',

  async createPayment(s, input) {
    if (input.scene === 'jsapi') {
      if (!input.payerId) throw new ProviderError('PARAM_ERROR', 'a mini-program payment needs the buyer id');
      const buyer = /^2088\d{12}$/.test(input.payerId)
        ? { buyer_id: input.payerId }
        : { buyer_open_id: input.payerId };
      const a = await alipayCall(
        s,
        'alipay.trade.create',
        { ...biz(input), ...buyer, product_code: 'JSAPI_PAY' },
        { notifyUrl: s.notifyUrl },
      );
      return { scene: 'jsapi', params: { tradeNO: str(a.trade_no), outTradeNo: str(a.out_trade_no) } };
    }
    if (input.scene === 'qr') {
      const a = await alipayCall(s, 'alipay.trade.precreate', biz(input), { notifyUrl: s.notifyUrl });
      return { scene: 'qr', codeUrl: str(a.qr_code) };
    }
    // a page call: the payer's browser opens the signed URL, nothing is sent from here
    const sdk = await alipaySdk(s);
    const url = sdk.pageExecute('alipay.trade.wap.pay', 'GET', {
      bizContent: { ...biz(input), product_code: 'QUICK_WAP_WAY' },
      notifyUrl: s.notifyUrl,
    });
    return { scene: 'h5', url };
  },

  async queryPayment(s, paymentNo) {
    return paymentState(await alipayCall(s, 'alipay.trade.query', { out_trade_no: paymentNo }));
  },

  async closePayment(s, paymentNo) {
    await alipayCall(s, 'alipay.trade.close', { out_trade_no: paymentNo });
  },

  async refund(s, input) {
    const a = await alipayCall(
      s,
      'alipay.trade.refund',
      {
        out_trade_no: input.paymentNo,
        ...(input.providerTxnId ? { trade_no: input.providerTxnId } : {}),
        refund_amount: fenToYuan(input.amount),
        out_request_no: input.refundNo,
        refund_reason: input.reason.slice(0, 256),
      },
      { notifyUrl: s.notifyUrl },
    ).catch((err: unknown) => {
      if (
        err instanceof ProviderError &&
        !RETRY.test(err.code) &&
        err.code !== 'SIGN_VERIFY' &&
        err.code !== 'EGRESS' &&
        err.code !== 'CONFIG' &&
        err.code !== 'BAD_ANSWER'
      )
        return { code: 'refused', sub_code: err.code, sub_msg: err.providerMessage } as AlipayAnswer;
      throw err;
    });
    if (a.code !== ALIPAY_OK) return failedRefund(input.refundNo, input.amount, a);
    // fund_change Y: the money moved now; N: not yet, alipay.trade.fastpay.refund.query tells later
    return {
      refundNo: input.refundNo,
      status: str(a.fund_change) === 'Y' ? 'success' : 'processing',
      providerRefundId: null,
      amount: input.amount,
      reason: null,
    };
  },

  async queryRefund(s, refundNo, paymentNo) {
    const a = await alipayCall(s, 'alipay.trade.fastpay.refund.query', {
      out_trade_no: paymentNo,
      out_request_no: refundNo,
      query_options: ['gmt_refund_pay'],
    });
    const status = str(a.refund_status);
    return {
      refundNo,
      // refund_status is given once the refund succeeded; until then it is in process
      status: status === 'REFUND_SUCCESS' ? 'success' : status === 'REFUND_FAIL' ? 'failed' : 'processing',
      providerRefundId: null,
      amount: a.refund_amount ? fenOf(a.refund_amount) : 0,
      reason: status === 'REFUND_FAIL' ? `REFUND_FAIL: ${str(a.error_code)}` : null,
    };
  },

  async parseNotification(s, incoming) {
    return parseAlipayNotification(s, incoming);
  },

  notificationReply(accepted) {
    return accepted
      ? { status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' }
      : { status: 400, contentType: 'text/plain; charset=utf-8', body: 'fail' };
  },

  async downloadStatement(s, date) {
    const a = await alipayCall(
      s,
      'alipay.data.dataservice.bill.downloadurl.query',
      { bill_type: 'trade', bill_date: date },
      { accept: ['isp.bill_not_exist'] },
    );
    if (a.code !== ALIPAY_OK) return [];
    try {
      const res = await egressRequest(str(a.bill_download_url), {
        maxBytes: 32 * 1024 * 1024,
        timeoutMs: 60_000,
      });
      if (res.status !== 200) throw new ProviderError(`HTTP_${res.status}`, 'the statement download failed');
      return parseAlipayBillZip(new Uint8Array(res.body));
    } catch (err) {
      if (err instanceof EgressError) throw new ProviderError('EGRESS', err.message);
      throw err;
    }
  },

  testConnection: (s) =>
    probeConnection(async (probe) => {
      const a = await alipayCall(
        s,
        'alipay.trade.query',
        { out_trade_no: probe },
        { accept: ['ACQ.TRADE_NOT_EXIST'] },
      );
      return String(a.sub_code ?? a.code);
    }, HINTS),
};

/** What the provider's codes mean to a person setting up the keys (PayTestHint). */
const HINTS = {
  ...COMMON_HINTS,
  'isv.invalid-signature': 'ourSignatureRefused',
  'isv.invalid-app-id': 'appIdUnknown',
} as const;

async function parseAlipayNotification(
  s: PaySettings,
  incoming: IncomingNotification,
): Promise<Notification> {
  let sdk;
  try {
    sdk = await alipaySdk(s);
  } catch {
    throw new NotificationRejected('the Alipay public key is not set');
  }
  const params = Object.fromEntries(new URLSearchParams(incoming.rawBody));
  // V2: the values as received (already form-decoded), not decoded a second time
  if (!params.sign || !sdk.checkNotifySignV2(params))
    throw new NotificationRejected('the signature does not verify with the Alipay public key');
  if (params.app_id !== s.appId) throw new NotificationRejected('the notification is for another app');
  const refundNo = params.out_biz_no;
  if (refundNo && params.refund_fee) {
    return {
      kind: 'refund',
      refund: {
        refundNo,
        paymentNo: params.out_trade_no ?? '',
        status: 'success',
        providerRefundId: null,
        // refund_fee is the trade's refunded total so far
        amount: fenOf(params.refund_fee),
        reason: null,
      },
    };
  }
  return { kind: 'payment', payment: paymentState(params) };
}
