import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useEgressAllow } from '../server/lib/egress.ts';
import {
  NUONUO_METHOD,
  nuonuoCall,
  type NuonuoCredentials,
} from '../server/modules/invoices/nuonuo.client.ts';
import { startPaySandbox, type PaySandbox } from './sandbox.ts';

// A correction (换开) on the sandbox's Nuonuo platform: the same orderNo, the buyer changed
// (docs/invoices.md "Protocol" and "The invoice list and reissue"), called through the server's client.
const TAX = '91330100MA2CORR001';
let sb: PaySandbox;
let creds: NuonuoCredentials;

const order = (orderNo: string, buyerName: string, amount = '100.00', tax = '5.66') => ({
  order: {
    orderNo,
    invoiceDate: '2026-05-01 10:00:00',
    invoiceType: '1',
    invoiceLine: 'p',
    buyerName,
    buyerTaxNum: '',
    invoiceDetail: [
      {
        goodsName: '门票',
        goodsCode: '3070201020000000000',
        num: '1',
        price: amount,
        withTaxFlag: '1',
        taxRate: '0.06',
        tax,
        taxIncludedAmount: amount,
        invoiceLineProperty: '0',
      },
    ],
  },
});
const bill = async (content: Record<string, unknown>) => nuonuoCall(creds, NUONUO_METHOD.issue, content);
const serial = (a: { result?: unknown }) => (a.result as { invoiceSerialNum: string }).invoiceSerialNum;
const byOrder = (orderNo: string) => sb.control.nuonuoInvoices().filter((i) => i.orderNo === orderNo);

beforeAll(async () => {
  sb = await startPaySandbox({ port: 0 });
  useEgressAllow([new URL(sb.url).host]);
  const app = { appKey: 'CORRAPP01', appSecret: 'corr-secret-01', accessToken: 'corr-token-01' };
  sb.control.registerNuonuoApp({ ...app, sellers: [{ taxId: TAX, name: '更正测试公司' }] });
  creds = { baseUrl: sb.url, ...app, userTax: TAX };
});
afterAll(async () => {
  useEgressAllow([]);
  await sb.close();
});

describe('Nuonuo correction (换开)', () => {
  it('replaces the standing invoice; the replaced one is neither reversed nor voided', async () => {
    const first = serial(await bill(order('CORR1', '张三')));
    expect(serial(await bill(order('CORR1', '张三')))).toBe(first);
    const second = serial(await bill(order('CORR1', '某某公司')));
    expect(second).not.toBe(first);
    const [old, now] = byOrder('CORR1');
    expect([old!.replacedBy, now!.replaces, now!.status]).toEqual([second, first, '2']);
    expect(now!.invoiceNo).not.toBe(old!.invoiceNo);
    const voidOld = await nuonuoCall(creds, NUONUO_METHOD.void, {
      invoiceId: first,
      invoiceCode: old!.invoiceCode,
      invoiceNo: old!.invoiceNo,
    });
    expect(voidOld.code).toBe('E9204');
    const red = await bill({
      order: {
        ...order('CORR1R', '张三', '-100.00', '-5.66').order,
        invoiceType: '2',
        invoiceCode: old!.invoiceCode,
        invoiceNum: old!.invoiceNo,
        invoiceDetail: [
          {
            ...order('x', 'x').order.invoiceDetail[0]!,
            num: '-1',
            tax: '-5.66',
            taxIncludedAmount: '-100.00',
          },
        ],
      },
    });
    expect(red.code).toBe('E9104');
  });

  it('a failed correction leaves the invoice standing and may be sent again; other amounts are refused', async () => {
    const first = serial(await bill(order('CORR2', '李四')));
    sb.control.failNuonuoIssues(1, '维护中');
    await bill(order('CORR2', '某某公司'));
    expect(byOrder('CORR2').map((i) => [i.status, i.replacedBy === ''])).toEqual([
      ['2', true],
      ['22', true],
    ]);
    const again = await bill(order('CORR2', '某某公司'));
    expect(byOrder('CORR2').at(-1)).toMatchObject({ serialNo: serial(again), status: '2', replaces: first });
    expect((await bill(order('CORR2', '王五', '90.00', '5.09'))).code).toBe('E9106');
  });
});
