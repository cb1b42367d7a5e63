// /sys/payReconcile (issue 30): the admin reaches the reconciliation differences from the menu and
// from /sys/payMentSet, sees the list as the server has it, exports it, and runs a day again (the
// statement's answer shown in the dialog). The look of a list with differences in both languages
// and at both widths is taken with the list's answer stood in by the browser (the demo has none).
import fs from 'node:fs';
import path from 'node:path';
import type Axe from 'axe-core';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import type { PayDifferenceRow } from '../src/shared/api/pay-reconcile.ts';
import type { PaymentSettings } from '../src/shared/api/payments.ts';
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

const difference = (id: number, more: Partial<PayDifferenceRow>): PayDifferenceRow => ({
  id,
  payWay: 2,
  statementDate: '2026-11-27',
  kind: 'missingHere',
  lineKind: 'payment',
  paymentNo: `P202611270000${id}`,
  refundNo: '',
  providerTxnId: `42000029992026112700000${id}`,
  ourAmount: null,
  theirAmount: 12_800,
  status: 'open',
  note: '',
  resolvedBy: '',
  resolvedAt: null,
  createTime: '2026-11-28T02:10:00.000Z',
  settleable: true,
  ...more,
});
const SAMPLE = [
  difference(11, {}),
  difference(12, { kind: 'amountDiffers', ourAmount: 20_000, theirAmount: 19_990, settleable: false }),
  difference(13, {
    kind: 'missingThere',
    lineKind: 'refund',
    payWay: 3,
    refundNo: 'RTK2026112700001',
    providerTxnId: '',
    ourAmount: 5_000,
    theirAmount: null,
    status: 'accepted',
    note: '渠道次日入账，已核实',
    resolvedBy: 'yunling',
    resolvedAt: '2026-11-28T03:00:00.000Z',
    settleable: false,
  }),
];

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

  it('shows differences, their actions and the accept check in both languages', async () => {
    const { page, go } = await openPage({ tokens: inject('adminTokens') });
    // the list's answer stood in: the look of rows of each kind and state
    await page.route('**/web/api/admin/payReconcile/page', (route) =>
      route.fulfill({ json: { code: 200, msg: '', data: { rows: SAMPLE, total: SAMPLE.length } } }),
    );
    await go('/sys/payReconcile');
    const settleable = row(page, 'P20261127000011');
    await settleable.getByTestId('difference-settle').waitFor();
    expect(await row(page, 'P20261127000012').getByTestId('difference-settle').count()).toBe(0);
    expect(await row(page, 'RTK2026112700001').getByTestId('difference-accept').count()).toBe(0);
    await snap(page, 'pay-reconcile-rows');
    expect(await seriousViolations(page)).toEqual([]);

    await switchLanguage(page, 'English');
    await row(page, 'P20261127000012').getByText('Amount differs').waitFor();
    await snap(page, 'pay-reconcile-rows-en');
    await row(page, 'P20261127000012').getByTestId('difference-accept').click();
    const dialog = modal(page);
    await button(dialog, 'OK').click();
    await dialog.getByText('is required').waitFor();
    await snap(page, 'pay-reconcile-accept-en');
    await button(dialog, 'Cancel').click();
    await row(page, 'P20261127000013').getByRole('button', { name: 'Details' }).click();
    await drawer(page).getByText('渠道次日入账，已核实').waitFor();
    await snap(page, 'pay-reconcile-detail-en');
  });
});
