// Issue 32's second slice end to end: a card sold with its holder from 畅游卡订单 (activated at once:
// 已生效), opened from 畅游卡列表 and frozen after the question on its detail. The demo's on-shelf kind
// 湖山年卡 needs a face photo, so the test sells a kind of its own that needs neither.
import crypto from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { cardKindApi } from '../src/shared/api/cards.ts';
import { authPost } from './support/api.ts';
import { snap, useConsole, waitForRoute } from './support/browser.ts';
import { button, chooseOption, drawer, modal, pane, row, toast } from './support/ui.ts';

const { openPage } = useConsole();

describe('travel cards and card orders', () => {
  it('sells a card with a holder, finds it in the cards and freezes it', async () => {
    const baseUrl = inject('baseUrl');
    const admin = inject('adminTokens');
    const kind = `E2E 售卡 ${crypto.randomInt(1000, 9999)}`;
    await authPost(baseUrl, admin.access_token, cardKindApi.create, {
      name: kind,
      price: 5000,
      validityType: 1,
      validDays: 30,
      realName: 2,
      photoRequired: false,
      status: 1,
      channels: ['backstageManagement'],
    });
    const { page, go } = await openPage({ tokens: admin });

    // --- sold at the back office, paid in cash, with a holder: activated at once
    await go('/VipCard/EnjSelfCardOrder');
    await pane(page).getByTestId('card-order-totals').waitFor();
    await button(pane(page), '新增').click();
    const form = drawer(page);
    await form.getByLabel('卡种类').click();
    await chooseOption(page, kind);
    await form.getByLabel('购买人', { exact: true }).fill('王五');
    await form.getByLabel('购买人手机号').fill('13800138000');
    await form.getByLabel('持卡人', { exact: true }).fill('王小五');
    await button(form, '保存').click();
    await toast(page, '操作成功').waitFor();
    const order = row(page, kind);
    await order.waitFor();
    expect(await order.innerText()).toContain('已生效');

    // --- the card, opened from the list
    await go('/VipCard/EnjSelfCardList');
    const listed = row(page, kind);
    await listed.waitFor();
    expect(await listed.innerText()).toContain('已激活');
    await button(listed, '详情').click();
    await waitForRoute(page, /^\/VipCard\/EnjSelfCardListDetail\?id=\d+$/);
    await pane(page).getByText('王小五').first().waitFor();

    // --- frozen after the question, with a reason
    await button(pane(page), '冻结').click();
    const dialog = modal(page);
    await dialog.getByLabel('原因').fill('E2E 挂失');
    await button(dialog, '确定').click();
    await toast(page, '操作成功').waitFor();
    await pane(page).locator('.ant-descriptions').getByText('已冻结').waitFor();
    await button(pane(page), '解冻').waitFor();
    await snap(page, 'card-detail-frozen');
  });
});
