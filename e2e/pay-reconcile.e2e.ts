// /sys/payReconcile (issue 30): the admin reaches the reconciliation differences from the menu and
// from /sys/payMentSet, sees the list as the server has it, exports it, and runs a day again (the
// statement's answer shown in the dialog); then real differences made through the pay sandbox (a
// statement amount changed, a notification held) are settled and accepted on the screen.
import fs from 'node:fs';
import path from 'node:path';
import type Axe from 'axe-core';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import type { PaymentSettings } from '../src/shared/api/payments.ts';
import { areaDay } from '../src/shared/area-clock.ts';
import { seller } from './support/selling.ts';
import { authGet, authPost } from './support/api.ts';
import { snap, useConsole, waitForRoute } from './support/browser.ts';
import { ROOT } from './support/server.ts';
import { button, drawer, menuTexts, modal, pane, row, switchLanguage } from './support/ui.ts';

const { openPage } = useConsole();

async function download(page: Page, trigger: Locator): Promise<{ body: Buffer; name: string }> {
  const [file] = await Promise.all([page.waitForEvent('download'), trigger.click()]);
  return { body: fs.readFileSync(await file.path()), name: file.suggestedFilename() };
}

/** axe's serious and critical findings on the shown tab (docs/accessibility.md). */
async function seriousViolations(page: Page): Promise<string[]> {
  await page.evaluate(fs.readFileSync(path.join(ROOT, 'node_modules/axe-core/axe.min.js'), 'utf8'));
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: typeof Axe }).axe;
    const result = await axe.run({ exclude: [['[data-active="false"]']] }, { resultTypes: ['violations'] });
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  });
}

/** Enables or disables the demo area's WeChat Pay, its other settings as they are. */
async function setWechatEnabled(enabled: boolean): Promise<boolean> {
  const baseUrl = inject('baseUrl');
  const token = inject('adminTokens').access_token;
  const { data } = await authGet<PaymentSettings>(baseUrl, token, '/web/api/admin/payMentSet/query');
  const way = data.ways.find((w) => w.payWay === 2)!;
  const { payWay, sandbox, merchantId, appId, gatewayUrl, certSerial, providerKeySerial } = way;
  const body = { payWay, enabled, sandbox, merchantId, appId, gatewayUrl, certSerial, providerKeySerial };
  await authPost(baseUrl, token, '/web/api/admin/payMentSet/update', body);
  return way.enabled;
}

describe('reconciliation differences', () => {
  it('opens from the menu and the settings, lists, exports and runs a day again', async () => {
    const admin = inject('adminTokens');
    const { page, go } = await openPage({ tokens: admin });
    await go('/sys/payMentSet');
    await pane(page).locator('[data-testid="pay-way-2"]').waitFor();
    await snap(page, 'pay-reconcile-settings-link');
    await button(pane(page), '对账差异').click();
    await waitForRoute(page, '/sys/payReconcile');
    expect(await menuTexts(page)).toContain('对账差异');

    // the list as the server has it: the demo's days had no difference, or those a run found
    const { data } = await authPost<{ total: number }>(
      inject('baseUrl'),
      admin.access_token,
      '/web/api/admin/payReconcile/page',
      { page: 1, limit: 20 },
    );
    const screen = pane(page);
    if (data.total === 0) await screen.locator('.ant-empty-description', { hasText: '暂无数据' }).waitFor();
    else await expect.poll(() => screen.locator('.ant-table-row').count()).toBeGreaterThan(0);
    await snap(page, 'pay-reconcile-list');

    const file = await download(page, button(screen, '导出'));
    expect(file.name).toMatch(/对账差异.*\.xlsx$/);
    expect(file.body.subarray(0, 2).toString()).toBe('PK');

    // run yesterday's WeChat Pay statement again: matched where the provider answers, else failed
    // with its reason; either way the statement's answer is in the dialog
    const was = await setWechatEnabled(true);
    try {
      await screen.getByTestId('pay-run-again').click();
      const dialog = modal(page);
      await button(dialog, '开始对账').click();
      const result = dialog.getByTestId('pay-run-result');
      await result.waitFor();
      await expect.poll(() => result.locator('.ant-tag').innerText()).toMatch(/^(已对账|对账失败)$/);
      await snap(page, 'pay-reconcile-run');
      await button(dialog.locator('.ant-modal-footer'), '关闭').click();
    } finally {
      await setWechatEnabled(was);
    }
  });

  it('a wrong amount and a lost notification from the sandbox: settled and accepted on the screen, in both languages', async () => {
    const baseUrl = inject('baseUrl');
    const admin = inject('adminTokens');
    const was = await setWechatEnabled(true);
    try {
      const sell = await seller(baseUrl, admin.access_token);
      // two paid orders; the statement says 0.10 less for the first; the second's notification is held
      const first = await sell.paidOrder();
      const sandbox = new URL(first.pay.codeUrl!).origin;
      const control = (url: string, body: unknown) =>
        fetch(`${sandbox}/control/${url}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
      await control('statement', { no: first.pay.paymentNo, amount: first.pay.amount - 10 });
      await control('notifications', { hold: true });
      const second = await sell.paidOrder();
      await control('notifications', { hold: false });
      const today = areaDay(new Date(), 'Asia/Shanghai');
      await authPost(baseUrl, admin.access_token, '/web/api/admin/payReconcile/run', {
        payWay: 2,
        date: today,
      });

      const { page, go } = await openPage({ tokens: admin });
      await go(`/sys/payReconcile`);
      const wrong = row(page, first.pay.paymentNo);
      const lost = row(page, second.pay.paymentNo);
      await wrong.getByText('金额不一致').waitFor();
      await lost.getByText('我方缺失（仅渠道对账单有）').waitFor();
      expect(await wrong.getByTestId('difference-settle').count()).toBe(0);
      await snap(page, 'pay-reconcile-rows');
      expect(await seriousViolations(page)).toEqual([]);

      // the lost payment, settled from the provider: the order becomes paid
      await lost.getByTestId('difference-settle').click();
      await button(page.locator('.ant-popconfirm:visible'), '确定').click();
      await expect.poll(() => lost.innerText()).toContain('已补记');
      expect((await sell.order(second.orderNo)).payStatus).toBe(201);

      // the wrong amount, accepted with a note (checked in English first)
      await switchLanguage(page, 'English');
      await wrong.getByText('Amount differs').waitFor();
      await wrong.getByTestId('difference-accept').click();
      const dialog = modal(page);
      await button(dialog, 'OK').click();
      await dialog.getByText('is required').waitFor();
      await snap(page, 'pay-reconcile-accept-en');
      await dialog.locator('textarea').fill('Provider fee adjustment, checked');
      await button(dialog, 'OK').click();
      await expect.poll(() => wrong.innerText()).toContain('Accepted');
      await wrong.getByRole('button', { name: 'Details' }).click();
      await drawer(page).getByText('Provider fee adjustment, checked').waitFor();
      await snap(page, 'pay-reconcile-detail-en');
    } finally {
      await setWechatEnabled(was);
    }
  });
});
