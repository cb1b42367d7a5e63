// Issue 17's OTA flow: the admin sets a channel's credentials on /ota/otaManage, disables and enables it, maps a
// product on /ota/otaDetails, then the platform (this test, signing as the simulator does) pushes an
// order through the signed inbound API, and the channel's message log in the console shows it.
import crypto from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { otaInboundPath, otaMappingApi, type OtaProductOption } from '../src/shared/api/ota.ts';
import { DEFAULT_TIME_ZONE, addDays, areaDay } from '../src/shared/area-clock.ts';
import { snap, useConsole } from './support/browser.ts';
import {
  button,
  chooseOption,
  confirmPopup,
  drawer,
  modal,
  pane,
  row,
  switchLanguage,
  toast,
} from './support/ui.ts';

const { openPage } = useConsole();

/** HMAC-SHA256 of `<timestamp>\n<body>` with the channel's secret, hex (secret-box.ts signBody). */
const sign = (secret: string, timestamp: string, body: string) =>
  crypto.createHmac('sha256', secret).update(`${timestamp}\n${body}`).digest('hex');

describe('OTA channels', () => {
  it('credentials, a mapping, then a signed order from the platform shows in the message log', async () => {
    const baseUrl = inject('baseUrl');
    const admin = inject('adminTokens');
    const api = async <T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> => {
      const res = await fetch(`${baseUrl}${url}`, {
        method,
        headers: {
          authorization: `Bearer ${admin.access_token}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const json = (await res.json()) as { data: T; msg: string };
      if (res.status !== 200) throw new Error(`${url}: ${res.status} ${json.msg}`);
      return json.data;
    };
    // 儿童票: a demo product Meituan (buy channel 17) may sell
    const products = await api<OtaProductOption[]>('GET', otaMappingApi.products);
    const product = products.find((p) => p.name === '儿童票')!;
    const price = 5400;
    const suffix = crypto.randomInt(100_000, 999_999);
    const appKey = `e2e-mt-${suffix}`;
    const secret = `e2e-secret-${suffix}-0123456789abcdef`;
    const code = `E2E-${suffix}`;

    const { page, go } = await openPage({ tokens: admin });
    await go('/ota/otaManage');
    const mt = row(page, '美团');
    await mt.waitFor();
    await expect.poll(() => mt.innerText()).toContain('mtManagement');
    await snap(page, 'ota-channels');

    // --- credentials: the secret is write-only
    await button(mt, '设置凭证').click();
    const form = drawer(page);
    await form.locator('#record_appKey').fill(appKey);
    await expect.poll(() => form.locator('#record_secret').inputValue()).toBe('');
    await form.locator('#record_secret').fill(secret);
    await form.locator('#record_callbackUrl').fill('https://mt.example.com/notify');
    await snap(page, 'ota-credentials');
    await button(form, '保存').click();
    await toast(page, '操作成功').last().waitFor();
    await expect.poll(() => mt.innerText()).toContain(appKey);
    expect(await page.content()).not.toContain(secret);
    // opened again, the secret field is empty ("leave empty to keep")
    await button(mt, '设置凭证').click();
    await expect.poll(() => drawer(page).locator('#record_secret').inputValue()).toBe('');
    expect(await drawer(page).locator('#record_secret').getAttribute('placeholder')).toContain('留空');
    await button(drawer(page), '取消').click();
    await drawer(page).waitFor({ state: 'hidden' });

    // --- disable and enable again, each asked first
    await button(mt, '停用').click();
    await confirmPopup(page);
    await toast(page, '操作成功').waitFor();
    await expect.poll(() => mt.innerText()).toContain('禁用');
    await button(mt, '启用').click();
    await confirmPopup(page);
    await expect.poll(() => mt.innerText()).toContain('停用');

    // --- the channel's details: map a product
    await button(mt, '美团').click();
    await pane(page).getByText('产品映射').first().waitFor();
    await button(pane(page), '新增').click();
    const dialog = modal(page);
    await dialog.locator('#record_externalCode').fill(code);
    await dialog.locator('#record_productId').click();
    await chooseOption(page, product.name);
    await dialog.locator('#record_price').fill((price / 100).toFixed(2));
    await button(dialog, '保存').click();
    await toast(page, '操作成功').last().waitFor();
    await row(page, code).waitFor();
    expect(await row(page, code).innerText()).toContain(product.name);
    await snap(page, 'ota-mappings');

    // --- the platform pushes an order, signed with the secret set above
    const orderId = `MT-E2E-${suffix}`;
    const body = JSON.stringify({
      orderId,
      productCode: code,
      date: addDays(areaDay(new Date(), DEFAULT_TIME_ZONE), 10),
      quantity: 1,
      unitPrice: price,
      paid: true,
      buyer: { name: 'E2E 游客', phone: '13800000000' },
    });
    const timestamp = String(Date.now());
    const res = await fetch(`${baseUrl}${otaInboundPath('meituan', 'order')}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-ota-key': appKey,
        'x-ota-timestamp': timestamp,
        'x-ota-signature': sign(secret, timestamp, body),
      },
      body,
    });
    const answer = (await res.json()) as { orderNo?: string; message?: string };
    expect(res.status, answer.message).toBe(200);
    expect(answer.orderNo).toMatch(/\S/);

    // --- the message log shows it; its payload in a drawer
    await pane(page).getByRole('tab', { name: '报文日志' }).click();
    const logged = row(page, orderId);
    await logged.waitFor();
    const text = await logged.innerText();
    expect(text).toContain(answer.orderNo!);
    expect(text).toContain('成功');
    expect(text).toContain('接收');
    await button(logged, '详情').click();
    await expect.poll(() => drawer(page).innerText()).toContain('E2E 游客');
    expect(await drawer(page).innerText()).not.toContain(secret);
    await snap(page, 'ota-message');
    await page.keyboard.press('Escape');

    // --- the same screens in English
    await switchLanguage(page, 'English');
    await pane(page).getByRole('tab', { name: 'Message log' }).waitFor();
    await snap(page, 'ota-details-en');
    await go('/ota/otaManage');
    await row(page, 'Meituan').waitFor();
    await snap(page, 'ota-channels-en');
  });
});
