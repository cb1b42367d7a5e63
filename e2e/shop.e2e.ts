// Issue 18's ground: the shop account (type 4) files a category, creates goods with two SKUs in the
// editor (/shop/goodQuery), finds them on /shop/good, adjusts a SKU's stock and takes them off the shelf.
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { snap, useConsole, waitForRoute } from './support/browser.ts';
import { button, chooseOption, drawer, modal, pane, row, toast } from './support/ui.ts';

const { openPage } = useConsole();

describe('the online shop: categories, goods and stock', () => {
  it('the shop account files a category, creates goods with two SKUs and adjusts their stock', async () => {
    const { page, go } = await openPage({ account: 'shop' });
    const suffix = crypto.randomInt(1000, 9999);
    const category = `伴手礼${suffix}`;
    const goods = `E2E 桂花藕粉 ${suffix}`;

    // --- a subcategory of 特产美食
    await go('/shop/goodType');
    await row(page, '特产美食').waitFor();
    await snap(page, 'shop-good-type');
    await button(pane(page), '新增').click();
    const form = drawer(page);
    await form.locator('#record_name').fill(category);
    await form.locator('#record_parentId').click();
    await chooseOption(page, '特产美食');
    await button(form, '保存').click();
    await toast(page, '操作成功').waitFor();

    // --- goods with one specification of two values: two SKUs
    await go('/shop/good');
    await row(page, '明前龙井').waitFor();
    await button(pane(page), '新增商品').click();
    await waitForRoute(page, '/shop/goodQuery');
    const editor = pane(page);
    await editor.locator('#shopGoods_name').fill(goods);
    await editor.locator('#shopGoods_categoryId').click();
    await page.locator('.ant-select-tree-node-content-wrapper').filter({ hasText: category }).click();
    await button(editor, '添加规格').click();
    await editor.getByLabel('规格名').fill('规格');
    const values = editor.getByLabel('规格值');
    await values.click();
    await page.keyboard.type('250g');
    await page.keyboard.press('Enter');
    await page.keyboard.type('500g');
    await page.keyboard.press('Enter');
    const skus = editor.locator('.ant-table-row');
    await expect.poll(() => skus.count()).toBe(2);
    for (const [i, [price, stock]] of [
      ['38', '5'],
      ['68', '3'],
    ].entries()) {
      const sku = skus.nth(i);
      await sku.locator('input').nth(0).fill(price!);
      await sku.getByLabel('初始库存').fill(stock!);
      await sku.getByLabel('商品编码').fill(`E2E-${suffix}-${i + 1}`);
    }
    await snap(page, 'shop-good-editor');
    await button(editor, '保存').click();
    await toast(page, '操作成功').waitFor();
    await waitForRoute(page, '/shop/good');

    // --- in the list: both prices, the stock of both SKUs, off the shelf until put on it
    const listed = row(page, goods);
    await listed.waitFor();
    await expect.poll(() => listed.innerText()).toContain('38.00');
    await expect.poll(() => listed.innerText()).toContain('68.00');
    expect(await listed.innerText()).toContain('8');
    expect(await listed.innerText()).toContain('已下架');

    // --- stock: 20 more of the 250g SKU, goods received
    await button(listed, '库存').click();
    const dialog = modal(page);
    await dialog.locator('#shopStock_skuId').click();
    await chooseOption(page, '250g');
    await dialog.locator('#shopStock_delta').fill('20');
    await dialog.locator('#shopStock_note').fill('到货');
    await button(dialog, '确定').click();
    await toast(page, '操作成功').waitFor();
    await expect.poll(() => row(page, goods).locator('td').nth(5).innerText()).toBe('28');

    // --- taking more than there is is refused
    await button(row(page, goods), '库存').click();
    await modal(page).locator('#shopStock_skuId').click();
    await chooseOption(page, '500g');
    await modal(page).locator('#shopStock_delta').fill('-4');
    await button(modal(page), '确定').click();
    await toast(page, '库存不足').waitFor();
    await button(modal(page), '取消').click();
    await snap(page, 'shop-good-list');
  });
});
