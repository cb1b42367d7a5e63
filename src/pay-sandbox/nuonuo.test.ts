import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { findCjkFont, INVOICE_FONT_ENV } from './invoice-pdf.ts';
import { startPaySandbox } from './sandbox.ts';
import type { PaySandbox } from './sandbox.ts';

const APP = { appKey: 'SD63236305', appSecret: 'SDDED2523BED4643', accessToken: 'a8f1c3e0b7d94e5f9c2b' };
const SELLER = '91341000MA2TXXXX1K';
const OTHER_SELLER = '91341000MA2TYYYY2L';
const ISSUE = 'nuonuo.OpeMplatform.requestBillingNew';
const QUERY = 'nuonuo.OpeMplatform.queryInvoiceResult';
const VOID = 'nuonuo.OpeMplatform.invoiceCancellation';

let sb: PaySandbox;
const clock = Date.parse('2026-05-01T02:00:00Z');
let seq = 0;

beforeAll(async () => {
  sb = await startPaySandbox({ port: 0, now: () => new Date(clock) });
  sb.control.registerNuonuoApp({
    ...APP,
    sellers: [
      { taxId: SELLER, name: '黄山风景区旅游发展有限公司' },
      { taxId: OTHER_SELLER, name: '黄山商城有限公司' },
    ],
  });
});
afterAll(() => sb.close());
beforeEach(() => sb.control.reset());

type Answer = { code: string; describe: string; result: unknown };
type Item = Record<string, string | number | null | undefined>;

interface CallOptions {
  secret?: string;
  token?: string;
  appKey?: string;
  userTax?: string;
  timestamp?: number;
  senid?: string;
  nonce?: string;
  /** the body sent differs from the one signed */
  sentBody?: string;
}

/** One call signed as Nuonuo documents it (computed here, apart from the sandbox's own code). */
async function call(method: string, content: unknown, o: CallOptions = {}): Promise<Answer> {
  const body = typeof content === 'string' ? content : JSON.stringify(content);
  const appKey = o.appKey ?? APP.appKey;
  const senid = o.senid ?? String(++seq).padStart(32, 'a');
  const nonce = o.nonce ?? '12345678';
  const timestamp = String(o.timestamp ?? Math.floor(clock / 1000));
  const message = `a=services&l=v1&p=open&k=${appKey}&i=${senid}&n=${nonce}&t=${timestamp}&f=${body}`;
  const sign = createHmac('sha1', o.secret ?? APP.appSecret)
    .update(message, 'utf8')
    .digest('base64');
  const query = new URLSearchParams({ senid, nonce, timestamp, appkey: appKey });
  const res = await fetch(`${sb.url}/open/v1/services?${query.toString()}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'X-Nuonuo-Sign': sign,
      accessToken: o.token ?? APP.accessToken,
      userTax: o.userTax ?? SELLER,
      method,
    },
    body: o.sentBody ?? body,
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Answer;
}

const line = (over: Record<string, unknown> = {}) => ({
  goodsName: '成人门票（旺季）',
  goodsCode: '3070201020000000000',
  num: '2',
  price: '120.00',
  withTaxFlag: '1',
  taxRate: '0.06',
  tax: '13.58',
  taxIncludedAmount: '240.00',
  invoiceLineProperty: '0',
  ...over,
});

const order = (orderNo: string, over: Record<string, unknown> = {}) => ({
  order: {
    orderNo,
    invoiceDate: '2026-05-01 10:00:00',
    invoiceType: '1',
    invoiceLine: 'p',
    buyerName: '张三',
    buyerTaxNum: '',
    email: 'zhang@example.com',
    salerTaxNum: SELLER,
    salerTel: '0559-5561111',
    salerAddress: '安徽省黄山市汤口镇',
    remark: '门票订单 T20260501001',
    pushMode: '-1',
    invoiceDetail: [line()],
    ...over,
  },
});

/** A red one taking back `cents` of a blue one: one line at 6 %. */
const redOrder = (orderNo: string, blue: Item, cents: number) => {
  const [price, tax] = [cents, -Math.round((cents * 0.06) / 1.06)].map((c) => (c / 100).toFixed(2));
  const red = line({ num: '-1', price, tax, taxIncludedAmount: `-${price!}` });
  return order(orderNo, {
    invoiceType: '2',
    invoiceCode: blue.invoiceCode,
    invoiceNum: blue.invoiceNo,
    invoiceDetail: [red],
  });
};

const serialOf = (a: Answer) => (a.result as { invoiceSerialNum: string }).invoiceSerialNum;
async function issue(orderNo: string, over: Record<string, unknown> = {}): Promise<string> {
  const a = await call(ISSUE, order(orderNo, over));
  expect(a, JSON.stringify(a)).toMatchObject({ code: 'E0000' });
  return serialOf(a);
}

async function query(content: Record<string, unknown>, o: CallOptions = {}): Promise<Item[]> {
  const a = await call(QUERY, content, o);
  expect(a.code, a.describe).toBe('E0000');
  return a.result as Item[];
}

const one = async (serial: string) => (await query({ serialNos: [serial] }))[0]!;

describe('the gateway: signature, token, app, time', () => {
  it('a signed call passes: the connection test (serialNos ["0"]) answers E0000 and an empty list', async () => {
    expect(await call(QUERY, { serialNos: ['0'], isOfferInvoiceDetail: '0' })).toEqual({
      code: 'E0000',
      describe: '调用成功',
      result: [],
    });
  });

  it('refuses a wrong secret or a body changed after signing (070301)', async () => {
    const content = { serialNos: ['0'] };
    expect(await call(QUERY, content, { secret: 'not-the-secret' })).toMatchObject({
      code: '070301',
      result: null,
    });
    expect(await call(QUERY, content, { sentBody: '{"serialNos":["1"]}' })).toMatchObject({ code: '070301' });
  });

  it('refuses a timestamp more than 10 minutes off the sandbox clock (070102), in both directions', async () => {
    const now = Math.floor(clock / 1000);
    for (const timestamp of [now - 600, now + 600])
      expect(await call(QUERY, { serialNos: ['0'] }, { timestamp })).toMatchObject({ code: 'E0000' });
    for (const timestamp of [now - 601, now + 601])
      expect(await call(QUERY, { serialNos: ['0'] }, { timestamp })).toMatchObject({ code: '070102' });
  });

  it('refuses a wrong token (070302), an unknown app (070201), a seller the app does not act for (070303)', async () => {
    const q = { serialNos: ['0'] };
    expect(await call(QUERY, q, { token: 'other-token' })).toMatchObject({ code: '070302' });
    expect(await call(QUERY, q, { token: '' })).toMatchObject({ code: '070302' });
    expect(await call(QUERY, q, { appKey: 'NOAPP' })).toMatchObject({ code: '070201' });
    expect(await call(QUERY, q, { userTax: '91110000000000000X' })).toMatchObject({ code: '070303' });
    expect(await call(QUERY, q, { userTax: '' })).toMatchObject({ code: '070303' });
  });

  it('refuses a malformed senid or nonce (070101) and an unknown method (070401)', async () => {
    const q = { serialNos: ['0'] };
    expect(await call(QUERY, q, { senid: 'short' })).toMatchObject({ code: '070101' });
    expect(await call(QUERY, q, { nonce: '1234567' })).toMatchObject({ code: '070101' });
    expect(await call(QUERY, q, { nonce: 'abcdefgh' })).toMatchObject({ code: '070101' });
    expect(await call('nuonuo.OpeMplatform.nothing', q)).toMatchObject({ code: '070401' });
  });

  it('the calls show in GET /control/received with their code', async () => {
    await call(QUERY, { serialNos: ['0'] }, { token: 'x' });
    const last = sb.control.received().requests.at(-1);
    expect(last).toMatchObject({ provider: 'nuonuo', api: QUERY, status: 200, error: '070302' });
  });
});

describe('requestBillingNew and queryInvoiceResult', () => {
  it('issues at once: status 2 with the tax office code (12 digits), number (8), time and PDF address', async () => {
    const serial = await issue('T20260501001');
    expect(serial).toMatch(/^\d{20}$/);
    const item = await one(serial);
    expect(item).toMatchObject({
      serialNo: serial,
      orderNo: 'T20260501001',
      status: '2',
      statusMsg: '开票完成（最终状态）',
      failCause: '',
      invoiceTime: clock,
      pdfUrl: `${sb.url}/nuonuo/pdf/${serial}.pdf`,
      orderAmount: '240.00',
      taxAmount: '13.58',
      salerName: '黄山风景区旅游发展有限公司',
    });
    expect(item.invoiceCode).toMatch(/^\d{12}$/);
    expect(item.invoiceNo).toMatch(/^\d{8}$/);
    expect(await query({ orderNos: ['T20260501001'] })).toEqual([item]);
    const detailed = await query({ serialNos: [serial], isOfferInvoiceDetail: '1' });
    expect(detailed[0]).toHaveProperty('invoiceItems', [
      expect.objectContaining({ itemName: '成人门票（旺季）', itemAmount: '226.42', itemTaxAmount: '13.58' }),
    ]);
  });

  it('numbers a seller’s invoices consecutively; unknown and other sellers’ requests are not in the list', async () => {
    const a = await one(await issue('N1'));
    const b = await one(await issue('N2'));
    expect(Number(b.invoiceNo)).toBe(Number(a.invoiceNo) + 1);
    expect(b.invoiceCode).toBe(a.invoiceCode);
    const list = await query({ serialNos: [String(a.serialNo), 'nope'], orderNos: ['N2', 'N3'] });
    expect(list.map((i) => i.orderNo)).toEqual(['N1', 'N2']);
    expect(await query({ orderNos: ['N1'] }, { userTax: OTHER_SELLER })).toEqual([]);
    expect(await call(QUERY, {})).toMatchObject({ code: 'E9102' });
  });

  it('the same orderNo again answers the same serial and never issues twice', async () => {
    const first = await issue('SAME1');
    const again = await issue('SAME1', { remark: '重复提交' });
    expect(again).toBe(first);
    expect(sb.control.nuonuoInvoices().filter((i) => i.orderNo === 'SAME1')).toHaveLength(1);
    // another seller may use the same orderNo
    const other = serialOf(
      await call(ISSUE, order('SAME1', { salerTaxNum: OTHER_SELLER }), { userTax: OTHER_SELLER }),
    );
    expect(other).not.toBe(first);
  });

  it('checks the order: required fields, 19-digit goods codes, known rates, amounts that add up', async () => {
    const refused = async (over: Record<string, unknown>, code: string, field: string) => {
      const a = await call(ISSUE, order('BAD1', over));
      expect(a.code, JSON.stringify(over)).toBe(code);
      expect(a.describe).toContain(field);
    };
    await refused({ buyerName: '' }, 'E9102', 'buyerName');
    await refused({ orderNo: 'X'.repeat(21) }, 'E9102', 'orderNo');
    await refused({ invoiceType: '3' }, 'E9102', 'invoiceType');
    await refused({ invoiceDate: '2026-05-01' }, 'E9102', 'invoiceDate');
    await refused({ salerTaxNum: OTHER_SELLER }, 'E9102', 'salerTaxNum');
    await refused({ invoiceLine: 's' }, 'E9102', 'buyerTaxNum');
    await refused({ invoiceDetail: [] }, 'E9102', 'invoiceDetail');
    await refused({ invoiceDetail: [line({ goodsName: '' })] }, 'E9102', 'invoiceDetail[0].goodsName');
    await refused({ invoiceDetail: [line({ goodsCode: '307020102000000000' })] }, 'E9102', 'goodsCode');
    await refused({ invoiceDetail: [line({ taxRate: '0.07' })] }, 'E9102', 'taxRate');
    await refused({ invoiceDetail: [line({ tax: '14.00' })] }, 'E9103', 'invoiceDetail[0].tax');
    await refused({ invoiceDetail: [line({ num: '3' })] }, 'E9103', 'invoiceDetail[0].num');
    await refused(
      { invoiceDetail: [line({ taxIncludedAmount: '-240.00', tax: '-13.58' })] },
      'E9103',
      'taxIncludedAmount',
    );
    const discount = line({
      num: '1',
      price: '40.00',
      tax: '-2.26',
      taxIncludedAmount: '-40.00',
      invoiceLineProperty: '1',
    });
    // a discount line right after a line not marked discounted (2)
    await refused({ invoiceDetail: [line(), discount] }, 'E9102', 'invoiceDetail[1].invoiceLineProperty');
    await refused({ invoiceDetail: [line({ invoiceLineProperty: '2' })] }, 'E9102', 'invoiceLineProperty');
    expect(await call(ISSUE, '{"order":')).toMatchObject({ code: 'E9101' });
    expect(sb.control.nuonuoInvoices()).toEqual([]);
  });

  it('takes a discounted line followed by its discount line, tax excluded amounts, a special invoice with the buyer tax id', async () => {
    const discounted = [
      line({ invoiceLineProperty: '2' }),
      line({ num: '1', price: '40.00', tax: '-2.26', taxIncludedAmount: '-40.00', invoiceLineProperty: '1' }),
    ];
    const a = await one(await issue('D1', { invoiceDetail: discounted }));
    expect(a).toMatchObject({ status: '2', orderAmount: '200.00', taxAmount: '11.32' });
    const excluded = line({ withTaxFlag: '0', price: '100.00', num: '1', tax: '13.00', taxRate: '0.13' });
    delete (excluded as Record<string, unknown>).taxIncludedAmount;
    const b = await one(
      await issue('D2', {
        invoiceLine: 'b',
        buyerTaxNum: '91440300MA5DXXXX1Y',
        invoiceDetail: [{ ...excluded, taxExcludedAmount: '100.00' }],
      }),
    );
    expect(b).toMatchObject({ status: '2', orderAmount: '113.00', invoiceKind: 'b' });
    expect(b.invoiceCode).not.toBe(a.invoiceCode);
  });
});

describe('red-letter invoices', () => {
  it('needs an issued blue invoice of the seller, and takes back no more than it has left', async () => {
    const blue = await one(await issue('B1'));
    const unknown = { ...blue, invoiceNo: '00000001' };
    expect(await call(ISSUE, redOrder('R0', unknown, 100))).toMatchObject({ code: 'E9104' });
    expect(await call(ISSUE, redOrder('R0', blue, 100), { userTax: OTHER_SELLER })).toMatchObject({
      code: 'E9102',
    });
    expect(await call(ISSUE, redOrder('R1', blue, 24_001))).toMatchObject({ code: 'E9105' });
    const red = await one(serialOf(await call(ISSUE, redOrder('R1', blue, 10_000))));
    expect(red).toMatchObject({
      status: '2',
      invoiceType: '2',
      orderAmount: '-100.00',
      oldInvoiceCode: blue.invoiceCode,
      oldInvoiceNo: blue.invoiceNo,
    });
    expect(Number(red.invoiceNo)).toBe(Number(blue.invoiceNo) + 1);
    expect(await call(ISSUE, redOrder('R2', blue, 14_001))).toMatchObject({
      code: 'E9105',
      describe: expect.stringContaining('140.00'),
    });
    expect((await call(ISSUE, redOrder('R2', blue, 14_000))).code).toBe('E0000');
    // nothing left; a red of a red is refused
    expect(await call(ISSUE, redOrder('R3', blue, 1))).toMatchObject({ code: 'E9105' });
    expect(await call(ISSUE, redOrder('R4', red, 1))).toMatchObject({ code: 'E9104' });
  });

  it('a red one with positive amounts, or without its blue code, is refused', async () => {
    const blue = await one(await issue('B2'));
    const positive = order('R5', {
      invoiceType: '2',
      invoiceCode: blue.invoiceCode,
      invoiceNum: blue.invoiceNo,
    });
    expect(await call(ISSUE, positive)).toMatchObject({ code: 'E9103' });
    const red = redOrder('R6', blue, 100);
    delete (red.order as Record<string, unknown>).invoiceNum;
    expect(await call(ISSUE, red)).toMatchObject({
      code: 'E9102',
      describe: expect.stringContaining('invoiceNum'),
    });
  });
});

describe('the control: failing and working requests', () => {
  it('fails the next N with the cause (status 22, no number); the same orderNo then issues anew', async () => {
    sb.control.failNuonuoIssues(1, '购方名称与税号不匹配');
    const failed = await one(await issue('F1'));
    expect(failed).toMatchObject({
      status: '22',
      statusMsg: '开票失败',
      failCause: '购方名称与税号不匹配',
      invoiceCode: '',
      invoiceNo: '',
      pdfUrl: '',
    });
    const retried = await issue('F1');
    expect(retried).not.toBe(failed.serialNo);
    expect((await query({ orderNos: ['F1'] }))[0]).toMatchObject({ serialNo: retried, status: '2' });
    // the failed request stays as it was
    expect(await one(String(failed.serialNo))).toMatchObject({ status: '22' });
  });

  it('fails through the HTTP control too, with a default cause', async () => {
    const res = await fetch(`${sb.url}/control/nuonuo/fail`, { method: 'POST', body: '{"count":2}' });
    expect(res.status).toBe(200);
    expect(await one(await issue('F2'))).toMatchObject({
      status: '22',
      failCause: expect.stringContaining('沙箱'),
    });
    expect(await one(await issue('F3'))).toMatchObject({ status: '22' });
    expect(await one(await issue('F4'))).toMatchObject({ status: '2' });
  });

  it('holds requests working (20) until released, then numbers them in the order requested', async () => {
    sb.control.holdNuonuoIssues();
    const a = await issue('H1');
    const b = await issue('H2');
    expect(await one(a)).toMatchObject({ status: '20', statusMsg: '开票中', invoiceNo: '', pdfUrl: '' });
    expect((await fetch(`${sb.url}/nuonuo/pdf/${a}.pdf`)).status).toBe(404);
    const res = await fetch(`${sb.url}/control/nuonuo/release`, { method: 'POST' });
    const { released } = (await res.json()) as { released: Item[] };
    expect(released.map((i) => i.serialNo)).toEqual([a, b]);
    const [x, y] = [await one(a), await one(b)];
    expect(x).toMatchObject({ status: '2' });
    expect(Number(y.invoiceNo)).toBe(Number(x.invoiceNo) + 1);
    // still held: the next one works too, until hold is off
    expect(await one(await issue('H3'))).toMatchObject({ status: '20' });
    await fetch(`${sb.url}/control/nuonuo/hold`, { method: 'POST', body: '{"hold":false}' });
    expect(await one(await issue('H4'))).toMatchObject({ status: '2' });
  });

  it('reset forgets invoices and modes, keeps the apps', async () => {
    sb.control.holdNuonuoIssues();
    sb.control.refuseNuonuoVoids('x');
    await issue('Z1');
    const res = await fetch(`${sb.url}/control/reset`, { method: 'POST' });
    expect(res.status).toBe(200);
    expect(sb.control.nuonuoInvoices()).toEqual([]);
    expect(await one(await issue('Z1'))).toMatchObject({ status: '2' });
  });

  it('registers an app over HTTP (any seller when none named); refuses one without its secret', async () => {
    const post = (body: unknown) =>
      fetch(`${sb.url}/control/nuonuo/apps`, { method: 'POST', body: JSON.stringify(body) });
    expect((await post({ appKey: 'K2', appSecret: 'S2', accessToken: 'T2' })).status).toBe(200);
    expect((await post({ appKey: 'K3', accessToken: 'T3' })).status).toBe(400);
    const a = await call(
      QUERY,
      { serialNos: ['0'] },
      { appKey: 'K2', secret: 'S2', token: 'T2', userTax: 'ANY1' },
    );
    expect(a.code).toBe('E0000');
    const list = await fetch(`${sb.url}/control/nuonuo/invoices`);
    expect(await list.json()).toEqual({ invoices: [] });
  });
});

describe('invoiceCancellation', () => {
  const voidOf = (item: Item, o: CallOptions = {}) =>
    call(VOID, { invoiceId: item.serialNo, invoiceCode: item.invoiceCode, invoiceNo: item.invoiceNo }, o);

  it('voids an issued blue invoice (then status 3, again E0000); refuses an unknown one', async () => {
    const blue = await one(await issue('V1'));
    expect(await voidOf(blue)).toEqual({
      code: 'E0000',
      describe: '调用成功',
      result: { invoiceId: blue.serialNo },
    });
    expect(await one(String(blue.serialNo))).toMatchObject({ status: '3', statusMsg: '已作废' });
    expect((await voidOf(blue)).code).toBe('E0000');
    expect((await voidOf({ ...blue, invoiceNo: '00000000' })).code).toBe('E9201');
    expect((await voidOf(blue, { userTax: OTHER_SELLER })).code).toBe('E9201');
    expect((await call(VOID, { invoiceId: blue.serialNo })).code).toBe('E9102');
    // a voided blue takes no red
    expect((await call(ISSUE, redOrder('V1R', blue, 100))).code).toBe('E9104');
  });

  it('refuses one with a red letter, a red one, and all of them while the control says so', async () => {
    const blue = await one(await issue('V2'));
    const red = await one(serialOf(await call(ISSUE, redOrder('V2R', blue, 100))));
    expect(await voidOf(blue)).toMatchObject({ code: 'E9202' });
    expect(await voidOf(red)).toMatchObject({ code: 'E9204' });
    const other = await one(await issue('V3'));
    await fetch(`${sb.url}/control/nuonuo/voids`, { method: 'POST', body: '{"cause":"已跨月，不能作废"}' });
    expect(await voidOf(other)).toMatchObject({ code: 'E9203', describe: '作废失败：已跨月，不能作废' });
    sb.control.refuseNuonuoVoids(null);
    expect((await voidOf(other)).code).toBe('E0000');
  });
});

describe('the invoice PDF', () => {
  const font = findCjkFont();
  const fetchPdf = async (serial: string) => {
    const res = await fetch(`${sb.url}/nuonuo/pdf/${serial}.pdf`);
    return { res, bytes: Buffer.from(await res.arrayBuffer()) };
  };

  it('is a PDF of the issued invoice, the CJK font embedded as a subset', async (ctx) => {
    const item = await one(await issue('P1'));
    const { res, bytes } = await fetchPdf(String(item.serialNo));
    if (!font) {
      expect(res.status).toBe(500);
      expect(await Promise.resolve(bytes.toString())).toContain(INVOICE_FONT_ENV);
      ctx.skip(`no CJK font installed (fonts-wqy-microhei, fonts-noto-cjk) and ${INVOICE_FONT_ENV} unset`);
    }
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const text = bytes.toString('latin1');
    expect(text).toContain('/FontFile2');
    // a subset: a tag of six capitals before the font's name
    expect(text).toMatch(/\/BaseFont \/[A-Z]{6}\+\w+/);
    expect(text).toMatch(/\/Count 1\b/);
    expect(bytes.length).toBeLessThan(200_000);
  });

  it('renders red, voided and long invoices (the lines listed on further pages); 404 for unknown', async (ctx) => {
    if (!font) ctx.skip(`no CJK font installed and ${INVOICE_FONT_ENV} unset`);
    const many = Array.from({ length: 30 }, (_, i) => line({ goodsName: `商品${i}` }));
    const long = await one(await issue('P2', { invoiceDetail: many }));
    const { res, bytes } = await fetchPdf(String(long.serialNo));
    expect(res.status).toBe(200);
    expect(bytes.toString('latin1')).toMatch(/\/Count 3\b/);
    const red = await one(serialOf(await call(ISSUE, redOrder('P2R', long, 100))));
    expect((await fetchPdf(String(red.serialNo))).res.status).toBe(200);
    const blue = await one(await issue('P3'));
    await call(VOID, { invoiceId: blue.serialNo, invoiceCode: blue.invoiceCode, invoiceNo: blue.invoiceNo });
    expect((await fetchPdf(String(blue.serialNo))).res.status).toBe(200);
    expect((await fetchPdf('123')).res.status).toBe(404);
  });

  it('takes the font from INVOICE_PDF_FONT; one it cannot use is a 500 naming the variable', async (ctx) => {
    if (!font) ctx.skip(`no CJK font installed and ${INVOICE_FONT_ENV} unset`);
    expect(findCjkFont({ [INVOICE_FONT_ENV]: `${font!.path}#Other` })).toEqual({
      path: font!.path,
      name: 'Other',
    });
    expect(findCjkFont({ [INVOICE_FONT_ENV]: '/nowhere/font.ttf' })).toEqual(findCjkFont({}));
    const item = await one(await issue('P4'));
    vi.stubEnv(INVOICE_FONT_ENV, `${font!.path}#NoSuchFont`);
    try {
      const { res, bytes } = await fetchPdf(String(item.serialNo));
      expect(res.status).toBe(500);
      expect(bytes.toString()).toContain(INVOICE_FONT_ENV);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
