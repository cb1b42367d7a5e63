// docs/product.md §2 /scenic/scenicArticle and /scenic/announcement: an article written in the
// rich-text editor (bold text and an uploaded image), published, and read by the mini-program's
// public endpoint; the lists in English on a narrow screen.
import { describe, expect, inject, it } from 'vitest';
import { articleApi, publicContentApi } from '../src/shared/api/content.ts';
import { authApi } from '../src/shared/api/endpoints.ts';
import { authGet, authPost } from './support/api.ts';
import { NARROW, snap, useConsole } from './support/browser.ts';
import { button, drawer, modal, pane, row, toast } from './support/ui.ts';
import { png } from './support/png.ts';

const { openPage } = useConsole();

describe('content', () => {
  it('writes an article with bold text and an image, publishes it and finds it in the public endpoint', async () => {
    const admin = inject('adminTokens');
    const baseUrl = inject('baseUrl');
    const { page, go } = await openPage({ tokens: admin });
    await go('/scenic/scenicArticle');
    await row(page, '青山湖一日游：经典路线全攻略').waitFor();
    await snap(page, 'content-articles');

    await button(pane(page), '新增').click();
    await drawer(page).locator('#record_title').fill('E2E 秋日游湖攻略');
    await drawer(page).locator('#record_author').fill('测试编辑');
    const editor = drawer(page).locator('.ProseMirror');
    await editor.click();
    await page.keyboard.type('湖边的');
    await drawer(page).getByRole('button', { name: '加粗' }).click();
    await page.keyboard.type('银杏');
    await drawer(page).getByRole('button', { name: '加粗' }).click();
    await page.keyboard.type('最美');

    await drawer(page).getByRole('button', { name: '插入图片' }).click();
    const dialog = modal(page);
    await dialog
      .locator('input[type="file"]')
      .setInputFiles({ name: 'lake.png', mimeType: 'image/png', buffer: png() });
    await dialog.locator('img[src^="/uploads/"]').waitFor();
    await dialog.getByRole('textbox', { name: '图片说明' }).fill('湖景');
    await button(dialog, '确认').click();
    await editor.locator('img[alt="湖景"]').waitFor();
    await snap(page, 'content-article-form');

    await button(drawer(page), '保存').click();
    await toast(page, '操作成功').waitFor();
    const created = row(page, 'E2E 秋日游湖攻略');
    await created.waitFor();
    expect(await created.innerText()).toContain('草稿');

    await button(created, '发布').click();
    await button(page.locator('.ant-popover:not(.ant-popover-hidden)'), '确定').click();
    await toast(page, '已发布').waitFor();
    await expect.poll(() => created.innerText()).toContain('已发布');

    const saved = await authPost<{ rows: { id: number }[] }>(baseUrl, admin.access_token, articleApi.page, {
      title: 'E2E 秋日游湖攻略',
    });
    const id = saved.data.rows[0]!.id;
    const { data: user } = await authGet<{ scenicId: number }>(
      baseUrl,
      admin.access_token,
      authApi.getUserinfo,
    );
    const list = await fetch(`${baseUrl}${publicContentApi.articles}?scenicId=${user.scenicId}`);
    expect(list.headers.get('cache-control')).toBe('public, max-age=60');
    const listed = (await list.json()) as { data: { rows: { id: number }[] } };
    expect(listed.data.rows.map((r) => r.id)).toContain(id);
    const one = (await (
      await fetch(`${baseUrl}${publicContentApi.article}?scenicId=${user.scenicId}&id=${id}`)
    ).json()) as { data: { content: string; viewCount: number } };
    expect(one.data.content).toContain('<strong>银杏</strong>');
    expect(one.data.content).toMatch(/<img src="\/uploads\/[^"]+" alt="湖景">/);
    expect(one.data.viewCount).toBe(1);
  });

  it('writes an announcement on its detail page, refusing a window that ends before it starts, and publishes it pinned', async () => {
    const admin = inject('adminTokens');
    const baseUrl = inject('baseUrl');
    const { page, go } = await openPage({ tokens: admin });
    await go('/scenic/announcement');
    await row(page, '春季开园时间调整公告').waitFor();
    await button(pane(page), '新增').click();
    await pane(page).getByText('新增公告').waitFor();

    await pane(page).locator('#announcement_title').fill('E2E 游船停航通知');
    await pane(page).locator('.ProseMirror').click();
    await page.keyboard.type('今日大风，游船停航。');
    await pane(page).locator('#announcement_publishFrom').click();
    await page.keyboard.type('2030-05-02 10:00');
    await page.keyboard.press('Enter');
    await pane(page).locator('#announcement_publishTo').click();
    await page.keyboard.type('2030-05-01 10:00');
    await page.keyboard.press('Enter');
    await button(pane(page), '保存').click();
    // the shared schema names the end of the window, before anything is sent
    await pane(page).locator('.ant-form-item-explain-error').filter({ hasText: '须晚于开始时间' }).waitFor();
    await snap(page, 'content-announcement-window-error');

    // open ends: shown from now on, until withdrawn
    for (const id of ['#announcement_publishFrom', '#announcement_publishTo']) {
      await pane(page).locator(id).hover();
      await pane(page)
        .locator(id)
        .locator('xpath=ancestor::div[contains(@class,"ant-picker")][1]')
        .locator('.ant-picker-clear')
        .click();
    }
    await pane(page).locator('#announcement_pinned').click();
    await button(pane(page), '保存').click();
    await toast(page, '操作成功').waitFor();
    const created = row(page, 'E2E 游船停航通知');
    await created.waitFor();
    expect(await created.innerText()).toContain('草稿');

    await button(created, '发布').click();
    await button(page.locator('.ant-popover:not(.ant-popover-hidden)'), '确定').click();
    await toast(page, '已发布').waitFor();

    const { data: user } = await authGet<{ scenicId: number }>(
      baseUrl,
      admin.access_token,
      authApi.getUserinfo,
    );
    const res = await fetch(`${baseUrl}${publicContentApi.announcements}?scenicId=${user.scenicId}`);
    const shown = ((await res.json()) as { data: { title: string; pinned: boolean; content: string }[] })
      .data;
    expect(shown.find((a) => a.title === 'E2E 游船停航通知')).toMatchObject({
      pinned: true,
      content: '<p>今日大风，游船停航。</p>',
    });
  });

  it('shows both lists in English on a narrow screen', async () => {
    const { page, go } = await openPage({
      tokens: inject('adminTokens'),
      width: NARROW,
      storage: [{ name: 'language', value: 'en' }],
    });
    await go('/scenic/scenicArticle?category=3');
    await row(page, 'Culture').first().waitFor();
    expect(await pane(page).locator('.ant-table-row').count()).toBe(2);
    await snap(page, 'content-articles-en-narrow');

    await go('/scenic/announcement?state=3');
    const withdrawn = row(page, 'Withdrawn').first();
    await withdrawn.waitFor();
    expect(await withdrawn.innerText()).toContain('Publish');
    await snap(page, 'content-announcements-en-narrow');

    await go('/scenic/announDetail');
    await pane(page).getByText('New announcement').waitFor();
    await button(pane(page), 'Save').click();
    await pane(page)
      .locator('.ant-form-item-explain-error')
      .filter({ hasText: 'is required' })
      .first()
      .waitFor();
    await snap(page, 'content-announcement-new-en-narrow');
  });
});
