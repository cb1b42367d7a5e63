// Issue 19 (first slice): admin registers a terminal (the activation code shown once), the device
// activates with it through the API, sends a heartbeat with its own client token, and the list
// shows it online. Issue 28: disabling voids the device's credentials; enabling shows a new
// activation code, and the device activates again with it.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { activateDevice } from './support/api.ts';
import { snap, useConsole } from './support/browser.ts';
import { button, chooseOption, drawer, modal, pane, row } from './support/ui.ts';

const { openPage } = useConsole();
const SERIAL = 'E2E-GATE-01';

/** Presses a row's button that asks first, and confirms. */
async function confirmInRow(page: Page, rowText: string, text: string): Promise<void> {
  await button(row(page, rowText), text).click();
  const question = page.locator('.ant-popover:not(.ant-popover-hidden)');
  await question.waitFor();
  await button(question, '确定').click();
  await question.waitFor({ state: 'hidden' });
}

describe('terminal registry', () => {
  it('registers a terminal that activates, beats and shows online', async () => {
    const baseUrl = inject('baseUrl');
    const admin = inject('adminTokens');
    const { page, go } = await openPage({ tokens: admin });
    await go('/terminal/terminal');
    await pane(page).locator('.ant-table-row').first().waitFor();

    await button(pane(page), '新增').click();
    await drawer(page).locator('#record_kind').click();
    await chooseOption(page, '闸机设备');
    await page.keyboard.press('Escape');
    await drawer(page).locator('#record_name').fill('端到端闸机');
    await drawer(page).locator('#record_serialNo').fill(SERIAL);
    await drawer(page).locator('#record_location').fill('南门广场');
    await button(drawer(page), '保存').click();
    const codeInput = page.getByTestId('terminal-one-time');
    await codeInput.waitFor();
    const code = await codeInput.inputValue();
    expect(code).toMatch(/^[A-Z2-9]{12}$/);
    await snap(page, 'terminal-activation-code');
    await button(modal(page), '确定').click();
    await codeInput.waitFor({ state: 'hidden' });
    await row(page, SERIAL).getByText('离线').waitFor();

    // the device's side: activation, its own token, a heartbeat
    const device = await activateDevice(baseUrl, code);
    await device.post('/web/api/terminal/device/heartbeat', { appVersion: '3.1.0' });

    await button(pane(page), '搜索').click();
    await row(page, SERIAL).getByText('在线').waitFor();
    await row(page, SERIAL).getByText('3.1.0').waitFor();
    await snap(page, 'terminal-online');

    // disabled, the device's token and secret stop working; enabling shows a new code to activate with
    await confirmInRow(page, SERIAL, '停用');
    await row(page, SERIAL).getByText('禁用').waitFor();
    expect(await button(row(page, SERIAL), '重置密钥').count()).toBe(0);
    await expect(device.post('/web/api/terminal/device/heartbeat', { appVersion: '3.1.0' })).rejects.toThrow(
      /401/,
    );
    await confirmInRow(page, SERIAL, '启用');
    await codeInput.waitFor();
    const again = await codeInput.inputValue();
    expect(again).toMatch(/^[A-Z2-9]{12}$/);
    expect(again).not.toBe(code);
    await button(modal(page), '确定').click();
    await codeInput.waitFor({ state: 'hidden' });
    const reactivated = await activateDevice(baseUrl, again);
    await reactivated.post('/web/api/terminal/device/heartbeat', { appVersion: '3.1.1' });
    await button(pane(page), '搜索').click();
    await row(page, SERIAL).getByText('3.1.1').waitFor();
  });
});
