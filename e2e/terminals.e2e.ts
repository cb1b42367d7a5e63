// Issue 19 (first slice): admin registers a terminal (the activation code shown once), the device
// activates with it through the API, sends a heartbeat with its own client token, and the list
// shows it online.
import { describe, expect, inject, it } from 'vitest';
import { snap, useConsole } from './support/browser.ts';
import { button, chooseOption, drawer, modal, pane, row } from './support/ui.ts';

const { openPage } = useConsole();
const SERIAL = 'E2E-GATE-01';

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
    const activated = await fetch(`${baseUrl}/web/api/terminal/device/activate`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ code }),
    });
    expect(activated.status).toBe(200);
    const { data } = (await activated.json()) as {
      data: { clientId: string; clientSecret: string; scenicId: number };
    };
    const token = await fetch(`${baseUrl}/login/oauth/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${data.clientId}:${data.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ grant_type: 'client_credentials' }),
    });
    expect(token.status).toBe(200);
    const { access_token } = (await token.json()) as { access_token: string };
    const beat = await fetch(`${baseUrl}/web/api/terminal/device/heartbeat`, {
      method: 'POST',
      headers: {
        authorization: `bearer ${access_token}`,
        'content-type': 'application/json',
        'x-scenic-id': String(data.scenicId),
      },
      body: JSON.stringify({ appVersion: '3.1.0' }),
    });
    expect(beat.status).toBe(200);

    await button(pane(page), '搜索').click();
    await row(page, SERIAL).getByText('在线').waitFor();
    await row(page, SERIAL).getByText('3.1.0').waitFor();
    await snap(page, 'terminal-online');
  });
});
