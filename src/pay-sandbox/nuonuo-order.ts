import type { NuonuoLine } from './nuonuo-state.ts';

/**
 * The answer codes of the sandbox's Nuonuo platform. Nuonuo documents `E0000` for success; the
 * refusals below are the sandbox's own choice in Nuonuo's style (the gateway's six-digit `07xxxx`
 * before the content is read, the methods' `E9xxx` after): docs/invoices.md "The local invoicing
 * platform" lists them.
 */
export const NUONUO_CODE = {
  ok: 'E0000',
  /** senid (32), nonce (8 digits), timestamp or appkey missing or malformed; not a POST */
  badPublicParams: '070101',
  /** timestamp more than 10 minutes off the platform's clock */
  staleTimestamp: '070102',
  /** no app with that appkey */
  unknownApp: '070201',
  /** X-Nuonuo-Sign does not verify */
  badSign: '070301',
  /** accessToken missing or not the app's */
  badToken: '070302',
  /** userTax missing, or a seller the token does not act for */
  badUserTax: '070303',
  /** method header missing or not one the platform has */
  unknownMethod: '070401',
  /** the body is not a JSON object */
  badBody: 'E9101',
  /** a field missing or malformed (the describe names it) */
  badField: 'E9102',
  /** the line's amounts do not add up (quantity × price, tax at the rate, signs) */
  badAmounts: 'E9103',
  /** a red one's blue invoice is unknown, not issued, voided or itself red */
  noBlue: 'E9104',
  /** a red one takes back more than its blue one has left */
  redTooLarge: 'E9105',
  /** void: no such issued invoice of this seller */
  voidUnknown: 'E9201',
  /** void: the invoice has a red-letter one */
  voidHasRed: 'E9202',
  /** void: refused as the control said (its cause) */
  voidRefused: 'E9203',
  /** void: not a blue invoice that is issued (red, still working, failed), or one corrected since */
  voidNotIssued: 'E9204',
  /** a correction (the same orderNo, the buyer changed) of an invoice that was reversed, or with other amounts */
  badCorrection: 'E9106',
} as const;

/** A refusal in Nuonuo's words: answered `{code, describe, result: null}` with HTTP 200. */
export class NuonuoRefusal extends Error {
  constructor(
    readonly code: string,
    describe: string,
  ) {
    super(describe);
  }
}

/** requestBillingNew's order, checked: what the sandbox keeps of it. */
export interface NuonuoOrder {
  orderNo: string;
  invoiceType: '1' | '2';
  invoiceLine: string;
  buyerName: string;
  buyerTaxNum: string;
  buyerAddress: string;
  buyerPhone: string;
  buyerAccount: string;
  salerAddress: string;
  salerTel: string;
  salerAccount: string;
  clerk: string;
  payee: string;
  checker: string;
  remark: string;
  /** a red one: its blue's code and number */
  blueCode: string;
  blueNo: string;
  lines: NuonuoLine[];
  amount: number;
  tax: number;
}

/** Nuonuo's invoiceLine kinds; the special (专用) ones need the buyer's tax id. */
export const INVOICE_LINES = ['p', 'c', 's', 'b', 'e', 'f', 'r', 'j', 'u', 'bs', 'pc', 'es', 'ec'];
export const SPECIAL_LINES = ['s', 'b', 'bs'];
/** The rates the tax office knows */
const RATES = [0, 0.01, 0.015, 0.03, 0.05, 0.06, 0.09, 0.1, 0.11, 0.13, 0.16, 0.17];
const MAX_LINES = 200;

const MONEY = /^-?\d{1,12}(\.\d{1,2})?$/;
const DECIMAL = /^-?\d{1,12}(\.\d{1,8})?$/;
const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

const bad = (field: string, why = '不能为空或格式错误') =>
  new NuonuoRefusal(NUONUO_CODE.badField, `参数校验失败：${field}${why}`);
const badAmount = (field: string, why: string) =>
  new NuonuoRefusal(NUONUO_CODE.badAmounts, `金额校验失败：${field}${why}`);

type Obj = Record<string, unknown>;

/** A field as text: strings as they are, numbers written out, anything else (or absent) empty. */
function text(o: Obj, key: string): string {
  const v = o[key];
  if (typeof v === 'string') return v.trim();
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return '';
}

function required(o: Obj, key: string, max: number, path = key): string {
  const v = text(o, key);
  if (!v || [...v].length > max) throw bad(path);
  return v;
}

function optional(o: Obj, key: string, max: number, path = key): string {
  const v = text(o, key);
  if ([...v].length > max) throw bad(path, '过长');
  return v;
}

/** Yuan with up to 2 decimals, in cents */
function cents(o: Obj, key: string, path: string): number | null {
  const v = text(o, key);
  if (!v) return null;
  if (!MONEY.test(v)) throw bad(path);
  return Math.round(Number(v) * 100);
}

function decimal(o: Obj, key: string, path: string): number | null {
  const v = text(o, key);
  if (!v) return null;
  if (!DECIMAL.test(v)) throw bad(path);
  return Number(v);
}

/** The tax inside an amount that includes it, in cents, rounded half away from zero. */
const taxIn = (amount: number, rate: number) =>
  Math.sign(amount) * Math.round((Math.abs(amount) * rate) / (1 + rate) + 1e-9);
const taxOn = (excluded: number, rate: number) =>
  Math.sign(excluded) * Math.round(Math.abs(excluded) * rate + 1e-9);

/** One invoiceDetail line: goods, 19-digit tax code, a known rate, amounts that add up, sign by kind. */
function parseLine(raw: unknown, index: number, red: boolean): NuonuoLine {
  const at = `invoiceDetail[${index}].`;
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) throw bad(`invoiceDetail[${index}]`);
  const o = raw as Obj;
  const goodsName = required(o, 'goodsName', 90, `${at}goodsName`);
  const goodsCode = text(o, 'goodsCode');
  if (!/^\d{19}$/.test(goodsCode)) throw bad(`${at}goodsCode`, '须为19位税收分类编码');
  const rate = decimal(o, 'taxRate', `${at}taxRate`);
  if (rate === null || !RATES.includes(rate)) throw bad(`${at}taxRate`, '不是有效税率');
  const withTax = text(o, 'withTaxFlag') || '1';
  if (withTax !== '0' && withTax !== '1') throw bad(`${at}withTaxFlag`);
  const lineProperty = text(o, 'invoiceLineProperty') || '0';
  if (!['0', '1', '2'].includes(lineProperty)) throw bad(`${at}invoiceLineProperty`);

  const included = cents(o, 'taxIncludedAmount', `${at}taxIncludedAmount`);
  const excluded = cents(o, 'taxExcludedAmount', `${at}taxExcludedAmount`);
  const sentTax = cents(o, 'tax', `${at}tax`);
  let amount: number;
  let tax: number;
  if (withTax === '1') {
    if (included === null) throw bad(`${at}taxIncludedAmount`);
    amount = included;
    tax = taxIn(included, rate);
  } else {
    if (excluded === null) throw bad(`${at}taxExcludedAmount`);
    tax = taxOn(excluded, rate);
    amount = excluded + tax;
  }
  if (sentTax !== null && Math.abs(sentTax - tax) > 1)
    throw badAmount(`${at}tax`, `应为${(tax / 100).toFixed(2)}`);
  if (sentTax !== null) tax = sentTax;
  if (included !== null && excluded !== null && included !== excluded + tax)
    throw badAmount(`${at}taxExcludedAmount`, '加税额不等于含税金额');
  if (amount === 0) throw badAmount(`${at}taxIncludedAmount`, '不能为0');
  // a discount line goes against the line it discounts: negative on a blue invoice, positive on a red one
  const negative = red !== (lineProperty === '1');
  if (negative !== amount < 0) throw badAmount(`${at}taxIncludedAmount`, negative ? '应为负数' : '应为正数');

  const num = decimal(o, 'num', `${at}num`);
  const price = decimal(o, 'price', `${at}price`);
  if ((num === null) !== (price === null)) throw bad(num === null ? `${at}num` : `${at}price`);
  if (num !== null && price !== null) {
    if (price < 0) throw bad(`${at}price`, '不能为负数');
    const base = withTax === '1' ? amount : amount - tax;
    if (Math.abs(Math.round(Math.abs(num) * price * 100) - Math.abs(base)) > 1)
      throw badAmount(`${at}num`, '乘以单价不等于金额');
  }
  return {
    goodsName,
    goodsCode,
    specType: optional(o, 'specType', 40, `${at}specType`),
    unit: optional(o, 'unit', 20, `${at}unit`),
    num: num === null ? '' : text(o, 'num'),
    price: price === null ? '' : text(o, 'price'),
    taxRate: rate,
    amount,
    tax,
    lineProperty,
  };
}

/** A discount line (1) right after the line it discounts (2), never more than that line. */
function checkDiscounts(lines: readonly NuonuoLine[]): void {
  lines.forEach((line, i) => {
    const before = lines[i - 1];
    if (line.lineProperty === '1') {
      if (before?.lineProperty !== '2' || Math.abs(line.amount) > Math.abs(before.amount))
        throw bad(`invoiceDetail[${i}].invoiceLineProperty`, '折扣行须紧跟被折扣行且不超过其金额');
    } else if (line.lineProperty === '2' && lines[i + 1]?.lineProperty !== '1')
      throw bad(`invoiceDetail[${i}].invoiceLineProperty`, '被折扣行后须有折扣行');
  });
}

/** requestBillingNew's content checked as the platform does; the seller is userTax (salerTaxNum, when sent, must be it). */
export function parseOrder(content: unknown, userTax: string): NuonuoOrder {
  const order = (content as Obj | null)?.order;
  if (!order || typeof order !== 'object' || Array.isArray(order)) throw bad('order');
  const o = order as Obj;
  const orderNo = required(o, 'orderNo', 20);
  const invoiceType = text(o, 'invoiceType');
  if (invoiceType !== '1' && invoiceType !== '2') throw bad('invoiceType');
  const invoiceLine = text(o, 'invoiceLine') || 'p';
  if (!INVOICE_LINES.includes(invoiceLine)) throw bad('invoiceLine');
  if (!DATE_TIME.test(text(o, 'invoiceDate'))) throw bad('invoiceDate');
  const saler = text(o, 'salerTaxNum');
  if (saler && saler !== userTax) throw bad('salerTaxNum', '与userTax不一致');
  const buyerTaxNum = optional(o, 'buyerTaxNum', 20);
  if (buyerTaxNum && !/^[0-9A-Z]{15,20}$/.test(buyerTaxNum)) throw bad('buyerTaxNum');
  if (SPECIAL_LINES.includes(invoiceLine) && !buyerTaxNum) throw bad('buyerTaxNum', '专用发票必填');
  const red = invoiceType === '2';
  const blueCode = red ? required(o, 'invoiceCode', 20) : '';
  const blueNo = red ? required(o, 'invoiceNum', 20) : '';
  const detail = o.invoiceDetail;
  if (!Array.isArray(detail) || detail.length === 0 || detail.length > MAX_LINES) throw bad('invoiceDetail');
  const lines = detail.map((line, i) => parseLine(line, i, red));
  checkDiscounts(lines);
  const amount = lines.reduce((sum, l) => sum + l.amount, 0);
  if (red ? amount >= 0 : amount <= 0)
    throw badAmount('invoiceDetail', red ? '红字合计应为负数' : '合计应为正数');
  return {
    orderNo,
    invoiceType,
    invoiceLine,
    buyerName: required(o, 'buyerName', 100),
    buyerTaxNum,
    buyerAddress: optional(o, 'buyerAddress', 200),
    buyerPhone: optional(o, 'buyerPhone', 50) || optional(o, 'buyerTel', 50),
    buyerAccount: optional(o, 'buyerAccount', 150),
    salerAddress: optional(o, 'salerAddress', 200),
    salerTel: optional(o, 'salerTel', 50),
    salerAccount: optional(o, 'salerAccount', 150),
    clerk: optional(o, 'clerk', 20),
    payee: optional(o, 'payee', 20),
    checker: optional(o, 'checker', 20),
    remark: optional(o, 'remark', 200),
    blueCode,
    blueNo,
    lines,
    amount,
    tax: lines.reduce((sum, l) => sum + l.tax, 0),
  };
}
