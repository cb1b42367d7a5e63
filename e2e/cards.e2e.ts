// Issue 32's first slice end to end: 畅游卡管理 › 畅游卡种类 lists the demo's kinds; a new kind made on
// the hidden /VipCard/vipUse form shows in the list, goes on shelf after the question, and reads in
// English at 800 px. (Cards, their orders, redeem codes and the gates come with the next slices.)
import crypto from 'node:crypto';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { Tokens } from './support/api.ts';
import { NARROW, snap, useConsole, waitForRoute } from './support/browser.ts';
import { button, confirmPopup, pane, row, sidebar, switchLanguage, toast } from './support/ui.ts';

const { openPage } = useConsole();

let admin: Tokens;

beforeAll(() => {
  admin = inject('adminTokens');
});

describe('travel card kinds', () => {
  it('creates a kind timed by days, lists it and puts it on shelf', async () => {
    const { page, go } = await openPage({ tokens: admin });
    const name = `E2E 卡 ${crypto.randomInt(1000, 9999)}`;

    await go('/dashboard');
    await sidebar(page).getByText('畅游卡管理').click();
    await sidebar(page).getByText('畅游卡种类').click();
    await waitForRoute(page, '/VipCard/vipUseAssort');
    await row(page, '湖山年卡').waitFor();
    expect(await row(page, '湖山年卡').innerText()).toContain('激活后 365 天');
    await snap(page, 'card-kinds');

    // --- the form: a name and a price; timed by 365 days from activation and every channel by default
    await button(pane(page), '新增').click();
    await waitForRoute(page, '/VipCard/vipUse');
    // the list may still be in the pane for a moment after the route changed
    await expect.poll(() => pane(page).getByRole('columnheader').count()).toBe(0);
    await pane(page).getByLabel('卡名称').fill(name);
    await pane(page).getByLabel('售价').fill('199');
    // timed by days: the fixed dates are not asked for
    expect(await pane(page).getByLabel('开始日期').isVisible()).toBe(false);
    expect(await pane(page).getByLabel('激活后有效天数').isVisible()).toBe(true);
    await snap(page, 'card-kind-form');
    await button(pane(page), '保存').click();
    await toast(page, '操作成功').waitFor();
    await waitForRoute(page, '/VipCard/vipUseAssort');
    const created = row(page, name);
    await created.waitFor();
    expect(await created.innerText()).toContain('199.00');

    // --- on shelf, asked first
    await button(created, '上架').click();
    await confirmPopup(page);
    await expect.poll(() => created.innerText()).toContain('下架');

    // --- in English, narrow
    await page.setViewportSize({ width: NARROW, height: 900 });
    await switchLanguage(page, 'English');
    await expect.poll(() => row(page, '湖山年卡').innerText()).toContain('365 days');
    await snap(page, 'card-kinds-en');
  });
});
