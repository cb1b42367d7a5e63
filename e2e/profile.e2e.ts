// docs/product.md §2 /profile/password: change one's own password (and change it back).
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { apiLogin } from './support/api.ts';
import { snap, useConsole } from './support/browser.ts';
import { DEMO_PASSWORD } from './support/server.ts';
import { toast } from './support/ui.ts';

const { openPage } = useConsole();

async function fillPasswords(page: Page, oldPassword: string, newPassword: string, confirm = newPassword) {
  const pane = page.locator('[data-testid="active-pane"]');
  await pane.locator('#oldPassword').fill(oldPassword);
  await pane.locator('#newPassword').fill(newPassword);
  await pane.locator('#confirmPassword').fill(confirm);
  await pane.locator('button[type="submit"]').click();
}

describe('change own password', () => {
  it('checks the form, refuses a wrong current password, changes it and changes it back', async () => {
    const baseUrl = inject('baseUrl');
    const { page, go } = await openPage({ account: 'yunling' });
    await go('/profile/password');
    await page.locator('#oldPassword').waitFor();
    await snap(page, 'profile-password');

    await fillPasswords(page, DEMO_PASSWORD, 'Changed5678', 'Changed5679');
    await page.getByText('两次输入的密码不一致').waitFor();

    await fillPasswords(page, 'NotMine123', 'Changed5678');
    await toast(page, '原密码错误').waitFor();

    await fillPasswords(page, DEMO_PASSWORD, 'Changed5678');
    await toast(page, '密码已修改，其他设备上的登录已退出').waitFor();
    await expect.poll(() => page.locator('#oldPassword').inputValue()).toBe('');
    // the new password logs in (through the API; this page's own session stays valid)
    expect((await apiLogin(baseUrl, 'yunling', 'Changed5678')).access_token).toBeTruthy();

    await fillPasswords(page, 'Changed5678', DEMO_PASSWORD);
    await expect.poll(() => toast(page, '密码已修改，其他设备上的登录已退出').count()).toBeGreaterThan(0);
    await expect.poll(() => page.locator('#oldPassword').inputValue()).toBe('');
    expect((await apiLogin(baseUrl, 'yunling', DEMO_PASSWORD)).access_token).toBeTruthy();
  });
});
