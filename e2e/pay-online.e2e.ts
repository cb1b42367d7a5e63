// Issue 30's flow end to end: a member of the mini-program buys a ticket and asks for a WeChat Pay
// payment (the selling API's prepay), the payer pays on the pay sandbox's page in the browser, the
// sandbox's signed notification makes the order paid; the member asks for a refund, the console
// approves it on /ticket/refundTicCheck, the refund goes to the sandbox and the tickets become 203.
import crypto from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { isDemoPeakDay } from '../src/server/modules/inventory/inventory.seed.ts';
import { memberApi } from '../src/shared/api/member-api.ts';
import { openPayApi, type PrepayAnswer } from '../src/shared/api/payments.ts';
import { openApi, openOrderApi, type Sellable } from '../src/shared/api/selling.ts';
import { DEFAULT_TIME_ZONE, addDays, areaDay } from '../src/shared/area-clock.ts';
import { clientToken } from './support/api.ts';
import { snap, useConsole } from './support/browser.ts';
import { button, row } from './support/ui.ts';

const { openPage } = useConsole();

interface OpenOrder {
  orderNo: string;
  payStatus: number;
  totalAmount: number;
  tickets: { id: number; status: number; code: string | null }[];
}

/** A day a few days ahead the demo calendar prices plainly (refundable well before its deadline). */
function plainDay(days: number): string {
  let day = addDays(areaDay(new Date(), DEFAULT_TIME_ZONE), days);
  while (isDemoPeakDay(day)) day = addDays(day, 1);
  return day;
}

describe('paying online through the pay sandbox', () => {
  it('a member pays with WeChat Pay on the sandbox page; a refund approved in the console reaches it (203)', async () => {
    const baseUrl = inject('baseUrl');
    const admin = inject('adminTokens');
    const token = await clientToken(baseUrl, admin.access_token, 'weixinManagement');
    let memberToken = '';
    const call = async <T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> => {
      const res = await fetch(`${baseUrl}${url}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          'x-scenic-id': '1',
          'idempotency-key': crypto.randomUUID(),
          ...(memberToken ? { 'x-member-token': memberToken } : {}),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const json = (await res.json()) as { code: number; msg: string; data: T };
      if (res.status !== 200) throw new Error(`${url}: ${res.status} ${json.msg}`);
      return json.data;
    };
    const phone = `136${String(crypto.randomInt(10_000_000, 99_999_999))}`;
    memberToken = (
      await call<{ token: string }>('POST', memberApi.login, { phone, nickname: 'E2E 在线支付' })
    ).token;

    // --- an unpaid order of one adult ticket, and a WeChat Pay QR code for it
    const date = plainDay(3);
    const sellable = await call<Sellable[]>('POST', openApi.products, { date });
    const adult = sellable.find((p) => p.name === '成人票')!;
    const offer = adult.offers.find((o) => o.left > 0)!;
    const order = await call<OpenOrder>('POST', openOrderApi.create, {
      buyer: { name: 'E2E 在线支付', phone },
      lines: [{ productId: adult.productId, date, periodId: offer.periodId ?? undefined, quantity: 1 }],
    });
    expect(order.payStatus).toBe(101);
    const pay = await call<PrepayAnswer>('POST', openPayApi.prepay, {
      orderNo: order.orderNo,
      payWay: 2,
      scene: 'qr',
    });
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
