// docs/product.md §2 /scenic/sceManageDetail: an area's profile opened from the scenic area list,
// its seasons' hours and introduction (bold text) edited and read back by the mini-program's public
// endpoint; a new area created by the platform administrator, whose own administrator logs in; the
// profile in English on a narrow screen.
import { describe, expect, inject, it } from 'vitest';
import { publicScenicApi, scenicApi } from '../src/shared/api/scenic.ts';
import { apiLogin, authPost, encrypt, type Account } from './support/api.ts';
import { NARROW, snap, useConsole } from './support/browser.ts';
import { button, drawer, modal, pane, row, toast } from './support/ui.ts';

const { openPage } = useConsole();

describe('scenic area profile', () => {
  it('opens the profile from the list, edits the hours and the introduction, and the public endpoint shows them', async () => {
    const admin = inject('adminTokens');
    const baseUrl = inject('baseUrl');
    const { page, go } = await openPage({ tokens: admin });
    await go('/scenic/sceManage');
    await button(row(page, '云岭古镇'), '详情').click();
    await pane(page).getByText('景区资料: 云岭古镇 (YLGZ)').waitFor();
    const form = pane(page);
    expect(await form.locator('#scenicProfile_openingSeasons_0_name').inputValue()).toBe('夏季');

    // a day that does not exist is refused on its field before anything is sent
    await form.locator('#scenicProfile_openingSeasons_1_to').fill('02-30');
    await button(form, '保存').click();
    await form.locator('.ant-form-item-explain-error').filter({ hasText: '须为 MM-DD 格式的日期' }).waitFor();
    await form.locator('#scenicProfile_openingSeasons_1_to').fill('04-30');
    await form.locator('#scenicProfile_openingSeasons_0_closeTime').fill('22:30');

    const editor = form.locator('.ProseMirror');
    await editor.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Delete');
    await page.keyboard.type('古镇夜晚的');
    await form.getByRole('button', { name: '加粗' }).click();
    await page.keyboard.type('古戏台');
    await form.getByRole('button', { name: '加粗' }).click();
    await page.keyboard.type('最热闹');
    await snap(page, 'scenic-profile');
    await button(form, '保存').click();
    await toast(page, '景区资料已保存').waitFor();

    const list = await authPost<{ rows: { id: number; code: string }[] }>(
      baseUrl,
      admin.access_token,
      scenicApi.page,
      {},
    );
    const id = list.data.rows.find((r) => r.code === 'YLGZ')!.id;
    const res = await fetch(`${baseUrl}${publicScenicApi.profile}?scenicId=${id}`);
    expect(res.headers.get('cache-control')).toBe('public, max-age=60');
    const { data } = (await res.json()) as {
      data: { intro: string; openingSeasons: { closeTime: string; to: string }[] };
    };
    expect(data.intro).toContain('<strong>古戏台</strong>');
    expect(data.intro).toContain('最热闹');
    expect(data.openingSeasons[0]!.closeTime).toBe('22:30');
    expect(data.openingSeasons[1]!.to).toBe('04-30');
  });

  it('lets the platform administrator create an area whose administrator logs in to it alone', async () => {
    const admin = inject('adminTokens');
    const baseUrl = inject('baseUrl');
    const { page, go } = await openPage({ tokens: admin });
    await go('/scenic/sceManage');
    await row(page, '青山湖风景区').waitFor();
    await button(pane(page), '新增景区').click();
    await drawer(page).locator('#record_code').fill('HSW');
    await drawer(page).locator('#record_name').fill('E2E 湖山湾景区');
    await drawer(page).locator('#record_adminUsername').fill('hsw_admin');
    await drawer(page).locator('#record_adminNickname').fill('林晓');
    await button(drawer(page), '保存').click();

    const shown = modal(page);
    await shown.getByText('景区已创建').waitFor();
    const initial = await shown.getByTestId('scenic-initial-password').inputValue();
    expect(initial).toMatch(/^(?=.*[A-Za-z])(?=.*\d)\S{8,64}$/);
    await snap(page, 'scenic-area-created');
    await button(shown, '确定').click();
    await row(page, 'E2E 湖山湾景区').waitFor();

    const change = await fetch(`${baseUrl}/web/api/ticket/auth/changeInitialPassword`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        username: 'hsw_admin',
        oldPassword: await encrypt(baseUrl, initial),
        newPassword: await encrypt(baseUrl, 'Hushan2026'),
      }),
    });
    expect(change.status).toBe(200);
    const tokens = await apiLogin(baseUrl, 'hsw_admin' as Account, 'Hushan2026');
    const own = await authPost<{ rows: { name: string }[] }>(
      baseUrl,
      tokens.access_token,
      scenicApi.page,
      {},
    );
    expect(own.data.rows.map((r) => r.name)).toEqual(['E2E 湖山湾景区']);
  });

  it('shows the profile in English on a narrow screen', async () => {
    const { page, go } = await openPage({
      tokens: inject('adminTokens'),
      width: NARROW,
      storage: [{ name: 'language', value: 'en' }],
    });
    await go('/scenic/sceManage');
    await button(row(page, '青山湖风景区'), 'Profile').click();
    await pane(page).getByText('Scenic area profile: 青山湖风景区 (QSH)').waitFor();
    await pane(page).getByText('Opening hours by season').waitFor();
    await pane(page).getByRole('link', { name: 'Open in a map' }).waitFor();
    expect(await pane(page).locator('#scenicProfile_openingSeasons_0_name').inputValue()).toBe('旺季');
    await snap(page, 'scenic-profile-en-narrow');
  });
});
