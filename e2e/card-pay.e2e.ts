// Issue 32 "Wired into what exists": a member of the mini-program buys a travel card through the
// member API (C1) and pays it with WeChat Pay on the pay sandbox's page (C3); 畅游卡订单 shows it paid
// with the mini-program as its source; a refund from the console (C7) goes to the sandbox and its
// money shows 已退回.
import crypto from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { cardMemberApi, type CardSaleOrder } from '../src/shared/api/card-sales.ts';
import { cardKindApi, type CardKindRow } from '../src/shared/api/cards.ts';
import { openPayApi, type PrepayAnswer } from '../src/shared/api/payments.ts';
import { authPost } from './support/api.ts';
import { snap, useConsole } from './support/browser.ts';
import { seller } from './support/selling.ts';
import { button, modal, pane, row, toast } from './support/ui.ts';

const { openPage } = useConsole();

describe('a travel card bought in the mini-program and paid online', () => {
  it('the member pays on the sandbox page; the console sees it paid, refunds it, the money goes back', async () => {
    const baseUrl = inject('baseUrl');
    const admin = inject('adminTokens');
    const name = `E2E 在线卡 ${crypto.randomInt(1000, 9999)}`;
    const { data: kind } = await authPost<CardKindRow>(baseUrl, admin.access_token, cardKindApi.create, {
      name,
      price: 3000,
      validityType: 1,
      validDays: 30,
      realName: 2,
      photoRequired: false,
      status: 1,
      channels: ['weixinManagement', 'backstageManagement'],
    });
    const member = await seller(baseUrl, admin.access_token);
    const { call } = member;

    // --- C1 through the member API, then a WeChat Pay QR code for it
    const order = await call<CardSaleOrder>('POST', cardMemberApi.buy, { kindId: kind.id });
    expect(order).toMatchObject({ status: 101, card: null });
    const pay = await call<PrepayAnswer>('POST', openPayApi.prepay, {
      target: 'card',
      orderNo: order.orderNo,
      payWay: 2,
      scene: 'qr',
    });
    expect(pay.amount).toBe(3000);
    const sandboxUrl = new URL(pay.codeUrl!).origin;

    // --- the payer pays on the sandbox's page: C3, the card issued
    const { page, go } = await openPage({ tokens: admin });
    await page.goto(pay.codeUrl!);
    await page.getByRole('button', { name: '支付 / Pay' }).click();
    const mine = async () =>
      (await call<CardSaleOrder[]>('GET', cardMemberApi.orders)).find((o) => o.orderNo === order.orderNo)!;
    await expect.poll(async () => (await mine()).status).toBe(201);
    expect((await mine()).card?.cardNo).toBeTruthy();

    // --- the console's card orders show it paid, by WeChat Pay, sold by the mini-program
    await go(`/VipCard/EnjSelfCardOrder?orderNo=${order.orderNo}`);
    const listed = row(page, order.orderNo);
    await listed.waitFor();
    await expect.poll(async () => listed.innerText()).toContain('已支付');
    expect(await listed.innerText()).toContain('微信支付');
    expect(await listed.innerText()).toContain('小程序');

    // --- refunded from the console: the card dies at once, the money goes back through the sandbox
    await button(listed, '退款').click();
    const dialog = modal(page);
    await dialog.getByLabel('原因').fill('E2E 在线退款');
    await button(dialog, '确定').click();
    await toast(page, '操作成功').waitFor();
    await expect.poll(async () => row(page, order.orderNo).innerText()).toContain('已退款');
    await expect.poll(async () => (await mine()).refundStatus, { timeout: 30_000 }).toBe('done');
    const received = (await (await fetch(`${sandboxUrl}/control/received`)).json()) as {
      requests: { path: string; status: number }[];
    };
    expect(received.requests.some((r) => r.path === '/v3/refund/domestic/refunds' && r.status === 200)).toBe(
      true,
    );
    // the same hash route does not load again: the list's search reads it anew
    await expect
      .poll(async () => {
        await button(pane(page), '搜索').click();
        return row(page, order.orderNo).innerText();
      })
      .toContain('已退回');
    await snap(page, 'card-pay-refunded');
  });
});
