import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SandboxContext } from './context.ts';
import { header, json } from './http.ts';
import type { Reply, SandboxRequest } from './http.ts';
import { findCjkFont, INVOICE_FONT_ENV, renderInvoicePdf } from './invoice-pdf.ts';
import { correctionOf } from './nuonuo-correction.ts';
import { NUONUO_CODE, NuonuoRefusal, parseOrder } from './nuonuo-order.ts';
import type { NuonuoOrder } from './nuonuo-order.ts';
import { NUONUO_STATUS, NUONUO_STATUS_MSG } from './nuonuo-state.ts';
import type { NuonuoApp, NuonuoInvoice } from './nuonuo-state.ts';

/**
 * Nuonuo's open platform (诺诺开放平台) for e-invoices, as its documentation gives the protocol:
 * every call is `POST /open/v1/services?senid&nonce&timestamp&appkey` with the method's name in
 * the `method` header, the app's `accessToken`, the seller's tax id in `userTax`, and
 * `X-Nuonuo-Sign` = base64(HMAC-SHA1(appSecret, "a=services&l=v1&p=open&k=<appkey>&i=<senid>
 * &n=<nonce>&t=<timestamp>&f=<raw body>")). senid is 32 characters, nonce 8 digits, timestamp
 * (seconds) within 10 minutes of the platform's clock. Every answer is HTTP 200 and
 * `{code, describe, result}`, `E0000` when it went through; the refusal codes are NUONUO_CODE
 * (nuonuo-order.ts): `070101` public parameters, `070102` stale timestamp, `070201` unknown app,
 * `070301` signature, `070302` token, `070303` userTax, `070401` method; `E9101`-`E9105` the
 * invoice request, `E9201`-`E9204` the void.
 *
 * Methods: requestBillingNew (an order: issued at once by default, or as the control says: the
 * next N fail with a cause, or all stay working (20) until released; the same orderNo of a seller
 * answers the same serial and is never issued twice, unless that request failed or it corrects the
 * buyer of an issued one: nuonuo-correction.ts), queryInvoiceResult
 * (by serialNos or orderNos; unknown ones are simply not in the list), invoiceCancellation (voids
 * an issued blue invoice with no red one). The document is GET /nuonuo/pdf/<serial>.pdf.
 */

export const NUONUO_PATH = '/open/v1/services';
export const NUONUO_METHODS = {
  issue: 'nuonuo.OpeMplatform.requestBillingNew',
  query: 'nuonuo.OpeMplatform.queryInvoiceResult',
  void: 'nuonuo.OpeMplatform.invoiceCancellation',
} as const;
/** How far a request's timestamp may be from the platform's clock */
export const NUONUO_TIMESTAMP_WINDOW_S = 600;
/** The cause a failing request gives when the control named none */
export const NUONUO_DEFAULT_FAIL_CAUSE = '税控设备异常，开票失败（沙箱模拟）';

const PDF_PATH = /^\/nuonuo\/pdf\/([0-9A-Za-z]{1,40})\.pdf$/;

const refuse = (code: string, describe: string) => new NuonuoRefusal(code, describe);
const ok = (result: unknown) => ({ code: NUONUO_CODE.ok, describe: '调用成功', result });

/** The signature Nuonuo computes over a request (the client's nuonuoSign, written again on this side). */
export function nuonuoSignature(
  appSecret: string,
  p: { appKey: string; senid: string; nonce: string; timestamp: string; body: string },
): string {
  const message = `a=services&l=v1&p=open&k=${p.appKey}&i=${p.senid}&n=${p.nonce}&t=${p.timestamp}&f=${p.body}`;
  return createHmac('sha1', appSecret).update(message, 'utf8').digest('base64');
}

const sameText = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};

interface Caller {
  app: NuonuoApp;
  userTax: string;
  method: string;
}

/** The gateway's checks, in its order: public parameters, time, app, signature, token, seller, method. */
function authorize(ctx: SandboxContext, req: SandboxRequest): Caller {
  if (req.method !== 'POST') throw refuse(NUONUO_CODE.badPublicParams, '请求方式须为POST');
  const q = req.query;
  const [senid, nonce, timestamp, appKey] = ['senid', 'nonce', 'timestamp', 'appkey'].map(
    (k) => q.get(k) ?? '',
  );
  if (!/^[0-9A-Za-z]{32}$/.test(senid!)) throw refuse(NUONUO_CODE.badPublicParams, 'senid须为32位');
  if (!/^\d{8}$/.test(nonce!)) throw refuse(NUONUO_CODE.badPublicParams, 'nonce须为8位数字');
  if (!/^\d{1,13}$/.test(timestamp!)) throw refuse(NUONUO_CODE.badPublicParams, 'timestamp格式错误');
  if (!appKey) throw refuse(NUONUO_CODE.badPublicParams, 'appkey不能为空');
  if (Math.abs(ctx.now().getTime() / 1000 - Number(timestamp)) > NUONUO_TIMESTAMP_WINDOW_S)
    throw refuse(NUONUO_CODE.staleTimestamp, '请求已过期，timestamp与服务器时间相差超过10分钟');
  const app = ctx.state.nuonuo.apps.get(appKey!);
  if (!app) throw refuse(NUONUO_CODE.unknownApp, 'appkey不存在');
  const expected = nuonuoSignature(app.appSecret, {
    appKey: appKey!,
    senid: senid!,
    nonce: nonce!,
    timestamp: timestamp!,
    body: req.rawBody,
  });
  if (!sameText(header(req, 'x-nuonuo-sign') ?? '', expected))
    throw refuse(NUONUO_CODE.badSign, '签名验证失败');
  if (!sameText(header(req, 'accessToken') ?? '', app.accessToken))
    throw refuse(NUONUO_CODE.badToken, 'accessToken无效或已过期');
  const userTax = header(req, 'userTax') ?? '';
  if (!userTax || (app.sellers.length > 0 && !app.sellers.some((s) => s.taxId === userTax)))
    throw refuse(NUONUO_CODE.badUserTax, 'userTax为空或未授权该应用');
  const method = header(req, 'method') ?? '';
  if (!Object.values(NUONUO_METHODS).includes(method as never))
    throw refuse(NUONUO_CODE.unknownMethod, `接口不存在：${method}`);
  return { app, userTax, method };
}

/** The request's serial: China's time to the millisecond and a sequence (20 digits, as Nuonuo's look). */
function newSerial(ctx: SandboxContext): string {
  const china = new Date(ctx.now().getTime() + 8 * 3_600_000).toISOString();
  const stamp = china.replace(/\D/g, '').slice(2, 14);
  const seq = String(ctx.state.nuonuo.nextSerialSeq()).padStart(6, '0');
  return `${stamp}${seq}${String(Math.floor(Math.random() * 100)).padStart(2, '0')}`;
}

/** The tax office's code of a seller's invoices: 0, its area (from the tax id), the year, the kind. */
function invoiceCodeOf(ctx: SandboxContext, inv: NuonuoInvoice): string {
  const area = /^\d{4}$/.test(inv.userTax.slice(2, 6)) ? inv.userTax.slice(2, 6) : '3100';
  const year = String(ctx.now().getUTCFullYear()).slice(2);
  const kind = ['s', 'b', 'bs'].includes(inv.invoiceLine) ? '2' : '1';
  return `0${area}${year}${kind}1101`;
}

/**
 * The seller's next number, 8 digits, consecutive. A seller's first one in a run starts at the
 * clock's seconds since 2024 (mod 10^8): a restarted sandbox does not hand out numbers again.
 */
function nextNumber(ctx: SandboxContext, userTax: string): string {
  const { nextNumber: numbers } = ctx.state.nuonuo;
  const start = Math.floor((ctx.now().getTime() - Date.UTC(2024, 0, 1)) / 1000);
  const n = numbers.get(userTax) ?? Math.max(1, start % 100_000_000);
  numbers.set(userTax, n >= 99_999_999 ? 1 : n + 1);
  return String(n).padStart(8, '0');
}

/** The invoice is issued: the tax office's code and number, the time. */
export function completeInvoice(ctx: SandboxContext, inv: NuonuoInvoice): void {
  inv.invoiceCode = invoiceCodeOf(ctx, inv);
  inv.invoiceNo = nextNumber(ctx, inv.userTax);
  inv.invoiceTime = ctx.now().getTime();
  inv.status = NUONUO_STATUS.done;
  inv.failCause = '';
  const replaced = inv.replaces ? ctx.state.nuonuo.invoices.get(inv.replaces) : undefined;
  if (replaced) replaced.replacedBy = inv.serialNo;
}

/** A red one's blue: issued, blue, of this seller, with at least the red's amount left. */
function checkRed(ctx: SandboxContext, userTax: string, order: NuonuoOrder): void {
  const blue = ctx.state.nuonuo.byNumber(userTax, order.blueCode, order.blueNo);
  if (!blue || blue.invoiceType !== '1' || blue.status !== NUONUO_STATUS.done || blue.replacedBy)
    throw refuse(NUONUO_CODE.noBlue, '对应的蓝字发票不存在、未开具成功或已作废');
  const left = blue.amount + ctx.state.nuonuo.redsOf(blue).reduce((sum, r) => sum + r.amount, 0);
  if (-order.amount > left)
    throw refuse(NUONUO_CODE.redTooLarge, `冲红金额超过蓝字发票剩余可冲红金额${(left / 100).toFixed(2)}`);
}

/** requestBillingNew: the order checked, then issued, failed or held as the modes say. */
function requestBilling(ctx: SandboxContext, caller: Caller, content: unknown) {
  const order = parseOrder(content, caller.userTax);
  const state = ctx.state.nuonuo;
  const earlier = state.byOrderNo(caller.userTax, order.orderNo);
  const replaces = correctionOf(state, caller.userTax, earlier, order);
  if (earlier && earlier.status !== NUONUO_STATUS.failed && !replaces)
    return ok({ invoiceSerialNum: earlier.serialNo });
  if (order.invoiceType === '2') checkRed(ctx, caller.userTax, order);
  const seller = caller.app.sellers.find((s) => s.taxId === caller.userTax);
  const inv: NuonuoInvoice = {
    ...order,
    serialNo: newSerial(ctx),
    userTax: caller.userTax,
    salerName: seller?.name ?? '',
    status: NUONUO_STATUS.working,
    failCause: '',
    invoiceCode: '',
    invoiceNo: '',
    invoiceTime: null,
    requestedAt: ctx.now(),
    voidedAt: null,
    replaces: replaces?.serialNo ?? '',
    replacedBy: '',
  };
  state.invoices.set(inv.serialNo, inv);
  if (state.modes.failNext > 0) {
    state.modes.failNext--;
    inv.status = NUONUO_STATUS.failed;
    inv.failCause = state.modes.failCause || NUONUO_DEFAULT_FAIL_CAUSE;
  } else if (!state.modes.hold) completeInvoice(ctx, inv);
  return ok({ invoiceSerialNum: inv.serialNo });
}

const yuan = (c: number) => (c / 100).toFixed(2);

/** One item of queryInvoiceResult, as Nuonuo names its fields. */
export function resultItem(ctx: SandboxContext, inv: NuonuoInvoice, detail: boolean) {
  const issued = inv.status === NUONUO_STATUS.done || inv.status === NUONUO_STATUS.voided;
  return {
    serialNo: inv.serialNo,
    orderNo: inv.orderNo,
    status: inv.status,
    statusMsg: NUONUO_STATUS_MSG[inv.status],
    failCause: inv.failCause,
    invoiceCode: inv.invoiceCode,
    invoiceNo: inv.invoiceNo,
    invoiceTime: inv.invoiceTime,
    pdfUrl: issued ? `${ctx.baseUrl()}/nuonuo/pdf/${inv.serialNo}.pdf` : '',
    invoiceType: inv.invoiceType,
    invoiceKind: inv.invoiceLine,
    buyerName: inv.buyerName,
    buyerTaxNum: inv.buyerTaxNum,
    salerTaxNum: inv.userTax,
    salerName: inv.salerName,
    orderAmount: yuan(inv.amount),
    taxIncludedAmount: yuan(inv.amount),
    taxExcludedAmount: yuan(inv.amount - inv.tax),
    taxAmount: yuan(inv.tax),
    oldInvoiceCode: inv.blueCode,
    oldInvoiceNo: inv.blueNo,
    ...(detail
      ? {
          invoiceItems: inv.lines.map((l) => ({
            itemName: l.goodsName,
            itemCode: l.goodsCode,
            itemNum: l.num,
            itemPrice: l.price,
            itemTaxRate: String(l.taxRate),
            itemAmount: yuan(l.amount - l.tax),
            itemTaxAmount: yuan(l.tax),
            invoiceLineProperty: l.lineProperty,
          })),
        }
      : {}),
  };
}

/** A list of strings from the content, or the refusal naming the field. */
function names(content: Record<string, unknown>, key: string): string[] {
  const v = content[key];
  if (v === undefined || v === null || v === '') return [];
  const list = typeof v === 'string' ? v.split(',') : v;
  if (!Array.isArray(list) || list.length > 50 || !list.every((s) => typeof s === 'string'))
    throw refuse(NUONUO_CODE.badField, `参数校验失败：${key}须为不超过50个的字符串数组`);
  return list as string[];
}

/** queryInvoiceResult: the seller's requests by serial, or the latest request of each orderNo. */
function queryResult(ctx: SandboxContext, caller: Caller, content: Record<string, unknown>) {
  const serialNos = names(content, 'serialNos');
  const orderNos = names(content, 'orderNos');
  if (!serialNos.length && !orderNos.length)
    throw refuse(NUONUO_CODE.badField, '参数校验失败：serialNos与orderNos不能同时为空');
  const state = ctx.state.nuonuo;
  const found = new Set<NuonuoInvoice>();
  for (const s of serialNos) {
    const inv = state.invoices.get(s);
    if (inv?.userTax === caller.userTax) found.add(inv);
  }
  for (const o of orderNos) {
    const inv = state.byOrderNo(caller.userTax, o);
    if (inv) found.add(inv);
  }
  const detail = String(content.isOfferInvoiceDetail ?? '0') === '1';
  return ok([...found].map((inv) => resultItem(ctx, inv, detail)));
}

/** invoiceCancellation: voids an issued blue invoice of the seller that has no red one. */
function cancel(ctx: SandboxContext, caller: Caller, content: Record<string, unknown>) {
  const [invoiceId, invoiceCode, invoiceNo] = ['invoiceId', 'invoiceCode', 'invoiceNo'].map((k) =>
    typeof content[k] === 'string' ? (content[k] as string).trim() : '',
  );
  for (const [k, v] of Object.entries({ invoiceId, invoiceCode, invoiceNo }))
    if (!v) throw refuse(NUONUO_CODE.badField, `参数校验失败：${k}不能为空`);
  const state = ctx.state.nuonuo;
  const inv = state.invoices.get(invoiceId!);
  if (
    !inv ||
    inv.userTax !== caller.userTax ||
    inv.invoiceCode !== invoiceCode ||
    inv.invoiceNo !== invoiceNo
  )
    throw refuse(NUONUO_CODE.voidUnknown, '作废失败：发票不存在');
  if (inv.status === NUONUO_STATUS.voided) return ok({ invoiceId: inv.serialNo });
  if (inv.invoiceType !== '1' || inv.status !== NUONUO_STATUS.done || inv.replacedBy)
    throw refuse(NUONUO_CODE.voidNotIssued, '作废失败：只有开具成功的蓝字发票可以作废');
  if (state.redsOf(inv).length) throw refuse(NUONUO_CODE.voidHasRed, '作废失败：该发票已开具红字发票');
  if (state.modes.refuseVoids !== null)
    throw refuse(NUONUO_CODE.voidRefused, `作废失败：${state.modes.refuseVoids}`);
  inv.status = NUONUO_STATUS.voided;
  inv.voidedAt = ctx.now();
  return ok({ invoiceId: inv.serialNo });
}

function services(ctx: SandboxContext, req: SandboxRequest) {
  const caller = authorize(ctx, req);
  let content: unknown;
  try {
    content = JSON.parse(req.rawBody);
  } catch {
    throw refuse(NUONUO_CODE.badBody, '报文格式错误：不是JSON');
  }
  if (!content || typeof content !== 'object' || Array.isArray(content))
    throw refuse(NUONUO_CODE.badBody, '报文格式错误：应为JSON对象');
  const c = content as Record<string, unknown>;
  if (caller.method === NUONUO_METHODS.issue) return requestBilling(ctx, caller, c);
  if (caller.method === NUONUO_METHODS.query) return queryResult(ctx, caller, c);
  return cancel(ctx, caller, c);
}

/** GET /nuonuo/pdf/<serial>.pdf: the issued (or voided) invoice as a PDF with a CJK font embedded. */
async function pdf(ctx: SandboxContext, serial: string): Promise<Reply> {
  const inv = ctx.state.nuonuo.invoices.get(serial);
  if (!inv || (inv.status !== NUONUO_STATUS.done && inv.status !== NUONUO_STATUS.voided))
    return {
      status: 404,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
      body: 'no such invoice\n',
    };
  const font = findCjkFont();
  if (!font)
    return {
      status: 500,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
      body: `no CJK font found for the invoice PDF: install fonts-wqy-microhei or set ${INVOICE_FONT_ENV} to a .ttf/.otf/.ttc file\n`,
    };
  let body: Buffer;
  try {
    body = await renderInvoicePdf(inv, font);
  } catch (err) {
    const why = err instanceof Error ? err.message : String(err);
    return {
      status: 500,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
      body: `the font ${font.path} cannot be used for the invoice PDF (${why}): set ${INVOICE_FONT_ENV} to a .ttf/.otf file, or <file.ttc>#<PostScriptName>\n`,
    };
  }
  return {
    status: 200,
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': `inline; filename="${inv.invoiceCode}_${inv.invoiceNo}.pdf"`,
    },
    body,
  };
}

/** Answers a Nuonuo open platform call or an invoice document, or null when the path is neither. */
export async function handleNuonuo(ctx: SandboxContext, req: SandboxRequest): Promise<Reply | null> {
  const m = PDF_PATH.exec(req.path);
  if (m && req.method === 'GET') return pdf(ctx, m[1]!);
  if (req.path !== NUONUO_PATH) return null;
  let answer: { code: string; describe: string; result: unknown };
  try {
    answer = services(ctx, req);
  } catch (err) {
    if (!(err instanceof NuonuoRefusal)) throw err;
    answer = { code: err.code, describe: err.message, result: null };
  }
  ctx.state.received.push({
    provider: 'nuonuo',
    method: req.method,
    path: req.path,
    api: header(req, 'method') ?? '',
    status: 200,
    error: answer.code === NUONUO_CODE.ok ? null : answer.code,
    at: ctx.now(),
  });
  return json(200, answer);
}
