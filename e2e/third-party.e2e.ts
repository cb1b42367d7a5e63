// Issue 19: third-party channels. Staff create a code-list channel, import a platform's codes
// (repeats and malformed lines reported), see them listed, and test a code without redeeming it.
import { describe, expect, inject, it } from 'vitest';
import { snap, useConsole } from './support/browser.ts';
import { button, chooseOption, drawer, modal, pane, row, toast } from './support/ui.ts';

const { openPage } = useConsole();
const NAME = '端到端门店';

describe('third-party channels', () => {
  it('creates a channel, imports codes, lists them and tests a code', async () => {
    const { page, go } = await openPage({ tokens: inject('adminTokens') });
    await go('/terminal/thirdPartyChannel');
    await row(page, '湖滨旅行社门店').waitFor();

    await button(pane(page), '新增').click();
    await drawer(page).locator('#record_name').fill(NAME);
    await drawer(page).locator('#record_productId').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
    await drawer(page).locator('#record_codePrefix').fill('EE');
    await drawer(page).locator('#record_gateIds').click();
    await chooseOption(page, '南门入口');
    await page.keyboard.press('Escape');
    await button(drawer(page), '保存').click();
    await row(page, NAME).waitFor();
    await expect.poll(() => row(page, NAME).textContent()).toContain('南门入口');

    await button(row(page, NAME), '券码').click();
    await button(drawer(page), '导入券码').click();
    await page.getByTestId('tp-import-codes').fill('EE0001\nEE0002\nEE0002\nbad');
    await button(modal(page), '导入券码').click();
    await toast(page, '已导入 2 个券码').waitFor();
    await modal(page).getByText('以下 2 行未导入').waitFor();
    await modal(page).getByText('粘贴内容中重复').waitFor();
    await modal(page).getByText('格式不符').waitFor();
    await snap(page, 'third-party-import');
    await button(modal(page), '取消').click();
    await drawer(page).locator('.ant-table-row').filter({ hasText: 'EE0001' }).waitFor();
    await drawer(page).locator('.ant-table-row').filter({ hasText: 'EE0002' }).waitFor();
    // Escape closes the drawer once the dialog has closed (during its closing animation the
    // dialog is still the top layer and takes the key)
    await modal(page).waitFor({ state: 'hidden' });
    await page.keyboard.press('Escape');
    await page.locator('.ant-drawer-open').waitFor({ state: 'hidden' });
    await expect.poll(() => row(page, NAME).textContent()).toContain('0/2');

    await page.getByTestId('tp-test-code').click();
    await page.getByTestId('tp-test-input').fill('EE0001');
    await button(modal(page), '测试').click();
    const result = page.getByTestId('tp-test-result');
    await result.getByText('核销券码并放行').waitFor();
    await result.getByText(NAME).waitFor();
    await snap(page, 'third-party-test-code');
  });
});
