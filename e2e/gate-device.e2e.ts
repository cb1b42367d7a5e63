// Issue 19: a gate device is registered on /terminal/terminal, activates and beats through the API,
// is put on a new gate that admits one product (/terminal/gateManage), scans a ticket a window sold
// through the selling API, and the gate's row shows it online with the scan.
import { describe, expect, inject, it } from 'vitest';
import { activateDevice, authPost } from './support/api.ts';
import { snap, useConsole } from './support/browser.ts';
import { button, chooseOption, drawer, modal, pane, row } from './support/ui.ts';

const { openPage } = useConsole();
const GATE_SERIAL = 'E2E-GATE-DEV-01';

describe('gate device', () => {
  it('goes online on a new gate, admits the product it is given, and the gate shows the scan', async () => {
    const baseUrl = inject('baseUrl');
    const admin = inject('adminTokens');
    const { page, go } = await openPage({ tokens: admin });

    // a window (registered through the staff API) sells today's ticket
    const win = await authPost<{ activationCode: string }>(
      baseUrl,
      admin.access_token,
      '/web/api/terminal/terminal/create',
      { kind: 'winManagement', name: '端到端窗口', serialNo: 'E2E-WIN-DEV-01' },
    );
    const window = await activateDevice(baseUrl, win.data.activationCode);
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
    type Offer = { periodId: number | null; left: number };
    type Sellable = {
      productId: number;
      name: string;
      productType: number;
      realNameType: number;
      offers: Offer[];
    };
    const products = await window.post<Sellable[]>('/api/open/products', { date: day });
    const product = products.find(
      (p) => p.productType === 1 && p.realNameType !== 1 && p.offers.some((o) => o.left > 0),
    )!;
    const offer = product.offers.find((o) => o.left > 0)!;
    const order = await window.post<{ tickets: { code: string | null }[] }>(
      '/api/open/order/create',
      {
        buyer: { name: '闸机游客' },
        lines: [
          {
            productId: product.productId,
            date: day,
            quantity: 1,
            ...(offer.periodId ? { periodId: offer.periodId } : {}),
          },
        ],
        payNow: { payWay: 1 },
      },
      { 'idempotency-key': 'e2e-gate-device-sale' },
    );
    const code = order.tickets[0]!.code!;

    // the gate device: registered on the console, activated and beating through the API
    await go('/terminal/terminal');
    await pane(page).locator('.ant-table-row').first().waitFor();
    await button(pane(page), '新增').click();
    await drawer(page).locator('#record_kind').click();
    await chooseOption(page, '闸机设备');
    await page.keyboard.press('Escape');
    await drawer(page).locator('#record_name').fill('端到端入口闸机');
    await drawer(page).locator('#record_serialNo').fill(GATE_SERIAL);
    await button(drawer(page), '保存').click();
    const codeInput = page.getByTestId('terminal-one-time');
    await codeInput.waitFor();
    const device = await activateDevice(baseUrl, await codeInput.inputValue());
    await button(modal(page), '确定').click();
    await device.post('/web/api/terminal/device/heartbeat', { appVersion: '4.0.0' });

    // a new entry gate with the device on it, admitting the product sold
    await go('/terminal/gateManage');
    await pane(page).locator('.ant-table-row').first().waitFor();
    await button(pane(page), '新增').click();
    await drawer(page).locator('#record_code').fill('E2E-IN');
    await drawer(page).locator('#record_name').fill('端到端入口');
    await drawer(page).getByTestId('gate-products').click();
    await chooseOption(page, product.name);
    await page.keyboard.press('Escape');
    await drawer(page).getByTestId('gate-devices').click();
    await chooseOption(page, GATE_SERIAL);
    await page.keyboard.press('Escape');
    await button(drawer(page), '保存').click();
    const gateRow = row(page, 'E2E-IN');
    await gateRow.getByText('在线').waitFor();
    await expect.poll(() => gateRow.innerText()).toContain('1/1');
    await snap(page, 'gate-device-online');

    // the ticket scanned at half past ten (inside its hours, whatever the real time) passes
    const scannedAt = `${day}T10:30:00+08:00`;
    const answer = await device.post<{ allowed: boolean; reason?: string }>('/web/api/terminal/device/scan', {
      nonce: 'e2e-gate-device-1',
      readMode: 1,
      value: code,
      scannedAt,
    });
    expect(answer).toMatchObject({ allowed: true });

    await button(pane(page), '搜索').click();
    await gateRow.getByText('通过').waitFor();
    await snap(page, 'gate-device-scan');
  });
});
