// Issue 18's back office of the shop: the shop account reads the sales statistics over another
// range and exports the daily series, then opens the invoice settings from /shop/good and saves them.
import fs from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { snap, useConsole, waitForRoute } from './support/browser.ts';
import { button, pane, toast } from './support/ui.ts';

const { openPage } = useConsole();

async function download(page: Page, trigger: Locator): Promise<{ body: Buffer; name: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), trigger.click()]);
  return { body: fs.readFileSync(await file.path()), name: file.suggestedFilename() };
}

describe('the online shop: sales statistics and invoice settings', () => {
  it('the shop account reads and exports the sales statistics', async () => {
    const { page, go } = await openPage({ account: 'shop' });
    await go('/shop/salesStatistics');
    const screen = pane(page);
    await screen.getByTestId('stats-total-sales').waitFor();
    await screen.getByTestId('sales-chart').waitFor();
    const chart = screen.getByTestId('sales-chart');
    const days = async () => Number(await chart.getAttribute('data-points'));
    // the default range: the last 30 days
    await expect.poll(days).toBe(30);

    // another range: the last week (a shortcut of the range picker), 8 days with today
    const queried = page.waitForResponse((r) => r.url().includes('/shop/salesStatistics/query'));
    await screen.locator('.ant-picker-range').click();
    await page.locator('.ant-picker-presets li').filter({ hasText: '最近一周' }).click();
    expect((await queried).status()).toBe(200);
    await expect.poll(days).toBe(8);
    // ECharts drew the bars (SVG renderer)
    await expect.poll(() => chart.locator('svg path').count()).toBeGreaterThan(8);
    for (const id of ['orders', 'pieces', 'sales', 'refunds', 'net'])
      await expect.poll(() => screen.getByTestId(`stats-total-${id}`).innerText()).toMatch(/\d/);
    await snap(page, 'shop-sales-statistics');

    const file = await download(page, screen.getByTestId('stats-export-day'));
    expect(file.name).toMatch(/^商城每日销售-\d{4}-\d{2}-\d{2}\.xlsx$/);
    expect(file.body.subarray(0, 2).toString()).toBe('PK');
  });

  it('opens the invoice settings from /shop/good and saves them', async () => {
    const { page, go } = await openPage({ account: 'shop' });
    await go('/shop/good');
    await button(pane(page), '开票设置').click();
    await waitForRoute(page, '/shop/storeInvoiceSet');
    const form = pane(page);
    const issuer = form.locator('#storeInvoiceSet_issuerName');
    await expect.poll(() => issuer.inputValue()).not.toBe('');

    // a wrong check character is refused in the form, in the user's language
    const code = form.locator('#storeInvoiceSet_taxpayerId');
    const valid = await code.inputValue();
    await code.fill(`${valid.slice(0, 17)}${valid.endsWith('1') ? '2' : '1'}`);
    await button(form, '保存').click();
    await form.getByText('须为有效的 18 位统一社会信用代码').waitFor();

    await code.fill(valid);
    await form.locator('#storeInvoiceSet_remarks').fill('E2E 备注');
    await button(form, '保存').click();
    await toast(page, '操作成功').waitFor();
    await snap(page, 'shop-invoice-settings');
    await page.reload();
    await expect.poll(() => pane(page).locator('#storeInvoiceSet_remarks').inputValue()).toBe('E2E 备注');
  });
});
