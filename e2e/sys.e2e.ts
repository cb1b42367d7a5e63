// docs/product.md §2 /sys, §6 (issue 4): a role with two permissions made through the role screen, an account
// with it made through the account screen, and that account sees exactly those screens and buttons.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { authGet, authPost } from './support/api.ts';
import { snap, useConsole, waitForRoute } from './support/browser.ts';
import {
  button,
  drawer,
  expectMenu,
  loginWithForm,
  pane,
  row,
  sidebar,
  submitLogin,
  toast,
} from './support/ui.ts';

const { openPage } = useConsole();

const ROLE = { code: 'e2e_viewer', name: 'E2E 查看员' };
const PERMS = ['admin:admin:page', 'admin:setting:query'];
const CLERK = { username: 'e2e_clerk', nickname: 'E2E 职员' };
const INITIAL = 'Initial123';
const RESET = 'Reset12345';
const CHANGED = 'Clerk12345';

async function pickOption(page: Page, control: Locator, text: string): Promise<void> {
  await control.click();
  await page
    .locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')
    .filter({ hasText: text })
    .click();
  await page.keyboard.press('Escape');
}

describe('system screens', () => {
  it('creates a role and an account through the UI; the account sees exactly what the role grants', async () => {
    const baseUrl = inject('baseUrl');
    const admin = inject('adminTokens');
    const { page, go } = await openPage({ tokens: admin });

    // --- the role, with exactly two permissions picked in the tree
    await go('/sys/role');
    await row(page, 'super_admin').waitFor();
    await snap(page, 'sys-role');
    await button(pane(page), '新增').click();
    await drawer(page).locator('#record_code').fill(ROLE.code);
    await drawer(page).locator('#record_name').fill(ROLE.name);
    const tree = drawer(page).locator('[data-testid="permission-tree"]');
    for (const perm of PERMS)
      await tree
        .locator('.ant-tree-treenode')
        .filter({ hasText: perm })
        .locator('.ant-tree-checkbox')
        .click();
    await snap(page, 'sys-role-form');
    await button(drawer(page), '保存').click();
    await row(page, ROLE.code).waitFor();
    const roles = await authPost<{ rows: { code: string; permissions: string[] }[] }>(
      baseUrl,
      admin.access_token,
      '/web/api/admin/role/page',
      { code: ROLE.code },
    );
    expect(roles.data.rows.map((r) => r.permissions.toSorted())).toEqual([PERMS]);
    expect(await row(page, ROLE.code).innerText()).toContain('2');

    // --- the account, with that role and an initial password
    await go('/sys/admin');
    await row(page, 'admin').first().waitFor();
    await button(pane(page), '新增').click();
    await drawer(page).locator('#record_username').fill(CLERK.username);
    await drawer(page).locator('#record_nickname').fill(CLERK.nickname);
    // the shared password rule is checked before anything is sent
    await drawer(page).locator('#record_password').fill('short');
    await button(drawer(page), '保存').click();
    await drawer(page).locator('.ant-form-item-explain-error').first().waitFor();
    await drawer(page).locator('#record_password').fill(INITIAL);
    await pickOption(page, drawer(page).locator('#record_roleIds'), ROLE.name);
    await snap(page, 'sys-admin-form');
    await button(drawer(page), '保存').click();
    await toast(page, '操作成功').waitFor();
    // the area has more accounts than a page (the demo distributors' logins): find it by name
    await go(`/sys/admin?username=${CLERK.username}`);
    await row(page, CLERK.username).waitFor();
    // created with must-change-password
    await row(page, CLERK.username).getByText('待改密').waitFor();
    expect(await row(page, CLERK.username).innerText()).toContain(ROLE.name);
    await snap(page, 'sys-admin');

    // --- reset its password (asks twice: the form, then a confirmation)
    await button(row(page, CLERK.username), '重置密码').click();
    const dialog = page.locator('.ant-modal-wrap:not([style*="display: none"]) .ant-modal').filter({
      has: page.locator('#resetPassword_newPassword'),
    });
    await dialog.locator('#resetPassword_newPassword').fill(RESET);
    await dialog.locator('#resetPassword_confirmPassword').fill(RESET);
    await snap(page, 'sys-admin-reset');
    await button(dialog, '重置密码').click();
    await page
      .locator('.ant-modal-confirm-confirm .ant-modal-confirm-title')
      .getByText('确定重置该账号的密码吗？')
      .waitFor();
    await button(page.locator('.ant-modal-confirm-confirm'), '确定').click();
    await page
      .locator('.ant-modal-confirm-success .ant-modal-confirm-content')
      .getByText(/下次登录时必须修改密码/)
      .waitFor();
    await button(page.locator('.ant-modal-confirm-success'), '确定').click();
    // both dialogs close before the user moves on (a dialog of a tab that is hidden while it
    // closes stays on screen: the known issue in docs/console.md)
    await expect.poll(() => page.locator('.ant-modal-wrap:visible').count()).toBe(0);

    // --- the settings screen: money typed in yuan goes out as cents
    await go('/sys/setting');
    const fee = pane(page).locator('#settings_refundFeeValue');
    await fee.waitFor();
    await pickOption(page, pane(page).locator('#settings_refundRule'), '有条件退');
    await pickOption(page, pane(page).locator('#settings_refundFeeUnit'), '元');
    // the fee shows in yuan (two decimals) before anyone types: typing while it reformats appends
    await expect.poll(() => fee.inputValue()).toBe('10.00');
    await fee.fill('12.5');
    await snap(page, 'sys-setting');
    await button(pane(page), '保存').click();
    await toast(page, '操作成功').waitFor();
    const settings = await authGet<{ refundFeeValue: number; refundFeeUnit: number; saved: boolean }>(
      baseUrl,
      admin.access_token,
      '/web/api/admin/setting/query',
    );
    expect(settings.data).toMatchObject({ refundFeeUnit: 1, refundFeeValue: 1250, saved: true });

    // --- the new account: first the forced change of its initial password
    const clerk = await openPage();
    await clerk.go('/login');
    await clerk.page.locator('#username').waitFor();
    await submitLogin(clerk.page, CLERK.username, RESET);
    await waitForRoute(clerk.page, /^\/changePassword/);
    await clerk.page.locator('#oldPassword').fill(RESET);
    await clerk.page.locator('#newPassword').fill(CHANGED);
    await clerk.page.locator('#confirmPassword').fill(CHANGED);
    await clerk.page.locator('button[type="submit"]').click();
    await waitForRoute(clerk.page, /^\/login/);
    await loginWithForm(clerk.page, CLERK.username, CHANGED, '/dashboard');

    // exactly the screens of the two permissions
    await expectMenu(clerk.page, ['首页', '系统管理']);
    await sidebar(clerk.page).getByText('系统管理').click();
    await expectMenu(clerk.page, ['首页', '系统管理', '账号管理', '景区设置']);

    // the account list: it may look, not change
    await sidebar(clerk.page).getByText('账号管理').click();
    await waitForRoute(clerk.page, '/sys/admin');
    // more accounts than a page (the demo distributors' logins): its own row by name
    await clerk.go(`/sys/admin?username=${CLERK.username}`);
    const own = row(clerk.page, CLERK.username);
    await own.waitFor();
    for (const text of ['新增', '启用', '禁用'])
      await expect.poll(() => button(pane(clerk.page), text).first().isDisabled()).toBe(true);
    for (const text of ['编辑', '删除', '禁用', '重置密码'])
      expect(await button(own, text).isDisabled(), text).toBe(true);
    await expect.poll(() => button(pane(clerk.page), '搜索').isEnabled()).toBe(true);
    await snap(clerk.page, 'sys-admin-viewer');

    // the settings: shown, read-only
    await sidebar(clerk.page).getByText('景区设置').click();
    await waitForRoute(clerk.page, '/sys/setting');
    await pane(clerk.page).locator('#settings_refundFeeValue').waitFor();
    expect(await pane(clerk.page).locator('#settings_refundFeeValue').inputValue()).toBe('12.50');
    expect(await button(pane(clerk.page), '保存').isDisabled()).toBe(true);
    for (const field of ['contact', 'refundDeadlineHours', 'refundFeeValue'])
      expect(await pane(clerk.page).locator(`#settings_${field}`).isDisabled(), field).toBe(true);
    await snap(clerk.page, 'sys-setting-viewer');

    // any other screen is refused
    await clerk.go('/sys/role');
    await waitForRoute(clerk.page, '/401');

    // the server's conflicts (409) reach the admin as the request layer's message
    await go('/sys/role');
    await button(row(page, ROLE.code), '删除').click();
    await button(page.locator('.ant-popover:not(.ant-popover-hidden)'), '确定').click();
    await toast(page, '该角色已分配给 1 个账号').waitFor();
    await go('/sys/admin');
    await button(row(page, '系统管理员'), '删除').click();
    await button(page.locator('.ant-popover:not(.ant-popover-hidden)'), '确定').click();
    await toast(page, '不能删除当前登录的账号').waitFor();
  });
});
