import { createHash, randomBytes } from 'node:crypto';
import { nonce, rfc3339, rsaSign, rsaVerify } from './crypto.ts';
import type { SandboxContext } from './context.ts';
import { header } from './http.ts';
import type { Reply, SandboxRequest } from './http.ts';
import { SandboxRefusal } from './ops.ts';
import type { SandboxOps } from './ops.ts';
import type { Merchant, SandboxPayment, SandboxRefund } from './state.ts';
import { wechatBill } from './statement.ts';

/** WeChat Pay API v3 as documented: signed requests, signed answers, JSON bodies. */

const AUTH_RE = /^WECHATPAY2-SHA256-RSA2048\s+(.*)$/;

/** The answer signed by the platform key: Wechatpay-Timestamp, -Nonce, -Signature, -Serial. */
function signed(ctx: SandboxContext, status: number, value: unknown): Reply {
  const body = value === undefined ? '' : JSON.stringify(value);
  const timestamp = String(Math.floor(ctx.now().getTime() / 1000));
  const n = nonce();
  return {
    status,
    headers: {
      ...(body ? { 'content-type': 'application/json; charset=utf-8' } : {}),
      'request-id': `sandbox-${randomBytes(8).toString('hex')}`,
      'wechatpay-timestamp': timestamp,
      'wechatpay-nonce': n,
      'wechatpay-signature': rsaSign(`${timestamp}\n${n}\n${body}\n`, ctx.keys.wechat.privateKey),
      'wechatpay-serial': ctx.keys.wechat.serial,
    },
    body,
  };
}

const error = (ctx: SandboxContext, status: number, code: string, message: string) =>
  signed(ctx, status, { code, message });

/** Checks the Authorization header: the merchant, its certificate serial, the time, the SHA256withRSA signature. */
function authenticate(ctx: SandboxContext, req: SandboxRequest): Merchant {
  const m = AUTH_RE.exec(header(req, 'authorization') ?? '');
  if (!m)
    throw new SandboxRefusal(
      401,
      'SIGN_ERROR',
      'Authorization 缺失或格式错误 / missing or malformed Authorization',
    );
  const fields = Object.fromEntries([...m[1]!.matchAll(/(\w+)="([^"]*)"/g)].map((x) => [x[1], x[2]]));
  const { mchid, nonce_str: nonceStr, signature, timestamp, serial_no: serial } = fields;
  if (!mchid || !nonceStr || !signature || !timestamp || !serial)
    throw new SandboxRefusal(401, 'SIGN_ERROR', 'Authorization 字段不全 / Authorization lacks a field');
  const merchant = ctx.state.merchant('wechat', mchid);
  if (!merchant) throw new SandboxRefusal(401, 'SIGN_ERROR', '商户号未注册 / merchant not registered');
  if (merchant.certSerial && merchant.certSerial.toUpperCase() !== serial.toUpperCase())
    throw new SandboxRefusal(401, 'SIGN_ERROR', '证书序列号不匹配 / certificate serial does not match');
  if (Math.abs(ctx.now().getTime() / 1000 - Number(timestamp)) > 300)
    throw new SandboxRefusal(401, 'SIGN_ERROR', '时间戳超出5分钟 / timestamp more than 5 minutes off');
  const message = `${req.method}\n${req.url}\n${timestamp}\n${nonceStr}\n${req.rawBody}\n`;
  if (!rsaVerify(message, signature, merchant.publicKey))
    throw new SandboxRefusal(401, 'SIGN_ERROR', '签名错误 / signature does not verify');
  return merchant;
}

const TRADE_TYPE = { jsapi: 'JSAPI', qr: 'NATIVE', h5: 'MWEB' } as const;
const TRADE_STATE = { pending: 'NOTPAY', paid: 'SUCCESS', failed: 'PAYERROR', closed: 'CLOSED' } as const;

function transaction(p: SandboxPayment) {
  const refunded = p.refunds.some((r) => r.status === 'success');
  return {
    appid: p.appId,
    mchid: p.merchantId,
    out_trade_no: p.paymentNo,
    ...(p.status === 'paid' ? { transaction_id: p.transactionId, bank_type: 'OTHERS' } : {}),
    trade_type: TRADE_TYPE[p.scene],
    trade_state: refunded ? 'REFUND' : TRADE_STATE[p.status],
    trade_state_desc: { pending: '未支付', paid: '支付成功', failed: '支付失败', closed: '已关闭' }[p.status],
    ...(p.paidAt
      ? { success_time: rfc3339(p.paidAt), payer: { openid: p.payerId ?? 'sandbox-openid' } }
      : {}),
    amount: {
      total: p.amount,
      payer_total: p.status === 'paid' ? p.amount : 0,
      currency: 'CNY',
      payer_currency: 'CNY',
    },
  };
}

function refundBody(p: SandboxPayment, r: SandboxRefund) {
  return {
    refund_id: r.refundId,
    out_refund_no: r.refundNo,
    transaction_id: p.transactionId,
    out_trade_no: p.paymentNo,
    channel: 'ORIGINAL',
    user_received_account: '支付用户零钱',
    ...(r.doneAt && r.status === 'success' ? { success_time: rfc3339(r.doneAt) } : {}),
    create_time: rfc3339(r.createdAt),
    status: { processing: 'PROCESSING', success: 'SUCCESS', failed: 'ABNORMAL' }[r.status],
    funds_account: 'AVAILABLE',
    amount: {
      total: p.amount,
      refund: r.amount,
      payer_total: p.amount,
      payer_refund: r.amount,
      currency: 'CNY',
    },
  };
}

type Body = Record<string, unknown> & { amount?: { total?: unknown; refund?: unknown } };

function parseBody(req: SandboxRequest): Body {
  try {
    const v: unknown = JSON.parse(req.rawBody || '{}');
    if (v && typeof v === 'object') return v as Body;
  } catch {
    // answered below
  }
  throw new SandboxRefusal(400, 'PARAM_ERROR', '请求体不是JSON / body is not JSON');
}

const str = (v: unknown, name: string): string => {
  if (typeof v !== 'string' || !v)
    throw new SandboxRefusal(400, 'PARAM_ERROR', `缺少参数 ${name} / ${name} missing`);
  return v;
};
const int = (v: unknown, name: string): number => {
  if (typeof v !== 'number' || !Number.isInteger(v) || v <= 0)
    throw new SandboxRefusal(
      400,
      'PARAM_ERROR',
      `${name} 必须为正整数（分）/ ${name} must be a positive integer in fen`,
    );
  return v;
};

function createTransaction(
  ctx: SandboxContext,
  ops: SandboxOps,
  merchant: Merchant,
  kind: string,
  b: Body,
): Reply {
  const scene = kind === 'jsapi' ? 'jsapi' : kind === 'native' ? 'qr' : 'h5';
  if (str(b.mchid, 'mchid') !== merchant.merchantId)
    throw new SandboxRefusal(400, 'MCH_NOT_EXISTS', 'mchid 与签名商户不一致 / mchid differs from the signer');
  const payer = b.payer as { openid?: unknown } | undefined;
  if (scene === 'jsapi') str(payer?.openid, 'payer.openid');
  if (scene === 'h5')
    str(
      (b.scene_info as { payer_client_ip?: unknown } | undefined)?.payer_client_ip,
      'scene_info.payer_client_ip',
    );
  const p = ops.createPayment({
    provider: 'wechat',
    merchantId: merchant.merchantId,
    appId: str(b.appid, 'appid'),
    paymentNo: str(b.out_trade_no, 'out_trade_no'),
    amount: int(b.amount?.total, 'amount.total'),
    description: str(b.description, 'description'),
    scene,
    payerId: typeof payer?.openid === 'string' ? payer.openid : null,
    notifyUrl: str(b.notify_url, 'notify_url'),
  });
  const page = `${ctx.baseUrl()}/pay/${p.id}`;
  if (scene === 'jsapi') return signed(ctx, 200, { prepay_id: `wx${p.id}` });
  if (scene === 'qr') return signed(ctx, 200, { code_url: page });
  return signed(ctx, 200, { h5_url: `${page}?scene=h5` });
}

function routeAuthenticated(
  ctx: SandboxContext,
  ops: SandboxOps,
  req: SandboxRequest,
  merchant: Merchant,
): Reply | null {
  const { method, path } = req;
  let m = /^\/v3\/pay\/transactions\/(jsapi|native|h5)$/.exec(path);
  if (m && method === 'POST') return createTransaction(ctx, ops, merchant, m[1]!, parseBody(req));
  m = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)$/.exec(path);
  if (m && method === 'GET') {
    if (req.query.get('mchid') !== merchant.merchantId)
      throw new SandboxRefusal(400, 'PARAM_ERROR', 'mchid 参数错误 / mchid');
    return signed(
      ctx,
      200,
      transaction(ops.requirePayment('wechat', merchant.merchantId, decodeURIComponent(m[1]!))),
    );
  }
  m = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)\/close$/.exec(path);
  if (m && method === 'POST') {
    parseBody(req);
    ops.close(ops.requirePayment('wechat', merchant.merchantId, decodeURIComponent(m[1]!)));
    return signed(ctx, 204, undefined);
  }
  if (path === '/v3/refund/domestic/refunds' && method === 'POST') {
    const b = parseBody(req);
    // transaction_id or out_trade_no, one of the two (WeChat's own rule)
    const byTxn = typeof b.transaction_id === 'string' ? ctx.state.find(b.transaction_id) : undefined;
    const p =
      byTxn && byTxn.provider === 'wechat' && byTxn.merchantId === merchant.merchantId
        ? byTxn
        : ops.requirePayment('wechat', merchant.merchantId, str(b.out_trade_no, 'out_trade_no'));
    if (int(b.amount?.total, 'amount.total') !== p.amount)
      throw new SandboxRefusal(
        400,
        'INVALID_REQUEST',
        '订单金额不一致 / amount.total differs from the payment',
      );
    const notifyUrl = typeof b.notify_url === 'string' ? b.notify_url : p.notifyUrl;
    const r = ops.refund(
      p,
      str(b.out_refund_no, 'out_refund_no'),
      int(b.amount?.refund, 'amount.refund'),
      String(b.reason ?? ''),
      notifyUrl,
    );
    return signed(ctx, 200, refundBody(p, r));
  }
  m = /^\/v3\/refund\/domestic\/refunds\/([^/]+)$/.exec(path);
  if (m && method === 'GET') {
    const found = ctx.state.findRefund(decodeURIComponent(m[1]!));
    if (!found || found.payment.merchantId !== merchant.merchantId)
      throw new SandboxRefusal(404, 'RESOURCE_NOT_EXISTS', '退款单不存在 / no such refund');
    return signed(ctx, 200, refundBody(found.payment, found.refund));
  }
  if (path === '/v3/bill/tradebill' && method === 'GET') {
    const date = req.query.get('bill_date') ?? '';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(date))
      throw new SandboxRefusal(400, 'PARAM_ERROR', 'bill_date 格式错误 / bill_date');
    const bill = wechatBill(ctx.state, merchant.merchantId, date);
    if (bill === null)
      throw new SandboxRefusal(400, 'NO_STATEMENT_EXIST', '账单文件不存在 / no bill for that day');
    const token = randomBytes(12).toString('hex');
    const body = Buffer.from(bill, 'utf8');
    ctx.state.files.set(token, { body, contentType: 'text/plain; charset=utf-8' });
    return signed(ctx, 200, {
      hash_type: 'SHA1',
      hash_value: createHash('sha1').update(body).digest('hex'),
      download_url: `${ctx.baseUrl()}/v3/billdownload/file?token=${token}`,
    });
  }
  if (path === '/v3/billdownload/file' && method === 'GET') {
    // the download answer is the file itself, not signed: the merchant checks hash_value
    const file = ctx.state.files.get(req.query.get('token') ?? '');
    if (!file) throw new SandboxRefusal(404, 'RESOURCE_NOT_EXISTS', '下载链接无效 / no such file');
    return { status: 200, headers: { 'content-type': file.contentType }, body: file.body };
  }
  return null;
}

/** Answers a WeChat Pay v3 call, or null when the path is not one. */
export function handleWechat(ctx: SandboxContext, ops: SandboxOps, req: SandboxRequest): Reply | null {
  if (!req.path.startsWith('/v3/')) return null;
  let reply: Reply | null;
  try {
    reply = routeAuthenticated(ctx, ops, req, authenticate(ctx, req));
    if (!reply) reply = error(ctx, 404, 'NOT_FOUND', 'no such API');
  } catch (err) {
    if (!(err instanceof SandboxRefusal)) throw err;
    reply = error(ctx, err.status, err.code, err.message);
  }
  const body =
    typeof reply.body === 'string' && reply.status >= 400
      ? (JSON.parse(reply.body) as { code?: string })
      : null;
  ctx.state.received.push({
    provider: 'wechat',
    method: req.method,
    path: req.path,
    api: req.path,
    status: reply.status,
    error: body?.code ?? null,
    at: ctx.now(),
  });
  return reply;
}
