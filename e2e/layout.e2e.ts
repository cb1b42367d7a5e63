// docs/product.md §2, §9: the language switch, the visited-page tabs and their context menu.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { ARTIFACTS, snap, useConsole, waitForRoute } from './support/browser.ts';
import {
  button,
  drawer,
  activeTabText,
  breadcrumbTexts,
  dropdownItem,
  expectMenu,
  menuTexts,
  pane,
  sidebar,
  switchLanguage,
  tabTexts,
  tabs,
} from './support/ui.ts';

const { openPage } = useConsole();

const paginatorText = async (page: Page) =>
  (await pane(page).locator('.ant-pagination').innerText()).replace(/\s+/g, ' ');

async function contextMenu(page: Page, tab: string, item: string) {
  await tabs(page).filter({ hasText: tab }).click({ button: 'right' });
  const entry = dropdownItem(page, item);
  await entry.waitFor();
  await entry.click();
}

describe('language', () => {
  it('switches menu, tabs, breadcrumbs and antd texts to English at once, and keeps it after a reload', async () => {
    const { page, go } = await openPage({ tokens: inject('adminTokens') });
    await go('/scenic/sceManage');
    await pane(page).locator('.ant-table-row').first().waitFor();
    await expectMenu(page, [
      '首页',
      '景区管理',
      '景区列表',
      '门票展示',
      '景点管理',
      '图片分组',
      '景区公告',
      '景区文章',
      '旅游线路',
      '线路订单',
      '公共库存',
      '票务管理',
      '预约管理',
      '会员管理',
      '营销管理',
      '分销管理',
      'OTA管理',
      '畅游卡管理',
      '商城管理',
      '发票管理',
      '终端管理',
      '统计分析',
      '导览管理',
      '系统管理',
    ]);
    expect(await tabTexts(page)).toEqual(['首页', '景区列表']);
    expect(await breadcrumbTexts(page)).toEqual(['首页', '景区管理', '景区列表']);
    expect(await paginatorText(page)).toMatch(/共 2 条.*20 条\/页/);
    await snap(page, 'scenic-list-zh');

    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
    await switchLanguage(page, 'English');

    await expectMenu(page, [
      'Dashboard',
      'Scenic areas',
      'Scenic area list',
      'Ticket display',
      'Scenic spots',
      'Picture groups',
      'Announcements',
      'Articles',
      'Travel packages',
      'Travel orders',
      'Public stock',
      'Tickets',
      'Reservations',
      'Members',
      'Promotions',
      'Distribution',
      'OTA',
      'Travel cards',
      'Online shop',
      'Invoices',
      'Terminals',
      'Statistics',
      'Map guide',
      'System',
    ]);
    // the confirmation speaks the new language
    await page.locator('.ant-message').getByText('Language changed').waitFor();
    await expect.poll(() => tabTexts(page)).toEqual(['Dashboard', 'Scenic area list']);
    await expect.poll(() => breadcrumbTexts(page)).toEqual(['Dashboard', 'Scenic areas', 'Scenic area list']);
    await expect.poll(() => paginatorText(page)).toMatch(/2 in total.*20 \/ page/);
    expect(await pane(page).locator('.ant-table-thead').innerText()).toContain('Name');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(
      true,
    );
    await snap(page, 'scenic-list-en');

    await page.reload();
    await pane(page).locator('.ant-table-row').first().waitFor();
    expect(
      await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
    ).toBeUndefined();
    await expectMenu(page, [
      'Dashboard',
      'Scenic areas',
      'Scenic area list',
      'Ticket display',
      'Scenic spots',
      'Picture groups',
      'Announcements',
      'Articles',
      'Travel packages',
      'Travel orders',
      'Public stock',
      'Tickets',
      'Reservations',
      'Members',
      'Promotions',
      'Distribution',
      'OTA',
      'Travel cards',
      'Online shop',
      'Invoices',
      'Terminals',
      'Statistics',
      'Map guide',
      'System',
    ]);
    expect(await paginatorText(page)).toMatch(/20 \/ page/);
    expect(await page.evaluate(() => localStorage.getItem('language'))).toBe('en');
  });
});

describe('tabs', () => {
  it('refreshes, closes, closes others and closes all from the context menu', async () => {
    const { page, go, route } = await openPage({ tokens: inject('adminTokens') });
    await go('/dashboard');
    await page.getByText('您好，').first().waitFor();
    await sidebar(page).getByText('景区管理').click();
    await sidebar(page).getByText('景区列表').click();
    await waitForRoute(page, '/scenic/sceManage');
    await expect.poll(() => tabTexts(page)).toEqual(['首页', '景区列表']);
    await go('/profile/password');
    await pane(page).locator('#oldPassword').waitFor();
    await expect.poll(() => tabTexts(page)).toEqual(['首页', '景区列表', '修改密码']);

    // refresh re-mounts the page: what was typed is gone
    await tabs(page).filter({ hasText: '景区列表' }).click();
    await waitForRoute(page, '/scenic/sceManage');
    await pane(page).locator('input#name').fill('typed before refresh');
    await tabs(page).filter({ hasText: '景区列表' }).click({ button: 'right' });
    await dropdownItem(page, '刷新').waitFor();
    await snap(page, 'tabs-context-menu');
    // a resize closes the menu (and below 1024 px the layout changes): open it again
    await contextMenu(page, '景区列表', '刷新');
    await waitForRoute(page, '/scenic/sceManage');
    await expect.poll(() => pane(page).locator('input#name').inputValue()).toBe('');
    expect(await tabTexts(page)).toEqual(['首页', '景区列表', '修改密码']);

    // closing the active tab goes to the last remaining one
    await tabs(page).filter({ hasText: '修改密码' }).click();
    await waitForRoute(page, '/profile/password');
    await contextMenu(page, '修改密码', '关闭');
    await waitForRoute(page, '/scenic/sceManage');
    await expect.poll(() => tabTexts(page)).toEqual(['首页', '景区列表']);

    // the affixed dashboard cannot be closed
    await tabs(page).filter({ hasText: '首页' }).click({ button: 'right' });
    await expect.poll(() => dropdownItem(page, '关闭').getAttribute('aria-disabled')).toBe('true');
    await page.keyboard.press('Escape');
    await dropdownItem(page, '关闭').waitFor({ state: 'hidden' });

    // close others keeps the chosen tab (and the affixed dashboard) and opens it
    await go('/profile/password');
    await expect.poll(() => tabTexts(page)).toEqual(['首页', '景区列表', '修改密码']);
    await contextMenu(page, '景区列表', '关闭其他');
    await waitForRoute(page, '/scenic/sceManage');
    await expect.poll(() => tabTexts(page)).toEqual(['首页', '景区列表']);

    // close all leaves the affixed dashboard and goes there
    await contextMenu(page, '景区列表', '关闭所有');
    await waitForRoute(page, '/dashboard');
    await expect.poll(() => tabTexts(page)).toEqual(['首页']);
    expect(await activeTabText(page)).toBe('首页');

    // the close icon of the active tab: to the last remaining tab
    await go('/profile/password');
    await expect.poll(() => tabTexts(page)).toEqual(['首页', '修改密码']);
    await tabs(page).filter({ hasText: '修改密码' }).locator('[aria-label="关闭"]').click();
    await waitForRoute(page, '/dashboard');
    expect(route()).toBe('/dashboard');
  });

  it("keeps a page's state when switching tabs", async () => {
    const { page, go } = await openPage({ tokens: inject('adminTokens') });
    await go('/dashboard');
    await page.getByText('您好，').first().waitFor();
    await go('/scenic/sceManage');
    await pane(page).locator('.ant-table-row').first().waitFor();
    expect(await pane(page).locator('.ant-table-row').count()).toBe(2);

    const name = pane(page).locator('input#name');
    await name.fill('云岭');
    await name.press('Enter');
    await expect.poll(() => pane(page).locator('.ant-table-row').count()).toBe(1);

    await tabs(page).filter({ hasText: '首页' }).click();
    await waitForRoute(page, '/dashboard');
    await pane(page).getByText('您好，').first().waitFor();
    expect(await menuTexts(page)).toContain('景区列表');

    await tabs(page).filter({ hasText: '景区列表' }).click();
    // the tab comes back with its filters, which the list also keeps in the URL
    await waitForRoute(page, '/scenic/sceManage?name=云岭');
    expect(await pane(page).locator('input#name').inputValue()).toBe('云岭');
    expect(await pane(page).locator('.ant-table-row').count()).toBe(1);
    expect(await pane(page).locator('.ant-table-row').innerText()).toContain('云岭');
  });
  it("hides a tab's open drawer with the tab and brings it back with it", async () => {
    const { page, go } = await openPage({ tokens: inject('adminTokens') });
    await go('/dashboard');
    await page.getByText('您好，').first().waitFor();
    await go('/sys/role');
    await pane(page).locator('.ant-table-row').first().waitFor();
    await button(pane(page), '新增').click();
    await drawer(page).locator('#record_name').fill('未保存的角色');

    // the drawer belongs to the tab: leaving the tab (here with the browser's back button) hides it
    await page.goBack();
    await waitForRoute(page, '/dashboard');
    expect(await page.locator('.ant-drawer-open').isVisible()).toBe(false);
    expect(await page.locator('.ant-drawer-mask:visible').count()).toBe(0);
    await pane(page).getByText('您好，').first().click();

    await tabs(page).filter({ hasText: '角色管理' }).click();
    await waitForRoute(page, '/sys/role');
    expect(await drawer(page).locator('#record_name').inputValue()).toBe('未保存的角色');
  });
});

describe('mobile layout', () => {
  it('puts the menu in a drawer below 1024 px', async () => {
    const { page, go } = await openPage({ tokens: inject('adminTokens'), width: 800 });
    await go('/dashboard');
    await pane(page).getByText('您好，').first().waitFor();
    expect(await sidebar(page).count()).toBe(0);

    await page.locator('[data-testid="sidebar-toggle"]').click();
    const drawer = page.locator('.ant-drawer-open .ant-menu-root');
    await drawer.waitFor();
    await drawer.getByText('景区管理').click();
    await drawer.getByText('景区列表').click();
    await waitForRoute(page, '/scenic/sceManage');
    await page.locator('.ant-drawer-open').waitFor({ state: 'hidden' });
    await pane(page).locator('.ant-table-row').first().waitFor();

    await page.locator('[data-testid="sidebar-toggle"]').click();
    await drawer.waitFor();
    await page.screenshot({ path: `${ARTIFACTS}/menu-drawer-800.png`, animations: 'disabled' });
  });
});
