// docs/product.md §2, §5, §8: the login screen, where it leads, and the routes around it.
import { describe, expect, inject, it } from 'vitest';
import { snap, useConsole, waitForRoute } from './support/browser.ts';
import { ADMIN_PASSWORD } from './support/server.ts';
import { errorDialog, loginWithForm, submitLogin } from './support/ui.ts';

const { openPage } = useConsole();

describe('login', () => {
  it('sends the trimmed name and the encrypted password, and lands on the dashboard', async () => {
    const { page, go } = await openPage();
    await go('/');
    await waitForRoute(page, '/login');
    await page.locator('#username').waitFor();
    await snap(page, 'login');

    const tokenRequest = page.waitForRequest((r) => r.url().endsWith('/login/oauth/token'));
    await submitLogin(page, '  admin ', ADMIN_PASSWORD);
    const form = new URLSearchParams((await tokenRequest).postData() ?? '');
    expect(form.get('username')).toBe('admin');
    expect(form.get('grant_type')).toBe('password');
    const password = form.get('password') ?? '';
    expect(password).not.toContain(ADMIN_PASSWORD);
    // RSA-OAEP under a 2048-bit (or larger) key: one block of at least 256 bytes, base64
    expect(Buffer.from(password, 'base64').length).toBeGreaterThanOrEqual(256);

    await waitForRoute(page, '/dashboard');
    await page.getByText('您好，').first().waitFor();
    await snap(page, 'dashboard-admin');
  });

  it('shows the server message in the 错误 dialog for a wrong password and stays on /login', async () => {
    const { page, go, route } = await openPage();
    await go('/login');
    await page.locator('#username').waitFor();
    // `agent`, an account no other test logs in with: the lockout counts failures per account
    await submitLogin(page, 'agent', 'Wrong12345');
    const { dialog, title, content, ok } = errorDialog(page);
    await dialog.waitFor();
    expect(await title.innerText()).toBe('错误');
    expect(await content.innerText()).toBe('用户名或密码错误');
    await snap(page, 'login-wrong-password');
    await ok.click();
    await dialog.waitFor({ state: 'detached' });
    expect(route()).toBe('/login');
    expect(await page.locator('#username').inputValue()).toBe('agent');
    await expect.poll(() => errorDialog(page).dialog.count()).toBe(0);
  });

  it('goes on to ?redirect= after the login', async () => {
    const { page, go } = await openPage();
    await go('/login?redirect=/scenic/sceManage');
    await loginWithForm(page, 'admin', ADMIN_PASSWORD, '/scenic/sceManage');
    await page.locator('.ant-table-row').first().waitFor();
  });

  it('sends a logged-out user from an unknown path, or any console path, to /login', async () => {
    const { page, go, route } = await openPage();
    await go('/no/such/page');
    await waitForRoute(page, /^\/login/);
    expect(route()).toMatch(/^\/login(\?redirect=\/no\/such\/page)?$/);
    await go('/scenic/sceManage');
    await waitForRoute(page, /^\/login\?redirect=/);
    expect(route()).toBe('/login?redirect=/scenic/sceManage');
  });

  it('shows the 404 page for an unknown path when logged in', async () => {
    const { page, go } = await openPage({ tokens: inject('adminTokens') });
    await go('/no/such/page');
    await waitForRoute(page, '/404');
    await page.locator('.ant-result-404').waitFor();
    await snap(page, 'not-found');
    await page.locator('.ant-result-extra button').click();
    await waitForRoute(page, '/dashboard');
  });

  it('sends a logged-in user opening /login to /', async () => {
    const { page, go } = await openPage({ tokens: inject('adminTokens') });
    await go('/login');
    await waitForRoute(page, '/dashboard');
    await page.getByText('您好，').first().waitFor();
  });

  it('shows the public screens: forced change of an initial password, and 401', async () => {
    const { page, go } = await openPage();
    await go('/changePassword?username=staff');
    await page.locator('#newPassword').waitFor();
    expect(await page.locator('#username').inputValue()).toBe('staff');
    await snap(page, 'change-initial-password');

    await go('/401');
    await page.locator('.ant-result').waitFor();
    await snap(page, 'unauthorized');
  });
});
