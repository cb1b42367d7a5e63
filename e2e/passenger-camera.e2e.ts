// Issue 19 (cameras): a camera registered and activated through the API uploads a count; the
// camera list shows the live count; staff open the settings and set capacity and threshold.
import { describe, expect, inject, it } from 'vitest';
import { terminalApi } from '../src/shared/api/terminals.ts';
import { activateDevice, authPost } from './support/api.ts';
import { snap, useConsole } from './support/browser.ts';
import { button, modal, pane, row } from './support/ui.ts';

const { openPage } = useConsole();
const NAME = '端到端客流摄像头';

describe('people-counting cameras', () => {
  it('shows a camera’s live count after its upload, and saves its settings', async () => {
    const baseUrl = inject('baseUrl');
    const admin = inject('adminTokens');
    const created = await authPost<{ activationCode: string }>(
      baseUrl,
      admin.access_token,
      terminalApi.create,
      {
        kind: 'camera',
        name: NAME,
        serialNo: 'E2E-CAM-01',
        location: '南门广场',
      },
    );
    expect(created.code).toBe(200);
    const device = await activateDevice(baseUrl, created.data.activationCode);
    const upload = await fetch(`${baseUrl}/web/api/terminal/device/counts`, {
      method: 'POST',
      headers: {
        authorization: `bearer ${device.token}`,
        'content-type': 'application/json',
        'x-scenic-id': String(device.scenicId),
      },
      body: JSON.stringify({ counts: [{ nonce: 'e2e-1', at: new Date().toISOString(), in: 37, out: 0 }] }),
    });
    expect(upload.status).toBe(200);

    const { page, go } = await openPage({ tokens: admin });
    await go('/terminal/passengerCamera');
    await row(page, NAME).getByText('37 / 未设置').waitFor();
    await page.getByTestId('counts-chart').first().waitFor();

    await button(row(page, NAME), '编辑').click();
    const dialog = modal(page);
    await dialog.locator('#record_capacity').fill('100');
    await dialog.locator('#record_threshold').fill('30');
    await button(dialog, '保存').click();
    await dialog.waitFor({ state: 'hidden' });
    await row(page, NAME).getByText('37 / 100').waitFor();
    await expect(row(page, NAME).textContent()).resolves.toContain('30');
    await snap(page, 'passenger-camera-settings');
    expect(await pane(page).locator('.ant-table-row').count()).toBeGreaterThan(3);
  });

  it('opens a face device’s settings from its list and saves a new match threshold', async () => {
    const admin = inject('adminTokens');
    const { page, go } = await openPage({ tokens: admin });
    await go('/terminal/faceMange');
    await row(page, '南门人脸识别机').getByText('南门入口').waitFor();
    await button(row(page, '南门人脸识别机'), '配置').click();
    const threshold = pane(page).locator('#faceSettings_matchThreshold');
    await threshold.waitFor();
    expect(await threshold.inputValue()).toBe('80');
    await threshold.fill('85');
    await button(pane(page), '保存').click();
    await page.getByText('操作成功').first().waitFor();
    await pane(page).locator('.ant-table-row').first().waitFor();
    await snap(page, 'face-config');
    await go('/terminal/faceMange');
    await row(page, '南门人脸识别机').getByText('85').waitFor();
  });
});
