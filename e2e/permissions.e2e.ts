// docs/product.md §2, §6: the menu follows the account's permissions; account type 4 (shop) has no dashboard.
import { describe, expect, inject, it } from 'vitest';
import { snap, useConsole, waitForRoute } from './support/browser.ts';
import { DEMO_PASSWORD } from './support/server.ts';
import { expectMenu, loginWithForm, sidebar } from './support/ui.ts';

const { openPage } = useConsole();

describe('permissions', () => {
  it('shows staff only the dashboard, 景区管理 › 景区列表 and 系统管理 › 登录日志', async () => {
    const { page, go } = await openPage();
    await go('/login');
    await loginWithForm(page, 'staff', DEMO_PASSWORD, '/dashboard');
    await expectMenu(page, ['首页', '景区管理', '系统管理']);
    await snap(page, 'dashboard-staff');
    await sidebar(page).getByText('系统管理').click();
    await expectMenu(page, ['首页', '景区管理', '系统管理', '登录日志']);
    await sidebar(page).getByText('景区管理').click();
    await expectMenu(page, ['首页', '景区管理', '景区列表', '系统管理', '登录日志']);

    await sidebar(page).getByText('景区列表').click();
    await waitForRoute(page, '/scenic/sceManage');
    // staff of area 1 sees its own scenic area only
    await expect.poll(() => page.locator('.ant-table-row').count()).toBe(1);
    await snap(page, 'scenic-list-staff');

    // the profile page has no permission and stays reachable; anything else is refused
    await go('/profile/password');
    await page.locator('#oldPassword').waitFor();
  });

  it('gives the shop account (type 4) no dashboard', async () => {
    const { page, go } = await openPage();
    await go('/login');
    // docs/product.md §2: / leads to /shop/good for type 4, whose role holds the shop permissions only
    await loginWithForm(page, 'shop', DEMO_PASSWORD, '/shop/good');
    await expect.poll(() => page.locator('.ant-table-row').count()).toBeGreaterThan(0);
    await expectMenu(page, [
      '商城管理',
      '轮播图',
      '首页模块',
      '服务模板',
      '商品服务',
      '商品分类',
      '商品管理',
      '售后管理',
      '商城订单',
      '销售统计',
    ]);
    await snap(page, 'home-shop');

    await go('/dashboard');
    await waitForRoute(page, /^\/(401|404|shop\/good)$/);
    // ticket, member and system screens are refused by route too
    for (const screen of ['/ticket/order', '/user/user', '/sys/admin']) {
      await go(screen);
      await waitForRoute(page, /^\/(401|404)$/);
    }

    // inside the layout: no dashboard in the menu, the tabs or the user menu (docs/product.md §2)
    await go('/profile/password');
    await page.locator('#oldPassword').waitFor();
    expect(await sidebar(page).getByText('首页').count()).toBe(0);
    expect(await page.locator('[data-testid="tags-view"]').getByText('首页').count()).toBe(0);
    await page.locator('[data-testid="user-menu"]').click();
    const items = page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu-item');
    await items.first().waitFor();
    expect((await items.allInnerTexts()).map((s) => s.trim())).toEqual(['修改密码', '退出登录']);
    await snap(page, 'profile-shop');
  });

  it('shows a distributor (type 3) its own orders and its buying screen, and nothing else', async () => {
    const { page, go } = await openPage();
    await go('/login');
    await loginWithForm(page, 'agent', DEMO_PASSWORD, '/dashboard');
    // its role: its own orders (admin:order:page), buying on its balance or credit (admin:disBuy:create)
    // and its own distributor reports (admin:stat:disReport, disSale, disTicket)
    await expectMenu(page, ['首页', '票务管理', '分销管理', '统计分析']);
    await sidebar(page).getByText('票务管理').click();
    await sidebar(page).getByText('订单管理').click();
    await waitForRoute(page, '/ticket/order');
    const rows = page.locator('.ant-table-row');
    await expect.poll(() => rows.count()).toBeGreaterThan(0);
    // the demo's distribution-channel orders are the agent's; no other channel's order shows
    const channels = await page.locator('.ant-table-row td').allInnerTexts();
    expect(channels.some((text) => text.includes('分销'))).toBe(true);
    for (const other of ['美团', '携程', '小程序', '人工窗口']) {
      expect(
        channels.some((text) => text.trim() === other),
        other,
      ).toBe(false);
    }
    await snap(page, 'orders-distributor');
    // a screen outside its reach is refused, whatever the menu would have shown
    await go('/sys/admin');
    await waitForRoute(page, /^\/(401|404)$/);
  });

  it('lets a platform account act in another scenic area', async () => {
    const { page, go } = await openPage({ tokens: inject('adminTokens') });
    await go('/dashboard');
    await page.getByText('青山湖风景区').first().waitFor();
    await page.locator('[data-testid="scenic-switcher"]').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByText('云岭古镇').click();
    // the console reloads acting in the chosen area: user info and every list follow it
    await page.locator('main, .ant-card').getByText('云岭古镇').first().waitFor();
    await go('/scenic/sceManage');
    await page.locator('.ant-table-row').first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('backstage_scenicId'))).toBe('2');
    await snap(page, 'scenic-switched');
  });
});
