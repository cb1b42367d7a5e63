import { randomBytes } from 'node:crypto';
import { zipSync } from 'fflate';
import { cstDateTime, fen, rsaSign, rsaVerify, yuan } from './crypto.ts';
import type { SandboxContext } from './context.ts';
import type { Reply, SandboxRequest } from './http.ts';
import { SandboxRefusal } from './ops.ts';
import type { SandboxOps } from './ops.ts';
import type { Merchant, SandboxPayment } from './state.ts';
import { alipayBill } from './statement.ts';

/** Alipay OpenAPI (gateway.do): form parameters signed RSA2 over their sorted key=value string; answers signed over the response JSON. */

/** What the merchant signs: every parameter but sign, empty ones left out, sorted, key=value joined by &. */
export function alipayRequestSignContent(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((k) => k !== 'sign' && params[k] !== '')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

/** `{"<method>_response":{...},"sign":"..."}`, the signature over the response object's exact JSON text. */
function answer(ctx: SandboxContext, method: string, value: Record<string, unknown>): Reply {
  const inner = JSON.stringify(value);
  const key = `${method.replace(/\./g, '_')}_response`;
  const body = `{"${key}":${inner},"sign":"${rsaSign(inner, ctx.keys.alipay.privateKey)}"}`;
  return { status: 200, headers: { 'content-type': 'application/json; charset=utf-8' }, body };
}

const ok = (value: Record<string, unknown>) => ({ code: '10000', msg: 'Success', ...value });

/** The 40004 / 40002 ... answer of a refusal, in Alipay's words */
function failure(err: SandboxRefusal): Record<string, unknown> {
  const code = err.code.startsWith('isv.') ? '40002' : err.code.startsWith('isp.') ? '20000' : '40004';
  const msg =
    code === '40002'
      ? 'Invalid Arguments'
      : code === '20000'
        ? 'Service Currently Unavailable'
        : 'Business Failed';
  const sub = err.code === 'NOT_ENOUGH' ? 'ACQ.SELLER_BALANCE_NOT_ENOUGH' : err.code;
  return { code, msg, sub_code: sub.includes('.') ? sub : `ACQ.${sub}`, sub_msg: err.message };
}

function authenticate(ctx: SandboxContext, params: Record<string, string>): Merchant {
  const merchant = ctx.state.merchant('alipay', params.app_id ?? '');
  if (!merchant)
    throw new SandboxRefusal(400, 'isv.invalid-app-id', '无效的AppID参数 / app_id not registered');
  if (params.sign_type !== 'RSA2')
    throw new SandboxRefusal(400, 'isv.invalid-signature-type', '无效的签名类型 / sign_type must be RSA2');
  if (params.charset && params.charset.toLowerCase() !== 'utf-8')
    throw new SandboxRefusal(400, 'isv.invalid-charset', '字符集错误 / charset must be utf-8');
  if (!params.sign || !rsaVerify(alipayRequestSignContent(params), params.sign, merchant.publicKey))
    throw new SandboxRefusal(400, 'isv.invalid-signature', '验签出错 / signature does not verify');
  return merchant;
}

function biz(params: Record<string, string>): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(params.biz_content ?? '{}');
    if (v && typeof v === 'object') return v as Record<string, unknown>;
  } catch {
    // answered below
  }
  throw new SandboxRefusal(400, 'isv.invalid-parameter', 'biz_content 不是JSON / biz_content is not JSON');
}

const text = (b: Record<string, unknown>, name: string): string => {
  const v = b[name];
  if (typeof v !== 'string' || !v)
    throw new SandboxRefusal(400, 'isv.missing-parameter', `缺少参数 ${name} / ${name} missing`);
  return v;
};
const amount = (b: Record<string, unknown>, name: string): number => {
  const v = fen(text(b, name));
  if (!v)
    throw new SandboxRefusal(
      400,
      'isv.invalid-parameter',
      `${name} 金额格式错误 / ${name} is not an amount in yuan`,
    );
  return v;
};

const TRADE_STATUS = {
  pending: 'WAIT_BUYER_PAY',
  paid: 'TRADE_SUCCESS',
  failed: 'TRADE_CLOSED',
  closed: 'TRADE_CLOSED',
} as const;

function create(
  ctx: SandboxContext,
  ops: SandboxOps,
  m: Merchant,
  params: Record<string, string>,
  scene: SandboxPayment['scene'],
) {
  const b = biz(params);
  const buyer = (b.buyer_id ?? b.buyer_open_id) as string | undefined;
  if (scene === 'jsapi' && !buyer)
    throw new SandboxRefusal(400, 'isv.missing-parameter', '缺少 buyer_id / buyer_id missing');
  return ops.createPayment({
    provider: 'alipay',
    merchantId: m.merchantId,
    appId: m.appId,
    paymentNo: text(b, 'out_trade_no'),
    amount: amount(b, 'total_amount'),
    description: text(b, 'subject'),
    scene,
    payerId: buyer ?? null,
    notifyUrl: params.notify_url || null,
  });
}

function refundOf(p: SandboxPayment, refundNo: string) {
  return p.refunds.find((r) => r.refundNo === refundNo);
}

function dispatch(
  ctx: SandboxContext,
  ops: SandboxOps,
  m: Merchant,
  method: string,
  params: Record<string, string>,
): Record<string, unknown> {
  const byNo = (b: Record<string, unknown>) => ops.requirePayment('alipay', m.appId, text(b, 'out_trade_no'));
  switch (method) {
    case 'alipay.trade.create': {
      const p = create(ctx, ops, m, params, 'jsapi');
      return ok({ out_trade_no: p.paymentNo, trade_no: p.transactionId });
    }
    case 'alipay.trade.precreate': {
      const p = create(ctx, ops, m, params, 'qr');
      return ok({ out_trade_no: p.paymentNo, qr_code: `${ctx.baseUrl()}/pay/${p.id}` });
    }
    case 'alipay.trade.query': {
      const p = byNo(biz(params));
      return ok({
        trade_no: p.transactionId,
        out_trade_no: p.paymentNo,
        buyer_logon_id: 'buy***@example.com',
        trade_status: TRADE_STATUS[p.status],
        total_amount: yuan(p.amount),
        ...(p.paidAt ? { send_pay_date: cstDateTime(p.paidAt), buyer_pay_amount: yuan(p.amount) } : {}),
      });
    }
    case 'alipay.trade.close': {
      const p = byNo(biz(params));
      ops.close(p);
      return ok({ trade_no: p.transactionId, out_trade_no: p.paymentNo });
    }
    case 'alipay.trade.refund': {
      const b = biz(params);
      const p = byNo(b);
      const refundNo =
        typeof b.out_request_no === 'string' && b.out_request_no ? b.out_request_no : p.paymentNo;
      const r = ops.refund(
        p,
        refundNo,
        amount(b, 'refund_amount'),
        String(b.refund_reason ?? ''),
        params.notify_url || p.notifyUrl,
      );
      const refunded = p.refunds.filter((x) => x.status === 'success').reduce((s, x) => s + x.amount, 0);
      return ok({
        trade_no: p.transactionId,
        out_trade_no: p.paymentNo,
        buyer_logon_id: 'buy***@example.com',
        // Y: money moved now; N: not (yet): query with alipay.trade.fastpay.refund.query
        fund_change: r.status === 'success' ? 'Y' : 'N',
        refund_fee: yuan(refunded),
        ...(r.doneAt ? { gmt_refund_pay: cstDateTime(r.doneAt) } : {}),
      });
    }
    case 'alipay.trade.fastpay.refund.query': {
      const b = biz(params);
      const p = byNo(b);
      const r = refundOf(p, text(b, 'out_request_no'));
      // refund_status is only given once the refund succeeded, as documented
      return ok({
        trade_no: p.transactionId,
        out_trade_no: p.paymentNo,
        out_request_no: text(b, 'out_request_no'),
        total_amount: yuan(p.amount),
        ...(r ? { refund_amount: yuan(r.amount) } : {}),
        ...(r?.status === 'success'
          ? { refund_status: 'REFUND_SUCCESS', gmt_refund_pay: cstDateTime(r.doneAt!) }
          : {}),
        ...(r?.status === 'failed' ? { refund_status: 'REFUND_FAIL', error_code: r.failReason } : {}),
      });
    }
    case 'alipay.data.dataservice.bill.downloadurl.query': {
      const b = biz(params);
      const date = text(b, 'bill_date');
      const bill = /^\d{4}-\d{2}-\d{2}$/.test(date) ? alipayBill(ctx.state, m.appId, date) : null;
      if (bill === null)
        throw new SandboxRefusal(400, 'isp.bill_not_exist', '账单不存在 / no bill for that day');
      const day = date.replace(/-/g, '');
      const zip = zipSync({
        [`${m.appId}_${day}_业务明细.csv`]: new TextEncoder().encode(bill),
        [`${m.appId}_${day}_业务明细(汇总).csv`]: new TextEncoder().encode('#支付宝业务汇总查询\r\n'),
      });
      const token = randomBytes(12).toString('hex');
      ctx.state.files.set(token, { body: Buffer.from(zip), contentType: 'application/zip' });
      return ok({ bill_download_url: `${ctx.baseUrl()}/alipay/bill?token=${token}` });
    }
    default:
      throw new SandboxRefusal(400, 'isv.invalid-method', `不存在的方法名 / unknown method ${method}`);
  }
}

function paramsOf(req: SandboxRequest): Record<string, string> {
  const params: Record<string, string> = Object.fromEntries(req.query);
  const type = String(req.headers['content-type'] ?? '');
  if (req.method === 'POST' && type.includes('application/x-www-form-urlencoded'))
    Object.assign(params, Object.fromEntries(new URLSearchParams(req.rawBody)));
  return params;
}

/** Answers a gateway call (or the statement download), or null when the path is not one. */
export function handleAlipay(ctx: SandboxContext, ops: SandboxOps, req: SandboxRequest): Reply | null {
  if (req.path === '/alipay/bill' && req.method === 'GET') {
    const file = ctx.state.files.get(req.query.get('token') ?? '');
    return file
      ? { status: 200, headers: { 'content-type': file.contentType }, body: file.body }
      : { status: 404, body: 'no such file' };
  }
  if (req.path !== '/gateway.do') return null;
  const params = paramsOf(req);
  const method = params.method ?? '';
  let value: Record<string, unknown>;
  let reply: Reply | null = null;
  try {
    const merchant = authenticate(ctx, params);
    if (method === 'alipay.trade.wap.pay') {
      // a page call: the browser is sent on to the pay page
      const p = create(ctx, ops, merchant, params, 'h5');
      reply = { status: 302, headers: { location: `${ctx.baseUrl()}/pay/${p.id}?scene=h5` } };
      value = ok({});
    } else value = dispatch(ctx, ops, merchant, method, params);
  } catch (err) {
    if (!(err instanceof SandboxRefusal)) throw err;
    value = failure(err);
  }
  ctx.state.received.push({
    provider: 'alipay',
    method: req.method,
    path: req.path,
    api: method,
    status: 200,
    error: value.code === '10000' ? null : String(value.sub_code),
    at: ctx.now(),
  });
  return reply ?? answer(ctx, method || 'error', value);
}
