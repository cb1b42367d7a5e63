// Issue 33's checks and settlement invoices end to end: 发票管理 › 开票检测 lists a demo order paid
// more than 7 days ago and not invoiced, its fix requests the invoice (the buyer from the order); the
// link opens 分销结算发票 (hidden), where a demo settlement statement gets its invoice requested to
// the distributor with the tax id it gives; both screens in English at 800 px.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { invoiceSettingApi } from '../src/shared/api/invoice-settings.ts';
import { authGet, authPost, type Tokens } from './support/api.ts';
import { NARROW, snap, useConsole, waitForRoute } from './support/browser.ts';
import { button, confirmPopup, modal, pane, sidebar, toast } from './support/ui.ts';

const { openPage } = useConsole();

const SELLER = { taxId: '91530700MA6K0A1B2E', name: '玉龙雪山旅游开发有限公司' };
const APP = { appKey: 'E2E00000033', appSecret: 'E2ESECRET0033CHECKS', accessToken: 'tok-e2e-checks-0033' };
const RULE = { taxCode: '3070201020000000000', rate: 600, zeroRate: 0 };

let admin: Tokens;

beforeAll(async () => {
  admin = inject('adminTokens');
  const baseUrl = inject('baseUrl');
  const pay = await authGet<{ ways: { gatewayUrl: string }[] }>(
    baseUrl,
    admin.access_token,
    '/web/api/admin/payMentSet/query',
  );
  const sandbox = new URL(pay.data.ways.find((w) => w.gatewayUrl)!.gatewayUrl).origin;
  const registered = await fetch(`${sandbox}/control/nuonuo/apps`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...APP, sellers: [SELLER] }),
  });
  expect(registered.status).toBe(200);
  // the area's issuer, manual, with tax rules for tickets and distributor settlements
  const saved = await authPost(baseUrl, admin.access_token, invoiceSettingApi.save, {
    kind: 1,
    name: SELLER.name,
    taxId: SELLER.taxId,
    address: '云南省丽江市玉龙县',
    phone: '0888-5131000',
    bankName: '',
    bankAccount: '',
    mode: 2,
    lineKind: 'p',
    taxRules: {
      ticket: { itemName: '*旅游服务*门票', ...RULE },
      settlement: { itemName: '*旅游服务*分销结算', ...RULE },
    },
    seriesCode: '053070026001',
    provider: 'nuonuo',
    providerUrl: sandbox,
    ...APP,
    enabled: true,
    remarks: '',
  });
  expect(saved.code, saved.msg).toBe(200);
});

describe('invoice checks and settlement invoices', () => {
  it('requests the invoice of a paid order not invoiced, then one of a settlement statement', async () => {
    const { page, go } = await openPage({ tokens: admin });
    await go('/dashboard');
    await sidebar(page).getByText('发票管理').click();
    const item = sidebar(page).getByRole('menuitem', { name: '开票检测' });
    await item.waitFor();
    await item.click();
    await waitForRoute(page, '/invoice/invDetection');
    await pane(page)
      .getByRole('tab', { name: /已支付未开票（\d+）/ })
      .waitFor();
    // a ticket order (the area issuer's; the shop's goods need the shop's issuer)
    const first = pane(page)
      .locator('.ant-table-row')
      .filter({ hasText: '门票', has: page.getByTestId('check-request') })
      .first();
    await first.waitFor();
    const orderNo = (await first.locator('td').nth(1).textContent())!.trim();
    expect(orderNo).toMatch(/\S+/);
    await first.getByTestId('check-request').click();
    await confirmPopup(page);
    // the toast follows the lists' refresh (thousands of demo orders; a loaded machine is slow)
    await toast(page, '操作成功').waitFor({ timeout: 45_000 });
    const asked = pane(page)
      .locator('.ant-table-row')
      .filter({ has: page.getByRole('cell', { name: orderNo, exact: true }) });
    await expect.poll(() => asked.textContent()).toContain('已申请未开具');
    await snap(page, 'invoice-checks');

    await pane(page).getByRole('link', { name: '分销结算发票' }).click();
    await waitForRoute(page, '/invoice/disInvoicePage');
    const statement = pane(page)
      .locator('.ant-table-row')
      .filter({ has: page.getByTestId('settlement-request') })
      .first();
    await statement.waitFor();
    const statementNo = (await statement.locator('td').first().textContent())!.trim();
    await statement.getByTestId('settlement-request').click();
    const dialog = modal(page);
    await dialog.getByText(statementNo).first().waitFor();
    // a company's invoice needs the tax id the distributor gives (not on its record)
    await button(dialog, '确定').click();
    await dialog
      .locator('.ant-form-item-has-error')
      .filter({ has: page.locator('#settlementInvoice_buyerTaxId') })
      .waitFor();
    await dialog.locator('#settlementInvoice_buyerTaxId').fill('91530700MA6K0XYZ34');
    await button(dialog, '确定').click();
    await toast(page, '操作成功').waitFor({ timeout: 45_000 });
    const invoiced = pane(page)
      .locator('.ant-table-row')
      .filter({ has: page.getByRole('cell', { name: statementNo, exact: true }) });
    await expect.poll(() => invoiced.getByTestId('settlement-request').count()).toBe(0);
    expect(await invoiced.textContent()).toContain('未开票');
    await snap(page, 'invoice-settlements');
  });

  it('reads both screens in English at 800 px', async () => {
    const { page, go } = await openPage({
      tokens: admin,
      width: NARROW,
      storage: [{ name: 'language', value: 'en' }],
    });
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    await go('/invoice/invDetection');
    await pane(page)
      .getByRole('tab', { name: /Paid, not invoiced \(\d+\)/ })
      .waitFor();
    await pane(page).getByText('Paid more than (days)').first().waitFor();
    await pane(page)
      .getByRole('tab', { name: /Totals differ/ })
      .click();
    await pane(page).getByText('Difference').first().waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await go('/invoice/disInvoicePage');
    await pane(page).getByText('Statement no.').first().waitFor();
    await pane(page).getByText('Back to invoices').waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
  });
});
