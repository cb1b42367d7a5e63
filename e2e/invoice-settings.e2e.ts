// Issue 33's settings and records end to end: 发票管理 › 开票设置 from the sidebar, the area issuer's
// seller and platform credentials saved (secrets shown only as set), "test connection" against the
// demo's pay sandbox (its Nuonuo side, the app registered by its control), then 开票记录 lists that
// call with its request and answer; both screens in English at 800 px.
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { authGet, type Tokens } from './support/api.ts';
import { NARROW, snap, useConsole, waitForRoute } from './support/browser.ts';
import { button, drawer, pane, sidebar, toast } from './support/ui.ts';

const { openPage } = useConsole();

const SELLER = { taxId: '91530700MA6K0A1B2E', name: '玉龙雪山旅游开发有限公司' };
const APP = { appKey: 'E2E00000001', appSecret: 'E2ESECRET0123456789', accessToken: 'tok-e2e-0123456789' };

let admin: Tokens;
let sandbox: string;

beforeAll(async () => {
  admin = inject('adminTokens');
  // the demo's pay sandbox runs with the server: its address is the payment settings' gateway
  const pay = await authGet<{ ways: { gatewayUrl: string }[] }>(
    inject('baseUrl'),
    admin.access_token,
    '/web/api/admin/payMentSet/query',
  );
  sandbox = new URL(pay.data.ways.find((w) => w.gatewayUrl)!.gatewayUrl).origin;
  const registered = await fetch(`${sandbox}/control/nuonuo/apps`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...APP, sellers: [SELLER] }),
  });
  expect(registered.status).toBe(200);
});

describe('invoice settings and platform records', () => {
  it('saves the area issuer, tests the connection and finds the call among the records', async () => {
    const { page, go } = await openPage({ tokens: admin });
    await go('/dashboard');
    await sidebar(page).getByText('发票管理').click();
    await sidebar(page).getByText('开票设置').click();
    await waitForRoute(page, '/invoice/invoiceSetting');
    const area = pane(page).getByTestId('invoice-issuer-1');
    await area.waitFor();

    await area.locator('#invoiceIssuer1_name').fill(SELLER.name);
    await area.locator('#invoiceIssuer1_taxId').fill(SELLER.taxId);
    await area.locator('#invoiceIssuer1_address').fill('云南省丽江市玉龙县');
    await area.locator('#invoiceIssuer1_phone').fill('0888-5131000');
    await area.getByLabel('门票 开票项目').fill('*旅游服务*门票');
    await area.getByLabel('门票 税收分类编码').fill('3070201020000000000');
    await area.locator('#invoiceIssuer1_seriesCode').fill('053070026001');
    await area.locator('#invoiceIssuer1_providerUrl').fill(sandbox);
    await area.locator('#invoiceIssuer1_appKey').fill(APP.appKey);
    // a bad series code is named on its field, nothing sent
    await area.locator('#invoiceIssuer1_seriesCode').fill('0530');
    await button(area, '保存').click();
    await area.getByText('须为 12 位数字发票代码').waitFor();
    await area.locator('#invoiceIssuer1_seriesCode').fill('053070026001');
    // the second first: a replaced one's button becomes 取消替换
    await button(area, '替换').nth(1).click();
    await button(area, '替换').nth(0).click();
    await area.locator('#invoiceIssuer1_appSecret').fill(APP.appSecret);
    await area.locator('#invoiceIssuer1_accessToken').fill(APP.accessToken);
    await button(area, '保存').click();
    await toast(page, '操作成功').waitFor();
    await expect.poll(() => area.locator('.ant-tag').filter({ hasText: '已设置' }).count()).toBe(2);
    expect(await page.content()).not.toContain(APP.appSecret);

    await button(area, '测试连接').click();
    const answer = area.getByTestId('invoice-test-answer');
    await expect.poll(() => answer.textContent()).toContain('开票平台已应答，签名与令牌验证通过');
    expect(await answer.textContent()).toContain('E0000');
    await snap(page, 'invoice-settings');

    await sidebar(page).getByText('开票记录').click();
    await waitForRoute(page, '/invoice/invoiceRecord');
    const tested = pane(page).locator('.ant-table-row').filter({ hasText: '测试连接' }).first();
    await tested.waitFor();
    expect(await tested.textContent()).toContain('成功');
    expect(await tested.textContent()).toContain('queryInvoiceResult');
    await tested.getByRole('button', { name: /详\s*情|查\s*看/ }).click();
    await expect
      .poll(() => drawer(page).getByTestId('invoice-record-request').textContent())
      .toContain('serialNos');
    expect(await drawer(page).getByTestId('invoice-record-answer').textContent()).toContain('E0000');
    expect(await drawer(page).textContent()).not.toContain(APP.appSecret);
    await snap(page, 'invoice-records');
  });

  it('reads both screens in English at 800 px', async () => {
    const { page, go } = await openPage({
      tokens: admin,
      width: NARROW,
      storage: [{ name: 'language', value: 'en' }],
    });
    await go('/invoice/invoiceSetting');
    const area = pane(page).getByTestId('invoice-issuer-1');
    await area.getByText('Test connection').waitFor();
    await area.getByText('Tax rules per kind of goods').waitFor();
    const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await go('/invoice/invoiceRecord');
    await pane(page).locator('.ant-table-row').filter({ hasText: 'Test connection' }).first().waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
  });
});
