// The mini-program's calls for the browser tests: a member who buys a ticket and pays it online
// through the pay sandbox started with the server (issue 30).
import crypto from 'node:crypto';
import { isDemoPeakDay } from '../../src/server/modules/inventory/inventory.seed.ts';
import { memberApi } from '../../src/shared/api/member-api.ts';
import { openPayApi, type PrepayAnswer } from '../../src/shared/api/payments.ts';
import { openApi, openOrderApi, type Sellable } from '../../src/shared/api/selling.ts';
import { DEFAULT_TIME_ZONE, addDays, areaDay } from '../../src/shared/area-clock.ts';
import { clientToken } from './api.ts';

export interface OpenOrder {
  orderNo: string;
  payStatus: number;
  totalAmount: number;
  tickets: { id: number; status: number; code: string | null }[];
}

/** A day a few days ahead the demo calendar prices plainly (refundable well before its deadline). */
export function plainDay(days: number): string {
  let day = addDays(areaDay(new Date(), DEFAULT_TIME_ZONE), days);
  while (isDemoPeakDay(day)) day = addDays(day, 1);
  return day;
}

/** A signed-in member of the mini-program in the demo area (area 1). */
export async function seller(baseUrl: string, adminToken: string) {
  const token = await clientToken(baseUrl, adminToken, 'weixinManagement');
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
  memberToken = (await call<{ token: string }>('POST', memberApi.login, { phone, nickname: 'E2E 在线支付' }))
    .token;
  const order = (orderNo: string) => call<OpenOrder>('GET', `${openOrderApi.query}?orderNo=${orderNo}`);

  /** An unpaid order of one adult ticket a few days ahead. */
  const placeOrder = async () => {
    const date = plainDay(3);
    const sellable = await call<Sellable[]>('POST', openApi.products, { date });
    const adult = sellable.find((p) => p.name === '成人票')!;
    const offer = adult.offers.find((o) => o.left > 0)!;
    return call<OpenOrder>('POST', openOrderApi.create, {
      buyer: { name: 'E2E 在线支付', phone },
      lines: [{ productId: adult.productId, date, periodId: offer.periodId ?? undefined, quantity: 1 }],
    });
  };
  const prepay = (orderNo: string) =>
    call<PrepayAnswer>('POST', openPayApi.prepay, { orderNo, payWay: 2, scene: 'qr' });

  return {
    phone,
    call,
    order,
    placeOrder,
    prepay,
    /** An order paid with WeChat Pay by the sandbox's control API (its notification as configured there) */
    async paidOrder() {
      const placed = await placeOrder();
      const pay = await prepay(placed.orderNo);
      const sandbox = new URL(pay.codeUrl!).origin;
      const id = new URL(pay.codeUrl!).pathname.split('/').pop()!;
      await fetch(`${sandbox}/control/payments/${encodeURIComponent(id)}/pay`, { method: 'POST' });
      return { orderNo: placed.orderNo, pay };
    },
  };
}

/**
 * Pays a target (a ticket order, a shop order, a top-up) of the caller's with WeChat Pay: the prepay,
 * then the payer's "pay" on the sandbox (its control API), until the sandbox has delivered the
 * notification and this server accepted it.
 */
export async function payThroughSandbox(
  post: <T>(url: string, body: unknown) => Promise<T>,
  target: 'ticket' | 'shop' | 'topup',
  orderNo: string,
): Promise<PrepayAnswer> {
  const pay = await post<PrepayAnswer>(openPayApi.prepay, { target, orderNo, payWay: 2, scene: 'qr' });
  const page = new URL(pay.codeUrl!);
  const id = page.pathname.split('/').pop()!;
  await fetch(`${page.origin}/control/payments/${encodeURIComponent(id)}/pay`, { method: 'POST' });
  for (let i = 0; i < 150; i++) {
    const received = (await (await fetch(`${page.origin}/control/received`)).json()) as {
      deliveries: { paymentNo: string; kind: string; status: number }[];
    };
    const accepted = received.deliveries.some(
      (d) => d.paymentNo === pay.paymentNo && d.kind === 'payment' && d.status >= 200 && d.status < 300,
    );
    if (accepted) return pay;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`payment ${pay.paymentNo} was not accepted`);
}
