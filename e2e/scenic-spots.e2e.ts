// docs/product.md §2 /scenic/viewpoint: the first module in the per-module shape (docs/adding-a-screen.md).
// A spot created through the form, a wrong opening time refused on the field, the list in English.
import { describe, expect, inject, it } from 'vitest';
import { authPost } from './support/api.ts';
import { NARROW, snap, useConsole } from './support/browser.ts';
import { button, drawer, pane, row, toast } from './support/ui.ts';

const { openPage } = useConsole();

describe('scenic spots', () => {
  it('lists the demo spots, creates one through the form, refusing an opening time without a closing one', async () => {
    const admin = inject('adminTokens');
    const { page, go } = await openPage({ tokens: admin });
    await go('/scenic/viewpoint');
    await row(page, '湖心岛').waitFor();
    expect(await pane(page).locator('.ant-table-row').count()).toBe(15);
    await snap(page, 'scenic-spots');

    await button(pane(page), '新增').click();
    await drawer(page).locator('#record_name').fill('E2E 观鸟台');
    await drawer(page).locator('#record_openTime').click();
    await page.keyboard.type('18:00');
    // Enter takes the time and submits the form: an opening time without a closing one is refused
    // on the field by the shared schema, before anything is sent
    await page.keyboard.press('Enter');
    await drawer(page)
      .locator('.ant-form-item-explain-error')
      .filter({ hasText: '须晚于开放时间' })
      .waitFor();
    await drawer(page).locator('#record_closeTime').click();
    await page.keyboard.type('20:30');
    await snap(page, 'scenic-spots-form');
    await page.keyboard.press('Enter');
    await toast(page, '操作成功').waitFor();
    await row(page, 'E2E 观鸟台').waitFor();
    expect(await row(page, 'E2E 观鸟台').innerText()).toContain('18:00 – 20:30');

    const saved = await authPost<{ rows: { name: string; openTime: string; closeTime: string }[] }>(
      inject('baseUrl'),
      admin.access_token,
      '/web/api/ticket/scenicSpot/page',
      { name: 'E2E 观鸟台' },
    );
    expect(saved.data.rows).toEqual([expect.objectContaining({ openTime: '18:00', closeTime: '20:30' })]);
  });

  it('shows the list in English on a narrow screen', async () => {
    const { page, go } = await openPage({
      tokens: inject('adminTokens'),
      width: NARROW,
      storage: [{ name: 'language', value: 'en' }],
    });
    await go('/scenic/viewpoint?spotType=3');
    await row(page, 'Public facility').first().waitFor();
    expect(await pane(page).locator('.ant-table-row').count()).toBe(3);
    await snap(page, 'scenic-spots-en-narrow');
  });
});
