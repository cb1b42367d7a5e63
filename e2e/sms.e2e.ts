// docs/product.md §2 /sys/smsconfig and /sys/smsDetailPage (issue 31) end to end: template 2 (门票支付成功)
// edited with its live preview, a ticket paid through the selling API, and its message in the send log
// once the outbox worker has sent it through the demo's `log` platform: the phone masked, the text
// filled in, the variables in the detail; the log's columns in English.
//
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { smsApi, type SmsLogRow } from '../src/shared/api/messaging.ts';
import { authPost, type Tokens } from './support/api.ts';
import { snap, useConsole, waitForRoute } from './support/browser.ts';
import { seller } from './support/selling.ts';
import { button, drawer, modal, pane, row, sidebar, switchLanguage, toast } from './support/ui.ts';

const { openPage } = useConsole();

let admin: Tokens;

beforeAll(() => {
  admin = inject('adminTokens');
});

const TEXT = '【${area}】E2E ${orderNo} 共${quantity}张 ${amount}元';

describe('SMS', () => {
  it('edits template 2 with its preview; a paid ticket order is sent and shown in the log', async () => {
    const baseUrl = inject('baseUrl');
    const { page, go } = await openPage({ tokens: admin });

    // --- 系统管理 › 短信配置, the templates tab, template 2 edited
    await go('/dashboard');
    await sidebar(page).getByText('系统管理').click();
    await sidebar(page).getByText('短信配置').click();
    await waitForRoute(page, '/sys/smsconfig');
    await pane(page).getByRole('tab', { name: '短信模板' }).click();
    await pane(page).locator('[data-testid="sms-template-edit-2"]').click();
    const dialog = modal(page);
    await expect
      .poll(() => dialog.locator('.ant-modal-title').innerText())
      .toBe('编辑短信模板：门票支付成功');
    const content = dialog.locator('#smsTemplate2_content');
    expect(await content.inputValue()).toContain('${orderNo}');
    await content.fill(TEXT);
    // the live preview: the module's samples filled in
    await expect
      .poll(() => dialog.locator('[data-testid="sms-preview"]').innerText())
      .toBe('【青山湖风景区】E2E T202611281030001234 共2张 196.00元');
    await snap(page, 'sms-template-edit');
    await button(dialog, '确定').click();
    await toast(page, '操作成功').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(() => row(page, '门票支付成功').innerText()).toContain('E2E ${orderNo}');

    // --- a member of the mini-program pays a ticket order (WeChat Pay on the sandbox)
    const member = await seller(baseUrl, admin.access_token);
    const { orderNo } = await member.paidOrder();
    const masked = `${member.phone.slice(0, 3)}****${member.phone.slice(-4)}`;

    // --- the send log (the 发送记录 button), filtered by the order number
    await button(pane(page), '发送记录').first().click();
    await waitForRoute(page, '/sys/smsDetailPage');
    await pane(page).locator('input#ref').fill(orderNo);
    await button(pane(page), '搜索').click();
    await waitForRoute(page, new RegExp(`ref=${orderNo}`));
    // the filtered answer (the unfiltered rows stay on screen while it loads)
    await expect.poll(() => pane(page).locator('.ant-table-row').count()).toBe(1);
    // queued with the payment, sent by the worker within a pass or two: refresh until it shows
    const message = row(page, orderNo);
    const refresh = pane(page).getByRole('button', { name: '刷新' });
    await expect
      .poll(
        async () => {
          if (!(await message.filter({ hasText: '已发送' }).count())) await refresh.click();
          return message.filter({ hasText: '已发送' }).count();
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBe(1);
    const text = await message.innerText();
    expect(text).toContain(masked);
    expect(text).not.toContain(member.phone);
    expect(text).toContain('门票支付成功');
    expect(text).toContain(`【青山湖风景区】E2E ${orderNo} 共1张`);
    await snap(page, 'sms-log');

    // the same row from the API: sent through the log platform (9), answer 0
    const listed = await authPost<{ rows: SmsLogRow[] }>(baseUrl, admin.access_token, smsApi.page, {
      ref: orderNo,
    });
    expect(listed.data.rows).toEqual([
      expect.objectContaining({ template: 2, status: 2, platform: 9, result: '0', phone: masked }),
    ]);
    const amount = listed.data.rows[0]!.variables.amount!;
    expect(listed.data.rows[0]!.text).toBe(`【青山湖风景区】E2E ${orderNo} 共1张 ${amount}元`);

    // --- the detail: the whole text and the variables table
    await button(message, '详情').click();
    const variables = drawer(page).locator('[data-testid="sms-variables-table"]');
    await variables.waitFor();
    const cells = async (name: string) =>
      (await variables.locator('.ant-table-row').filter({ hasText: name }).innerText()).replace(/\s+/g, ' ');
    expect(await cells('orderNo')).toContain(orderNo);
    expect(await cells('quantity')).toMatch(/quantity 1$/);
    expect(await cells('area')).toContain('青山湖风景区');
    expect(await cells('amount')).toContain(amount);
    expect(await drawer(page).innerText()).toContain(`E2E ${orderNo} 共1张 ${amount}元`);
    await snap(page, 'sms-log-detail');
    await page.keyboard.press('Escape');
    await drawer(page).waitFor({ state: 'detached' });

    // --- in English: the tab's title, the columns and the status
    await switchLanguage(page, 'English');
    await expect
      .poll(() => page.locator('[data-testid="tags-view"] [role="tab"][aria-selected="true"]').innerText())
      .toBe('SMS send log');
    const headers = async () =>
      (await pane(page).locator('.ant-table-thead th').allInnerTexts()).map((s) => s.trim());
    await expect
      .poll(headers)
      .toEqual(expect.arrayContaining(['Created at', 'Phone', 'Template', 'Text sent', 'Status', 'Sent at']));
    await expect.poll(() => message.innerText()).toContain('Sent');
    expect(await message.innerText()).toContain('Ticket payment');
    await snap(page, 'sms-log-en');
  });
});
