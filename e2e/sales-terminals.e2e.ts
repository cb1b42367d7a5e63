// Issue 19 (windows and machines): staff add a product to a ticket window's profile on
// /terminal/windManage and find the window by that product; then open a machine's carousel from its
// row and add an uploaded image to it.
import crypto from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { snap, useConsole } from './support/browser.ts';
import { button, chooseOption, drawer, pane, row, toast } from './support/ui.ts';
import { png } from './support/png.ts';

const { openPage } = useConsole();

describe('ticket windows and self-service machines', () => {
  it('adds a product to a window, then an image to a machine’s carousel', async () => {
    const { page, go } = await openPage({ tokens: inject('adminTokens') });
    const WINDOW = '北门售票窗口';

    // --- the window sells one more product
    await go('/terminal/windManage');
    await row(page, WINDOW).waitFor();
    await snap(page, 'window-list');
    await row(page, WINDOW).getByRole('button', { name: '编辑' }).click();
    const form = drawer(page);
    await form.locator('#record_productIds').click();
    await chooseOption(page, '夜游票');
    await page.keyboard.press('Escape');
    await expect.poll(() => form.locator('.ant-select-selection-item').allInnerTexts()).toContain('夜游票');
    await snap(page, 'window-form');
    await button(form, '保存').click();
    await toast(page, '操作成功').waitFor();
    // the row lists the product it now sells
    await expect.poll(() => row(page, WINDOW).innerText()).toContain('夜游票');

    // --- a machine's carousel, opened from its row
    const title = `E2E 春季活动 ${crypto.randomInt(1000, 9999)}`;
    await go('/terminal/autoSellTerMange');
    const machine = row(page, '南门自助售取票机');
    await machine.waitFor();
    await machine.getByText('纸张不足').waitFor();
    await snap(page, 'machine-list');
    await machine.getByRole('button', { name: /轮播图/ }).click();
    await pane(page).getByText('南门自助售取票机 的轮播图').waitFor();
    await row(page, '欢迎光临').waitFor();
    await button(pane(page), '新增').click();
    const editor = drawer(page);
    await editor.locator('#record_title').fill(title);
    await editor
      .locator('input[type="file"]')
      .setInputFiles({ name: 'spring.png', mimeType: 'image/png', buffer: png() });
    await editor.locator('img[src^="/uploads/"]').waitFor();
    await snap(page, 'machine-carousel-form');
    await button(editor, '保存').click();
    await toast(page, '操作成功').waitFor();
    const added = row(page, title);
    await added.waitFor();
    expect(await added.innerText()).toContain('正在显示');
    expect(await added.innerText()).toContain('本机');
  });
});
