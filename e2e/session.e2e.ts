// docs/product.md §4, §8: a session revoked on the server ends in the console with one '错误' dialog.
import { describe, expect, inject, it } from 'vitest';
import { apiLogin, revoke } from './support/api.ts';
import { snap, useConsole, waitForRoute } from './support/browser.ts';
import { errorDialog } from './support/ui.ts';

const { openPage } = useConsole();

describe('HTTP 401', () => {
  it('shows one 错误 dialog however many calls fail, then goes to /login?redirect=/dashboard', async () => {
    const baseUrl = inject('baseUrl');
    const tokens = await apiLogin(baseUrl, 'admin');
    const { page, go, route } = await openPage({ tokens });
    await go('/scenic/sceManage');
    const pane = page.locator('[data-testid="active-pane"]');
    await pane.locator('.ant-table-row').first().waitFor();

    await revoke(baseUrl, tokens.access_token);
    // two searches, two failing calls
    const failed = page.waitForResponse(
      (r) => r.url().endsWith('/web/api/ticket/scenic/page') && r.status() === 401,
    );
    await pane.locator('button[type="submit"]').click();
    await failed;
    const { dialog, title, content, ok } = errorDialog(page);
    await dialog.waitFor();
    const second = page.waitForResponse(
      (r) => r.url().endsWith('/web/api/ticket/scenic/page') && r.status() === 401,
    );
    // the dialog is modal: a click dispatched to the button behind it, as a second failing call
    await pane.locator('button[type="submit"]').dispatchEvent('click');
    await second;

    expect(await title.innerText()).toBe('错误');
    expect(await content.innerText()).toBe('未登录或登录已过期，请重新登录');
    await expect.poll(() => dialog.count()).toBe(1);
    await snap(page, 'session-ended-dialog');

    await ok.click();
    await waitForRoute(page, '/login?redirect=/dashboard');
    await page.locator('#username').waitFor();
    expect(route()).toBe('/login?redirect=/dashboard');
    expect(await page.evaluate(() => localStorage.getItem('backstage_scenic_access_token'))).toBeNull();
    expect(await errorDialog(page).dialog.count()).toBe(0);
  });
});
