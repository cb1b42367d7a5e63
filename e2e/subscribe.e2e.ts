// docs/product.md §2 /sys/subscribe (issue 31) end to end: the demo's mini-program (on the pay sandbox's
// WeChat API) tested from the console, a member of the mini-program bound to WeChat who accepts both
// demo templates, pays a ticket through the sandbox, and the two subscription messages in the send log,
// sent by the outbox worker; the screen in English at 800 px.
//
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { memberSubscribeApi, type SubscribeSettings, subscribeApi } from '../src/shared/api/subscriptions.ts';
import { authGet, type Tokens } from './support/api.ts';
import { NARROW, snap, useConsole, waitForRoute } from './support/browser.ts';
import { seller } from './support/selling.ts';
import { button, pane, row, sidebar, switchLanguage } from './support/ui.ts';

const { openPage } = useConsole();

let admin: Tokens;

beforeAll(() => {
  admin = inject('adminTokens');
});

describe('subscription messages', () => {
  it('tests the app, and a consenting member who pays gets both templates, shown as sent in the log', async () => {
    const baseUrl = inject('baseUrl');
    const { page, go } = await openPage({ tokens: admin });

    // --- 系统管理 › 订阅消息: the app's secret as set; "test" asks the sandbox's WeChat API for a token
    await go('/dashboard');
    await sidebar(page).getByText('系统管理').click();
    await sidebar(page).getByText('订阅消息').click();
    await waitForRoute(page, '/sys/subscribe');
    const app = pane(page).locator('[data-testid="mp-app"]');
    await expect.poll(() => app.innerText()).toContain('已设置');
    await button(app, '测试连接').click();
    await expect
      .poll(() => pane(page).locator('[data-testid="mp-test-answer"]').innerText())
      .toContain('连接成功');
    await snap(page, 'subscribe-app');

    // --- the templates: the demo's two with their mapping
    await pane(page).getByRole('tab', { name: '模板' }).click();
    await row(page, '购票成功通知').waitFor();
    expect(await row(page, '购票成功通知').innerText()).toContain('thing1');
    expect(await row(page, '入园提醒').innerText()).toContain('长期订阅');
    await snap(page, 'subscribe-templates');

    // --- a member binds WeChat (wx.login's code), accepts both templates and pays a ticket
    const settings = await authGet<SubscribeSettings>(baseUrl, admin.access_token, subscribeApi.settings);
    const member = await seller(baseUrl, admin.access_token);
    await member.call('POST', memberSubscribeApi.wechatBind, { code: `e2e-${member.phone}` });
    const results = Object.fromEntries(settings.data.templates.map((x) => [x.wxTemplateId, 'accept']));
    await member.call('POST', memberSubscribeApi.subscribeConsent, { results });
    const { orderNo } = await member.paidOrder();

    // --- the send log: both messages, sent by the worker within a pass or two
    await pane(page).getByRole('tab', { name: '发送记录' }).click();
    await pane(page).locator('input#ref').fill(orderNo);
    await button(pane(page), '搜索').click();
    const sent = pane(page).locator('.ant-table-row').filter({ hasText: '已发送' });
    const refresh = pane(page).getByRole('button', { name: '刷新' });
    await expect
      .poll(
        async () => {
          if ((await sent.count()) < 2) await refresh.click();
          return sent.count();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(2);
    const masked = `${member.phone.slice(0, 3)}****${member.phone.slice(-4)}`;
    // (the templates tab stays mounted: the log's rows are the sent ones)
    const purchase = await sent.filter({ hasText: '购票成功通知' }).innerText();
    expect(purchase).toContain(masked);
    expect(purchase).toContain(orderNo);
    await snap(page, 'subscribe-log');

    // --- in English, narrow
    await page.setViewportSize({ width: NARROW, height: 900 });
    await switchLanguage(page, 'English');
    await expect.poll(() => pane(page).getByRole('tab', { name: 'Send log' }).count()).toBe(1);
    await pane(page).getByRole('tab', { name: 'Templates' }).click();
    const reminder = pane(page).locator('[data-row-key]').filter({ hasText: 'Long-term' });
    await expect.poll(() => reminder.first().innerText()).toContain('入园提醒');
    await snap(page, 'subscribe-templates-en');
  });
});
