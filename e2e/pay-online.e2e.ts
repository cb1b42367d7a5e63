// Issue 30's flow end to end: a member of the mini-program buys a ticket and asks for a WeChat Pay
// payment (the selling API's prepay), the payer pays on the pay sandbox's page in the browser, the
// sandbox's signed notification makes the order paid; the member asks for a refund, the console
// approves it on /ticket/refundTicCheck, the refund goes to the sandbox and the tickets become 203.
import { describe, expect, inject, it } from 'vitest';
import { openPayApi } from '../src/shared/api/payments.ts';
import { openOrderApi } from '../src/shared/api/selling.ts';
import { snap, useConsole } from './support/browser.ts';
import { seller, type OpenOrder } from './support/selling.ts';
import { button, row } from './support/ui.ts';

const { openPage } = useConsole();

describe('paying online through the pay sandbox', () => {
  it('a member pays with WeChat Pay on the sandbox page; a refund approved in the console reaches it (203)', async () => {
    const baseUrl = inject('baseUrl');
    const admin = inject('adminTokens');
    const member = await seller(baseUrl, admin.access_token);
    const { call } = member;

    // --- an unpaid order of one adult ticket, and a WeChat Pay QR code for it
    const order = await member.placeOrder();
    expect(order.payStatus).toBe(101);
    const pay = await member.prepay(order.orderNo);
    expect(pay.amount).toBe(order.totalAmount);
    const sandboxUrl = new URL(pay.codeUrl!).origin;

    // --- the payer pays on the sandbox's page (what scanning the QR code opens)
    const { page, go } = await openPage({ tokens: admin });
    await page.goto(pay.codeUrl!);
    await page.getByRole('button', { name: '支付 / Pay' }).click();
    await expect
      .poll(
        async () =>
          (await call<OpenOrder>('GET', `${openOrderApi.query}?orderNo=${order.orderNo}`)).payStatus,
      )
      .toBe(201);
    const paid = await call<OpenOrder>('GET', `${openOrderApi.query}?orderNo=${order.orderNo}`);
    expect(paid.tickets[0]!.code).toBeTruthy();
    const intent = await call<{ status: string }>('GET', `${openPayApi.query}?paymentNo=${pay.paymentNo}`);
    expect(intent.status).toBe('paid');

    // --- the member asks for a refund; the console approves it
    await call('POST', '/api/open/refund/apply', {
      orderNo: order.orderNo,
      ticketIds: [paid.tickets[0]!.id],
      reason: 'E2E 在线退款',
    });
    await go(`/ticket/refundTicCheck?orderNo=${order.orderNo}`);
    await row(page, order.orderNo).waitFor();
    await button(row(page, order.orderNo), '通过').click();
    await button(page.locator('.ant-popconfirm:visible'), '确定').click();
    await expect.poll(async () => row(page, order.orderNo).innerText()).toContain('已通过');

    // --- the refund sender takes it to the sandbox, which refunds it: the ticket is 203
    await expect
      .poll(
        async () =>
          (await call<OpenOrder>('GET', `${openOrderApi.query}?orderNo=${order.orderNo}`)).tickets[0]!.status,
        {
          timeout: 30_000,
        },
      )
      .toBe(203);
    const received = (await (await fetch(`${sandboxUrl}/control/received`)).json()) as {
      requests: { path: string; status: number }[];
    };
    expect(received.requests.some((r) => r.path === '/v3/refund/domestic/refunds' && r.status === 200)).toBe(
      true,
    );
    await go(`/ticket/order?orderNo=${order.orderNo}`);
    await row(page, order.orderNo).waitFor();
    await snap(page, 'pay-online-refunded');
  });
});
