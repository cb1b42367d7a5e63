// docs/product.md §2, §6, §7: the separate copyright login, and the site title it manages (public branding).
import { describe, expect, inject, it } from 'vitest';
import { publicBranding } from './support/api.ts';
import { snap, useConsole, waitForRoute } from './support/browser.ts';
import { ADMIN_PASSWORD } from './support/server.ts';
import { loginWithForm, toast } from './support/ui.ts';

const { openPage } = useConsole();

/** Puts the branding back through the copyright API, whatever state the test left. */
async function restore(baseUrl: string, token: string, content: { siteIcon?: string; siteTitle?: string }) {
  const call = async (path: string, body: unknown) => {
    const response = await fetch(`${baseUrl}/web/api/admin/system/copyRight${path}`, {
      method: 'POST',
      headers: { token, 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await response.json()) as { code: number; data: { rows: { id: number; clientId: string }[] } };
  };
  const { data } = await call('/page', { page: 1, limit: 10, clientId: 'backstageManagement' });
  const newest = data.rows[0];
  if (!newest) return;
  const copContent = JSON.stringify({ siteIcon: content.siteIcon ?? '', siteTitle: content.siteTitle ?? '' });
  const result = await call('/update', { id: newest.id, clientId: newest.clientId, copContent });
  expect(result.code).toBe(200);
}

describe('copyright management', () => {
  it('needs its own login, and a new site title changes the public branding', async () => {
    const baseUrl = inject('baseUrl');
    const original = (await publicBranding(baseUrl)) ?? { siteIcon: '', siteTitle: '' };
    const { page, go } = await openPage();

    await go('/copyright');
    await waitForRoute(page, '/copLogin');
    await page.locator('#username').waitFor();
    await snap(page, 'copyright-login');
    await loginWithForm(page, 'admin', ADMIN_PASSWORD, '/copyright');
    const title = page.locator('#siteTitle');
    await expect.poll(() => title.inputValue()).toBe(original.siteTitle);
    await page.locator('.ant-table-row').first().waitFor();
    await snap(page, 'copyright');

    const token = await page.evaluate(() => localStorage.getItem('backstage_copToken'));
    expect(token).toBeTruthy();
    const changed = `E2E 景区 ${Date.now() % 100_000}`;
    try {
      await title.fill(changed);
      await page.locator('form button[type="submit"]').click();
      await toast(page, '保存成功').waitFor();
      await expect.poll(() => page.title()).toBe(changed);
      expect((await publicBranding(baseUrl))?.siteTitle).toBe(changed);

      // a visitor of the login screen sees the new title too
      const visitor = await openPage();
      await visitor.go('/login');
      await expect.poll(() => visitor.page.title()).toBe(changed);
      await visitor.page.locator('main').getByText(changed).waitFor();
      await snap(visitor.page, 'login-rebranded');
    } finally {
      await restore(baseUrl, token!, original);
    }
    expect(await publicBranding(baseUrl)).toEqual(original);

    // leaving copyright management asks for its login again
    await page.locator('[data-testid="copyright-logout"]').click();
    await waitForRoute(page, '/copLogin');
    await go('/copyright');
    await waitForRoute(page, '/copLogin');
  });
});
