import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceSettingApi } from '../../../shared/api/invoice-settings.ts';
import { invoiceApi, invoiceRecordApi, type InvoiceDetail } from '../../../shared/api/invoices.ts';
import { openOrderApi } from '../../../shared/api/selling.ts';
import { startPaySandbox, type PaySandbox } from '../../../pay-sandbox/sandbox.ts';
import { queryRows } from '../../db/rows.ts';
import { useEgressAllow } from '../../lib/egress.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { expect400 } from '../../test/replies.ts';
import { createOrderFixtures, type OrderFixtures } from '../orders/orders.fixture.ts';
import { invoicePass } from './invoice-jobs.ts';

// V5-V7 over HTTP against the pay sandbox's Nuonuo platform (docs/invoices.md "The invoice list and reissue")
const TAX_ID = '91530700MA6K0R5T9N';
const KEYS = { appKey: 'SDREISSUE1', appSecret: 'REISSUE-SECRET-0001', accessToken: 'reissue-token-0001' };

let t: TestApp;
let fx: OrderFixtures;
let sb: PaySandbox;
let n = 0;
const tokens: Record<string, string> = {};

const send = (who: string, url: string, body: Record<string, unknown>, method: 'GET' | 'POST' = 'POST') =>
  t.call(tokens[who]!, method, url, body);
async function expectOk(who: string, url: string, body: Record<string, unknown>): Promise<InvoiceDetail> {
  const res = await send(who, url, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: InvoiceDetail }>().data;
}

/** An issued blue invoice of a paid one-ticket order (cash) of the fixture area, for a person. */
async function issuedInvoice(): Promise<InvoiceDetail> {
  const sold = await t.call(
    tokens.window!,
    'POST',
    openOrderApi.create,
    {
      buyer: { name: '王五', phone: '13700000000' },
      lines: [{ productId: fx.regular, date: fx.date, quantity: 1 }],
      payNow: { payWay: 1 },
    },
    { 'x-scenic-id': String(fx.scenicId), 'idempotency-key': `reissue-${++n}` },
  );
  expect(sold.statusCode, sold.body).toBe(200);
  const sourceNo = sold.json<{ data: { orderNo: string } }>().data.orderNo;
  const asked = await expectOk('yunling', invoiceApi.request, {
    source: 'ticket',
    sourceNo,
    buyerType: 1,
    buyerName: '王五',
    buyerTaxId: '',
  });
  return expectOk('yunling', invoiceApi.issue, { id: asked.id });
}

const corrected = {
  buyerType: 2,
  buyerName: '丽江某某文化传媒有限公司',
  buyerTaxId: '91530700MA6K0C0RR1',
  buyerEmail: 'tax@example.com',
  buyerPhone: '13800000001',
};

beforeAll(async () => {
  t = await createTestApp();
  fx = await createOrderFixtures(t.database.db);
  sb = await startPaySandbox({ port: 0 });
  useEgressAllow([new URL(sb.url).host]);
  sb.control.registerNuonuoApp({ ...KEYS, sellers: [{ taxId: TAX_ID, name: '玉龙雪山文旅有限公司' }] });
  tokens.window = await t.clientToken('winManagement');
  await t.grant('yunling', [
    'admin:invoice:setting:update',
    'admin:invoice:query',
    'admin:invoice:issue',
    'admin:invoice:record:query',
  ]);
  await t.grant('staff', ['admin:invoice:query', 'admin:invoice:issue']);
  for (const who of ['yunling', 'staff', 'shop']) tokens[who] = (await t.login(who)).access_token;
  const saved = await send('yunling', invoiceSettingApi.save, {
    kind: 1,
    name: '玉龙雪山文旅有限公司',
    taxId: TAX_ID,
    address: '云南省丽江市',
    phone: '0888-5100000',
    bankName: '',
    bankAccount: '',
    mode: 2,
    lineKind: 'p',
    taxRules: {
      ticket: { itemName: '*旅游服务*门票', taxCode: '3070201020000000000', rate: 600, zeroRate: 0 },
    },
    seriesCode: '053070026009',
    provider: 'nuonuo',
    providerUrl: sb.url,
    ...KEYS,
    enabled: true,
    remarks: '',
  });
  expect(saved.statusCode, saved.body).toBe(200);
});
afterAll(async () => {
  useEgressAllow([]);
  await sb.close();
  await t.close();
});

describe('reissue (V5-V7)', () => {
  it('reissues for the corrected buyer: same number and amount, a new tax office number and PDF, audited and recorded', async () => {
    const blue = await issuedInvoice();
    expect(blue.state).toBe(1);
    const again = await expectOk('yunling', invoiceApi.reissue, { id: blue.id, ...corrected });
    expect(again).toMatchObject({
      state: 4,
      code: blue.code,
      number: blue.number,
      amount: blue.amount,
      tax: blue.tax,
      buyerName: corrected.buyerName,
      buyerTaxId: corrected.buyerTaxId,
      hasPdf: true,
    });
    expect(again.taxInvoiceNo).not.toBe(blue.taxInvoiceNo);
    // at the platform: the same orderNo, a second document for the new buyer that replaces the first
    const sent = sb.control.nuonuoInvoices().filter((i) => i.orderNo === `${blue.code}${blue.number}`);
    expect(sent.map((i) => [i.buyerName, i.invoiceNo, i.replacedBy !== ''])).toEqual([
      ['王五', blue.taxInvoiceNo, true],
      [corrected.buyerName, again.taxInvoiceNo, false],
    ]);
    const audits = await queryRows<{ action: string; before: { buyerName: string } | null }>(
      t.database.db,
      sql`select action, before from audit_logs where target_type = 'invoice' and target_id = ${String(blue.id)} order by id`,
    );
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(['invoice.V5', 'invoice.V6']));
    expect(audits.find((a) => a.action === 'invoice.V5')?.before?.buyerName).toBe('王五');
    const records = await send('yunling', invoiceRecordApi.page, { invoiceId: blue.id, action: 'reissue' });
    expect(records.json<{ data: { total: number } }>().data.total).toBe(1);
    // a reissued invoice may be reissued again; its red letter refers to the new document
    const red = await expectOk('yunling', invoiceApi.red, { id: blue.id, amount: 1000, reason: '部分退款' });
    expect(red.state, red.failReason).toBe(1);
    // with a red letter it is not reissued any more
    expect((await send('yunling', invoiceApi.reissue, { id: blue.id, ...corrected })).statusCode).toBe(409);
  });

  it('a refused reissue keeps the invoice as issued (V7) and is tried again; the job settles a held one', async () => {
    const blue = await issuedInvoice();
    sb.control.failNuonuoIssues(1, '税局系统维护');
    const failed = await expectOk('yunling', invoiceApi.reissue, { id: blue.id, ...corrected });
    expect(failed).toMatchObject({ state: 5, taxInvoiceNo: blue.taxInvoiceNo, number: blue.number });
    expect(failed.failReason).toContain('税局系统维护');
    sb.control.holdNuonuoIssues(true);
    const held = await expectOk('yunling', invoiceApi.reissue, { id: blue.id, ...corrected });
    expect(held.state).toBe(3);
    sb.control.holdNuonuoIssues(false);
    await sb.control.releaseNuonuoIssues();
    const later = new Date(Date.now() + 120_000);
    expect((await invoicePass(t.database.db, t.app.ctx.uploadDir, later)).settled).toBeGreaterThanOrEqual(1);
    const done = await t.call(tokens.yunling!, 'GET', `${invoiceApi.detail}?id=${blue.id}`);
    expect(done.json<{ data: InvoiceDetail }>().data).toMatchObject({
      state: 4,
      buyerName: corrected.buyerName,
    });
  });

  it('bad input names the field; without the permission 403; another area 404; a wrong state 409', async () => {
    const blue = await issuedInvoice();
    expect400(
      await send('yunling', invoiceApi.reissue, { id: blue.id, ...corrected, buyerTaxId: '' }),
      'buyerTaxId',
    );
    expect400(
      await send('yunling', invoiceApi.reissue, { id: blue.id, ...corrected, buyerPhone: '123' }),
      'buyerPhone',
    );
    expect400(
      await send('yunling', invoiceApi.reissue, { id: blue.id, ...corrected, buyerName: ' ' }),
      'buyerName',
    );
    expect400(await send('yunling', invoiceApi.reissue, { ...corrected }), 'id');
    expect((await send('shop', invoiceApi.reissue, { id: blue.id, ...corrected })).statusCode).toBe(403);
    expect((await send('staff', invoiceApi.reissue, { id: blue.id, ...corrected })).statusCode).toBe(404);
    const voided = await expectOk('yunling', invoiceApi.void, { id: blue.id, reason: '开错' });
    expect(voided.state).toBe(7);
    expect((await send('yunling', invoiceApi.reissue, { id: blue.id, ...corrected })).statusCode).toBe(409);
    const red = await issuedInvoice().then((b) =>
      expectOk('yunling', invoiceApi.red, { id: b.id, reason: '退' }),
    );
    // a red-letter invoice is never reissued
    expect((await send('yunling', invoiceApi.reissue, { id: red.id, ...corrected })).statusCode).toBe(409);
  });

  it('the list filters by buyer, number and source number; the totals bar sums the filter, red ones negative', async () => {
    const page = async (body: Record<string, unknown>) =>
      (await send('yunling', invoiceApi.page, body)).json<{
        data: { rows: InvoiceDetail[]; total: number };
      }>().data;
    const reissued = await page({ buyer: '文化传媒' });
    expect(reissued.total).toBeGreaterThanOrEqual(2);
    expect(reissued.rows.every((r) => r.buyerName === corrected.buyerName)).toBe(true);
    const one = reissued.rows[0]!;
    expect((await page({ number: `${one.code}${one.number}` })).rows.map((r) => r.id)).toContain(one.id);
    expect((await page({ sourceNo: one.sourceNo })).rows.every((r) => r.sourceNo === one.sourceNo)).toBe(
      true,
    );
    const all = await page({ limit: 100 });
    const totals = await send('yunling', invoiceApi.totals, {});
    expect(totals.json<{ data: unknown }>().data).toEqual({
      count: all.total,
      amount: all.rows.reduce((n, r) => n + (r.kind === 2 ? -r.amount : r.amount), 0),
      tax: all.rows.reduce((n, r) => n + (r.kind === 2 ? -r.tax : r.tax), 0),
    });
    expect400(await send('yunling', invoiceApi.totals, { number: 'x'.repeat(41) }), 'number');
    expect((await send('shop', invoiceApi.totals, {})).statusCode).toBe(403);
    const theirs = await send('staff', invoiceApi.totals, {});
    expect(theirs.json<{ data: { count: number } }>().data.count).toBe(0);
  });
});
