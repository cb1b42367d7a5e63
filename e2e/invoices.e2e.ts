// Issue 33's flow end to end: a ticket order paid through the pay sandbox, its invoice requested
// through the API and issued from 发票列表 (the area's issuer set up against the sandbox's Nuonuo
// platform through the settings API here), its PDF opened, the order refunded and the red-letter
// invoice beside the blue one; then in English at 800 px.
import crypto from 'node:crypto';
import fs from 'node:fs';
import { describe, expect, inject, it } from 'vitest';
import { invoiceSettingApi } from '../src/shared/api/invoice-settings.ts';
import { invoiceApi, type InvoiceDetail } from '../src/shared/api/invoices.ts';
import { orderApi } from '../src/shared/api/orders.ts';
import { authGet, authPost } from './support/api.ts';
import { NARROW, snap, useConsole } from './support/browser.ts';
import { seller } from './support/selling.ts';
import { button, confirmPopup, drawer, pane, row, switchLanguage, toast } from './support/ui.ts';

const { openPage } = useConsole();

const SELLER = { taxId: '91530100MA6E2E0Q76', name: 'E2E 开票景区有限公司' };

describe('e-invoices', () => {
  it('issues the invoice of a paid order, opens its PDF, and shows the red letter of its refund', async () => {
    const baseUrl = inject('baseUrl');
    const admin = inject('adminTokens');
    const token = admin.access_token;
    const member = await seller(baseUrl, token);
    const { orderNo, pay } = await member.paidOrder();
    await expect.poll(async () => (await member.order(orderNo)).payStatus).toBe(201);
    const sandbox = new URL(pay.codeUrl!).origin;

    // --- the area's issuer against the sandbox's Nuonuo platform: an app of its own, manual issuing
    const app = {
      appKey: `E2E${crypto.randomInt(1e6, 9e6)}`,
      appSecret: crypto.randomUUID(),
      accessToken: crypto.randomUUID(),
    };
    await fetch(`${sandbox}/control/nuonuo/apps`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...app, sellers: [SELLER] }),
    });
    const saved = await authPost(baseUrl, token, invoiceSettingApi.save, {
      kind: 1,
      ...SELLER,
      address: '云南省昆明市',
      phone: '0871-6500000',
      bankName: '',
      bankAccount: '',
      mode: 2,
      lineKind: 'p',
      taxRules: {
        ticket: { itemName: '*旅游服务*门票', taxCode: '3070201020000000000', rate: 600, zeroRate: 0 },
      },
      seriesCode: '053010026001',
      provider: 'nuonuo',
      providerUrl: sandbox,
      ...app,
      enabled: true,
      remarks: '',
    });
    expect(saved.code, saved.msg).toBe(200);

    // --- the invoice requested through the API
    const asked = await authPost<InvoiceDetail>(baseUrl, token, invoiceApi.request, {
      source: 'ticket',
      sourceNo: orderNo,
      buyerType: 1,
      buyerName: 'E2E 张三',
      buyerTaxId: '',
      buyerEmail: 'e2e@example.com',
    });
    expect(asked.code, asked.msg).toBe(200);
    const blueId = asked.data.id;

    // --- issued from the list after the question
    const { page, go } = await openPage({ tokens: admin });
    await go(`/invoice/invoiceList?sourceNo=${orderNo}`);
    // the blue one's row (its red letter, later, has the same buyer)
    const blue = row(page, 'E2E 张三').filter({ has: page.getByTestId(`invoice-detail-${blueId}`) });
    await blue.waitFor();
    expect(await blue.innerText()).toContain('未开票');
    await pane(page).getByTestId('invoice-totals').waitFor();
    await blue.getByTestId(`invoice-issue-${blueId}`).click();
    await confirmPopup(page);
    await toast(page, '操作成功').waitFor();
    await expect.poll(() => blue.innerText()).toContain('已开票');

    // --- its PDF: the stored document (application/pdf), saved as <invoice number>.pdf
    const pdf = page.waitForResponse((r) => r.url().includes('/uploads/invoices/') && r.status() === 200);
    const [file] = await Promise.all([
      page.waitForEvent('download'),
      blue.getByTestId(`invoice-pdf-${blueId}`).click(),
    ]);
    expect((await pdf).headers()['content-type']).toContain('application/pdf');
    expect(file.suggestedFilename()).toMatch(/^\d{8}\.pdf$/);
    expect(
      fs
        .readFileSync(await file.path())
        .subarray(0, 4)
        .toString(),
    ).toBe('%PDF');

    // --- the order refunded (through the sandbox), then the red letter for what came back
    await authPost(baseUrl, token, orderApi.staffRefund, {
      orderId: asked.data.sourceId,
      ticketIds: (await member.order(orderNo)).tickets.map((t) => t.id),
      reason: 'E2E 退票',
    });
    await expect
      .poll(async () => (await member.order(orderNo)).tickets[0]!.status, { timeout: 30_000 })
      .toBe(203);
    // the refund requested the red letter in its own transaction; the invoices job issues it (the e2e
    // server runs no invoices job: staff issue it, as the list's action does)
    const requested = await authGet<InvoiceDetail>(baseUrl, token, `${invoiceApi.detail}?id=${blueId}`);
    expect(requested.data.related).toEqual([
      expect.objectContaining({ kind: 2, state: 0, amount: asked.data.amount }),
    ]);
    const red = await authPost<InvoiceDetail>(baseUrl, token, invoiceApi.issue, {
      id: requested.data.related[0]!.id,
    });
    expect(red.code, red.msg).toBe(200);
    const detail = await authGet<InvoiceDetail>(baseUrl, token, `${invoiceApi.detail}?id=${blueId}`);
    expect(detail.data.related).toEqual([
      expect.objectContaining({ kind: 2, state: 1, amount: asked.data.amount }),
    ]);

    // --- beside the blue one in the list, and in the blue one's detail
    await button(pane(page), '搜索').click();
    const redRow = row(page, orderNo).filter({ hasNot: page.getByTestId(`invoice-detail-${blueId}`) });
    await redRow.waitFor();
    expect(await redRow.innerText()).toContain('红字发票');
    await blue.getByTestId(`invoice-detail-${blueId}`).click();
    await drawer(page).getByTestId('invoice-related').getByText('红字发票').waitFor();
    await drawer(page).getByText('*旅游服务*门票').first().waitFor();
    await snap(page, 'invoice-detail');
    await page.keyboard.press('Escape');

    // --- in English, narrow
    await page.setViewportSize({ width: NARROW, height: 900 });
    await switchLanguage(page, 'English');
    await expect.poll(() => redRow.innerText()).toContain('Red-letter invoice');
    expect(await blue.innerText()).toContain('Issued');
    await snap(page, 'invoice-list-en');
  });
});
