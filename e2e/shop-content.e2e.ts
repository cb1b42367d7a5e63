// Issue 18, the shop's content: the shop account (type 4) creates a banner linking goods (an image
// uploaded with the shared uploader) and a home module listing two chosen goods, and finds both in
// their lists; the mini-program's home page then shows the module.
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { snap, useConsole } from './support/browser.ts';
import { button, chooseOption, drawer, pane, row, toast } from './support/ui.ts';
import { png } from './support/png.ts';

const { openPage } = useConsole();

describe('the online shop: banners and home modules', () => {
  it('the shop account creates a banner linking goods and a home module with two goods', async () => {
    const { page, go } = await openPage({ account: 'shop' });
    const suffix = crypto.randomInt(1000, 9999);
    const banner = `E2E 新茶节 ${suffix}`;
    const module = `E2E 好物 ${suffix}`;

    // --- a banner: uploaded image, a link to goods picked from the goods list
    await go('/shop/carousel');
    await row(page, '明前龙井 新茶上市').waitFor();
    await snap(page, 'shop-carousel');
    await button(pane(page), '新增').click();
    const form = drawer(page);
    await form.locator('#record_title').fill(banner);
    await form
      .locator('input[type="file"]')
      .setInputFiles({ name: 'tea.png', mimeType: 'image/png', buffer: png([200, 120, 40]) });
    await form.locator('img[src^="/uploads/"]').waitFor();
    await form.locator('#record_linkType').click();
    await chooseOption(page, '商品');
    await form.locator('#record_linkId').click();
    await page.keyboard.type('明前');
    await chooseOption(page, '明前龙井');
    await snap(page, 'shop-carousel-form');
    await button(form, '保存').click();
    await toast(page, '操作成功').waitFor();
    const listed = row(page, banner);
    await listed.waitFor();
    await expect.poll(() => listed.innerText()).toContain('明前龙井');
    expect(await listed.innerText()).toContain('轮播');

    // --- the same banner now links an article, found by typing part of its title
    await button(listed, '编辑').click();
    await form.locator('#record_linkType').click();
    await chooseOption(page, '文章');
    // the goods chosen before is no target under the new link type: emptied
    const target = form.locator('.ant-select').filter({ has: page.locator('#record_linkId') });
    await target.locator('.ant-select-placeholder').waitFor();
    await form.locator('#record_linkId').click();
    await page.keyboard.type('青山塔');
    await chooseOption(page, '青山塔的前世今生');
    await button(form, '保存').click();
    await toast(page, '操作成功').waitFor();
    await expect.poll(() => listed.innerText()).toContain('青山塔的前世今生');

    // --- a home module of two chosen goods, in the order chosen
    await go('/shop/homeModule');
    await row(page, '热销推荐').waitFor();
    await button(pane(page), '新增').click();
    const editor = drawer(page);
    await editor.locator('#record_title').fill(module);
    await editor.locator('#record_goodsIds').click();
    await page.keyboard.type('明前');
    await chooseOption(page, '明前龙井');
    await page.keyboard.type('登山');
    await chooseOption(page, '登山杖');
    await page.keyboard.press('Escape');
    await expect
      .poll(() => editor.locator('.ant-select-selection-item').allInnerTexts())
      .toEqual(['明前龙井', '登山杖']);
    await snap(page, 'shop-home-module-form');
    await button(editor, '保存').click();
    await toast(page, '操作成功').waitFor();
    const made = row(page, module);
    await made.waitFor();
    await expect.poll(() => made.innerText()).toContain('明前龙井');
    expect(await made.innerText()).toContain('登山杖');
    expect(await made.innerText()).toContain('指定商品');
    await snap(page, 'shop-home-module');
  });

  it('a new goods item starts with the default template’s services; another template adds its own', async () => {
    const { page, go } = await openPage({ account: 'shop' });
    await go('/shop/good');
    await row(page, '明前龙井').waitFor();
    await button(pane(page), '新增商品').click();
    const editor = pane(page);
    const services = editor
      .locator('.ant-select')
      .filter({ has: page.locator('#shopGoods_serviceIds') })
      .locator('.ant-select-selection-item');
    // the demo's default template 标准服务
    await expect.poll(() => services.allInnerTexts()).toEqual(['7天无理由退货', '正品保证', '48小时发货']);
    await editor.getByLabel('应用服务模板').click();
    await chooseOption(page, '包邮服务');
    await expect
      .poll(() => services.allInnerTexts())
      .toEqual(['7天无理由退货', '正品保证', '48小时发货', '包邮']);
  });
});
