import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPaySandbox, type PaySandbox } from '../../../pay-sandbox/sandbox.ts';
import { egressRequest, useEgressAllow } from '../../lib/egress.ts';
import { billingContent, orderNoOf } from './invoice-issuing.ts';
import { invoiceLines, redLines, type InvoiceLine, type SourceItem } from './invoice-lines.ts';
import type { InvoiceRow } from './invoices.table.ts';
import { NUONUO_METHOD, NUONUO_OK, nuonuoCall, type NuonuoCredentials } from './nuonuo.client.ts';

/**
 * The client against the local platform: the real signing and envelope (nuonuoCall) and the real
 * request content (billingContent) reach the sandbox in this process over HTTP, through the egress
 * allow-list the way the server's sandboxes are reached.
 */

const SELLER = { taxId: '91341000MA2TXXXX1K', name: '黄山风景区旅游发展有限公司' };
let sandbox: PaySandbox;
let credentials: NuonuoCredentials;

beforeAll(async () => {
  sandbox = await startPaySandbox({ port: 0 });
  useEgressAllow([new URL(sandbox.url).host]);
  sandbox.control.registerNuonuoApp({
    appKey: 'SD63236305',
    appSecret: 'SDDED2523BED4643',
    accessToken: 'a8f1c3e0b7d94e5f9c2b',
    sellers: [SELLER],
  });
  credentials = {
    baseUrl: sandbox.url,
    appKey: 'SD63236305',
    appSecret: 'SDDED2523BED4643',
    accessToken: 'a8f1c3e0b7d94e5f9c2b',
    userTax: SELLER.taxId,
  };
});
afterAll(async () => {
  useEgressAllow([]);
  await sandbox.close();
});

const item = (unitPrice: number, quantity = 1, rate = 600): SourceItem => ({
  itemName: '成人门票',
  taxCode: '3070201020000000000',
  rate,
  zeroRate: 0,
  quantity,
  unitPrice,
});

let numberSeq = 0;
/** An invoice row as the invoices service holds it when it sends the request. */
function row(over: Partial<InvoiceRow> = {}): InvoiceRow {
  return {
    id: ++numberSeq,
    kind: 1,
    lineKind: 'p',
    code: '034100260011',
    number: String(numberSeq).padStart(8, '0'),
    buyerType: 2,
    buyerName: '张三旅游有限公司',
    buyerTaxId: '91440300MA5DXXXX1Y',
    buyerAddress: '深圳市南山区科技园',
    buyerBank: '招商银行 6225880000000000',
    buyerEmail: 'finance@example.com',
    buyerPhone: '0755-1234567',
    seller: { taxId: SELLER.taxId, phone: '0559-5561111', address: '安徽省黄山市汤口镇' },
    remarks: '门票订单 T20260501001',
    taxInvoiceCode: '',
    taxInvoiceNo: '',
    ...over,
  } as InvoiceRow;
}

interface Item {
  serialNo: string;
  status: string;
  invoiceCode: string;
  invoiceNo: string;
  pdfUrl: string;
  orderAmount: string;
  failCause: string;
}

async function issue(r: InvoiceRow, lines: InvoiceLine[], blue: InvoiceRow | null = null) {
  const answer = await nuonuoCall(credentials, NUONUO_METHOD.issue, billingContent(r, lines, blue));
  expect(answer.code, answer.describe).toBe(NUONUO_OK);
  const serial = (answer.result as { invoiceSerialNum: string }).invoiceSerialNum;
  const query = await nuonuoCall(credentials, NUONUO_METHOD.query, {
    orderNos: [orderNoOf(r)],
    isOfferInvoiceDetail: '0',
  });
  expect(query.code).toBe(NUONUO_OK);
  const [found] = query.result as Item[];
  expect(found?.serialNo).toBe(serial);
  return found!;
}

describe('nuonuoCall against the local platform', () => {
  it('the connection test passes: a query for serial "0" answers E0000 and no invoice', async () => {
    const answer = await nuonuoCall(credentials, NUONUO_METHOD.query, {
      serialNos: ['0'],
      isOfferInvoiceDetail: '0',
    });
    expect(answer).toEqual({ code: NUONUO_OK, describe: expect.any(String), result: [] });
  });

  it('a wrong secret, token or seller is refused in the platform’s words', async () => {
    const q = { serialNos: ['0'] };
    const refused = async (over: Partial<NuonuoCredentials>) =>
      (await nuonuoCall({ ...credentials, ...over }, NUONUO_METHOD.query, q)).code;
    expect(await refused({ appSecret: 'wrong' })).toBe('070301');
    expect(await refused({ accessToken: 'wrong' })).toBe('070302');
    expect(await refused({ userTax: '91110000000000000X' })).toBe('070303');
    expect(await refused({ appKey: 'nobody' })).toBe('070201');
  });

  it('billingContent of a discounted blue invoice is issued, its PDF fetched through egress', async () => {
    const lines = invoiceLines([item(8000, 2), item(5000, 1, 900)], 20_000)!;
    const blue = await issue(row(), lines);
    expect(blue).toMatchObject({ status: '2', orderAmount: '200.00', failCause: '' });
    expect(blue.invoiceCode).toMatch(/^\d{12}$/);
    expect(blue.invoiceNo).toMatch(/^\d{8}$/);
    const pdf = await egressRequest(blue.pdfUrl, { maxBytes: 5 * 1024 * 1024 });
    expect(pdf.status).toBe(200);
    expect(pdf.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  });

  it('the same row sent twice is one invoice', async () => {
    const r = row();
    const lines = invoiceLines([item(12_000)], 12_000)!;
    const first = await issue(r, lines);
    const again = await issue(r, lines);
    expect(again.serialNo).toBe(first.serialNo);
    expect(sandbox.control.nuonuoInvoices().filter((i) => i.orderNo === orderNoOf(r))).toHaveLength(1);
  });

  it('red letters of a blue one (part, then the rest) are issued; the blue can then not be voided', async () => {
    const lines = invoiceLines([item(8000, 2), item(5000)], 20_000)!;
    const blueRow = row();
    const blue = await issue(blueRow, lines);
    const issuedBlue = { ...blueRow, taxInvoiceCode: blue.invoiceCode, taxInvoiceNo: blue.invoiceNo };
    const part = await issue(row({ kind: 2 }), redLines(lines, 20_000, 5_000)!, issuedBlue);
    expect(part).toMatchObject({ status: '2', orderAmount: '-50.00' });
    const rest = await issue(row({ kind: 2 }), redLines(lines, 20_000, 15_000)!, issuedBlue);
    expect(rest).toMatchObject({ status: '2', orderAmount: '-150.00' });
    const more = await nuonuoCall(
      credentials,
      NUONUO_METHOD.issue,
      billingContent(row({ kind: 2 }), redLines(lines, 20_000, 100)!, issuedBlue),
    );
    expect(more.code).toBe('E9105');
    const voided = await nuonuoCall(credentials, NUONUO_METHOD.void, {
      invoiceId: blue.serialNo,
      invoiceCode: blue.invoiceCode,
      invoiceNo: blue.invoiceNo,
    });
    expect(voided.code).toBe('E9202');
  });

  it('a full red letter copies the blue lines, discounts included', async () => {
    const lines = invoiceLines([item(8000, 2), item(5000)], 20_000)!;
    const blueRow = row();
    const blue = await issue(blueRow, lines);
    const issuedBlue = { ...blueRow, taxInvoiceCode: blue.invoiceCode, taxInvoiceNo: blue.invoiceNo };
    const red = await issue(row({ kind: 2 }), redLines(lines, 20_000, 20_000)!, issuedBlue);
    expect(red).toMatchObject({ status: '2', orderAmount: '-200.00' });
  });

  it('a failing request reads back status 22 with its cause; a void of an issued blue goes through', async () => {
    sandbox.control.failNuonuoIssues(1, '购方税号有误');
    const failed = await issue(row(), invoiceLines([item(3000)], 3000)!);
    expect(failed).toMatchObject({ status: '22', failCause: '购方税号有误', invoiceNo: '' });
    const blue = await issue(row(), invoiceLines([item(3000)], 3000)!);
    const voided = await nuonuoCall(credentials, NUONUO_METHOD.void, {
      invoiceId: blue.serialNo,
      invoiceCode: blue.invoiceCode,
      invoiceNo: blue.invoiceNo,
    });
    expect(voided.code).toBe(NUONUO_OK);
  });
});
