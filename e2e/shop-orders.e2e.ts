// Issue 18, the read side of shop orders: the shop account follows the top bar's pending-shipment
// badge to /shop/shopOrder filtered to 201, opens an order's detail (/shop/orderQuery), then
// /shop/aftersale and a request's drawer; the list again in English. Writes are tested after merge.
import { describe, expect, it } from 'vitest';
import { snap, useConsole, waitForRoute } from './support/browser.ts';
import { button, drawer, pane, switchLanguage } from './support/ui.ts';

const { openPage } = useConsole();

describe('shop orders and after-sales (read)', () => {
  it('the shop account lists orders to ship, opens one, and reviews after-sales requests', async () => {
    const { page, go } = await openPage({ account: 'shop' });
    await go('/shop/good');
    // the badge counts the demo's paid orders waiting for shipment and opens them
    const badge = page.locator('[data-testid="pending-ship-badge"]');
    await badge.waitFor();
    await expect.poll(async () => badge.locator('.ant-badge-count').count()).toBeGreaterThan(0);
    await badge.click();
    await waitForRoute(page, /\/shop\/shopOrder/);
    const rows = pane(page).locator('.ant-table-row');
    await rows.first().waitFor();
    await expect
      .poll(async () => (await rows.allTextContents()).every((text) => text.includes('待发货')))
      .toBe(true);
    await pane(page)
      .locator('[data-testid="shop-order-totals"]')
      .getByText(/共 \d+ 单/)
      .waitFor();
    await expect.poll(async () => rows.first().locator('[data-testid="shop-order-ship"]').count()).toBe(1);
    await snap(page, 'shop-orders-to-ship');

    // --- one order in full
    await rows.first().locator('[data-testid="shop-order-view"]').click();
    await waitForRoute(page, /\/shop\/orderQuery/);
    const detail = pane(page).locator('[data-testid="shop-order-detail"]');
    await detail.waitFor();
    await detail.getByText('订单记录').waitFor();
    await detail.locator('[data-testid="shop-order-history"]').getByText('下单').first().waitFor();
    await detail.getByText('支付确认').first().waitFor();
    await snap(page, 'shop-order-detail');

    // --- after-sales and a request's drawer
    await go('/shop/aftersale');
    const requests = pane(page).locator('.ant-table-row');
    await requests.first().waitFor();
    await button(requests.first(), '详情').click();
    const open = drawer(page).locator('[data-testid="shop-aftersale-detail"]');
    await open.waitFor();
    await open.getByRole('button', { name: /查看订单/ }).waitFor();
    await snap(page, 'shop-aftersale-drawer');

    // --- the list in English
    await page.keyboard.press('Escape');
    await switchLanguage(page, 'English');
    await go('/shop/shopOrder?status=201');
    await pane(page).locator('.ant-table-row').first().waitFor();
    await pane(page).getByText('Pending shipment').first().waitFor();
    await pane(page)
      .locator('[data-testid="shop-order-totals"]')
      .getByText(/\d+ orders/)
      .waitFor();
  });
});
