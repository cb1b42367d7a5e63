// docs/product.md §2 /sys/payMentSet (issue 30): the demo area's WeChat Pay block, a merchant id saved,
// its stored private key shown only as "set", and the answer of "test connection" shown on the card
// (the demo's pay sandbox runs with the server: its own merchant verifies, another one is refused).
import fs from 'node:fs';
import path from 'node:path';
import type Axe from 'axe-core';
import { describe, expect, inject, it } from 'vitest';
import { authGet } from './support/api.ts';
import { snap, useConsole } from './support/browser.ts';
import { ROOT } from './support/server.ts';
import { button, pane, toast } from './support/ui.ts';

const { openPage } = useConsole();

describe('payment settings', () => {
  it('saves a merchant id, shows secrets as set, and shows the test connection answer', async () => {
    const admin = inject('adminTokens');
    const { page, go } = await openPage({ tokens: admin });
    await go('/sys/payMentSet');
    const wechat = pane(page).locator('[data-testid="pay-way-2"]');
    await wechat.waitFor();
    await snap(page, 'payments-settings');
    // the demo's merchant key is stored: shown as set, never as text
    await expect
      .poll(() => wechat.locator('.ant-tag').filter({ hasText: '已设置' }).count())
      .toBeGreaterThan(0);
    expect(await page.content()).not.toContain('BEGIN PRIVATE KEY');

    await wechat.locator('#payWay2_merchantId').fill('1900000999');
    await button(wechat, '保存').click();
    await toast(page, '操作成功').waitFor();
    const saved = await authGet<{ ways: { payWay: number; merchantId: string }[] }>(
      inject('baseUrl'),
      admin.access_token,
      '/web/api/admin/payMentSet/query',
    );
    expect(saved.data.ways.find((w) => w.payWay === 2)?.merchantId).toBe('1900000999');

    await button(wechat, '测试连接').click();
    // the sandbox (started with the server) does not know that merchant: a failure with its reason
    const answer = wechat.locator('[data-testid="pay-test-answer"]');
    await answer.waitFor();
    expect((await answer.textContent())?.length).toBeGreaterThan(4);

    // the demo's merchant again: the signed query is answered and its signature verified
    const original = `19000${'1'.padStart(5, '0')}`;
    await wechat.locator('#payWay2_merchantId').fill(original);
    await button(wechat, '保存').click();
    await toast(page, '操作成功').waitFor();
    await button(wechat, '测试连接').click();
    await expect.poll(() => answer.textContent()).toContain('签名查询已应答，应答签名验证通过');
    await snap(page, 'payments-test-answer');
    // the save's toast fading out is not part of the page read below
    await toast(page, '操作成功').waitFor({ state: 'hidden' });

    // a secret being replaced (a PEM text area) passes axe too: no serious or critical violation
    await button(wechat, '替换').last().click();
    await page.evaluate(fs.readFileSync(path.join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8'));
    const violations = await page.evaluate(async () => {
      const axe = (window as unknown as { axe: typeof Axe }).axe;
      const result = await axe.run({ exclude: [['[data-active="false"]']] }, { resultTypes: ['violations'] });
      return result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
    });
    expect(violations).toEqual([]);
  });
});
