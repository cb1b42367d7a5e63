// Issue 6: an order placed through the selling API (as the window's OAuth client), seen in the
// order list; a refund requested through the API and approved on the review screen; and a gate
// scan seen in the entry/exit log.
import crypto from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { isDemoPeakDay } from '../src/server/modules/inventory/inventory.seed.ts';
import { DEFAULT_TIME_ZONE, addDays, areaDay } from '../src/shared/area-clock.ts';
import { activateDevice, authGet, authPost } from './support/api.ts';
import { snap, useConsole } from './support/browser.ts';
import { button, row } from './support/ui.ts';

const { openPage } = useConsole();

/** A date on the demo area's clock (its zone is the default, Asia/Shanghai), `days` from today. */
const cstDate = (days: number) => addDays(areaDay(new Date(), DEFAULT_TIME_ZONE), days);

/** The first day `days` or more from today that the demo calendar prices plainly (no weekend +20 %). */
function plainDay(days: number): string {
  let day = cstDate(days);
  while (isDemoPeakDay(day)) day = addDays(day, 1);
  return day;
}

interface OpenOrder {
  orderNo: string;
  payStatus: number;
  totalAmount: number;
  tickets: { id: number; code: string | null; status: number }[];
}

describe('ticket orders', () => {
  it('sells through the API, shows the order, approves a refund and logs a gate scan', async () => {
    const baseUrl = inject('baseUrl');
    const admin = inject('adminTokens');
    const adminPost = <T>(url: string, body: unknown) => authPost<T>(baseUrl, admin.access_token, url, body);

    // --- the window terminal's client: a new secret (shown once), then a client_credentials token
    const clients = await adminPost<{ rows: { id: number; clientId: string }[] }>(
      '/web/api/admin/oauth/page',
      {
        clientId: 'winManagement',
      },
    );
    const client = clients.data.rows.find((c) => c.clientId === 'winManagement')!;
    const reset = await adminPost<{ secret: string }>('/web/api/admin/oauth/resetSecret', { id: client.id });
    const tokenRes = await fetch(`${baseUrl}/login/oauth/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`winManagement:${reset.data.secret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'all' }),
    });
    expect(tokenRes.status).toBe(200);
    const clientToken = ((await tokenRes.json()) as { access_token: string }).access_token;
    const sell = async <T>(url: string, body: unknown) => {
      const res = await fetch(`${baseUrl}${url}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${clientToken}`,
          'content-type': 'application/json',
          'x-scenic-id': '1',
          'idempotency-key': crypto.randomUUID(),
        },
        body: JSON.stringify(body),
      });
      const json = (await res.json()) as { code: number; msg: string; data: T };
      expect(res.status, `${url}: ${json.msg}`).toBe(200);
      return json.data;
    };

    const products = await adminPost<{ rows: { id: number; name: string }[] }>('/web/api/admin/ticket/page', {
      name: '成人票',
    });
    const adult = products.data.rows.find((p) => p.name === '成人票')!;
    const periods = await adminPost<{ rows: { id: number; startTime: string }[] }>(
      '/web/api/admin/period/page',
      {},
    );
    const periodId = periods.data.rows.toSorted((a, b) => a.startTime.localeCompare(b.startTime))[0]!.id;

    // --- two paid orders: one for a plain weekday two or more days ahead (refundable, at the adult's
    // 120.00), one for today (the gate)
    const place = (date: string, buyer: string) =>
      sell<OpenOrder>('/api/open/order/create', {
        buyer: { name: buyer, phone: '13900000001' },
        lines: [{ productId: adult.id, date, periodId, quantity: 2 }],
        payNow: { payWay: 1 },
      });
    const later = await place(plainDay(2), 'E2E 退票');
    const today = await place(cstDate(0), 'E2E 入园');
    expect(later).toMatchObject({ payStatus: 201, totalAmount: 24_000 });
    expect(later.tickets).toHaveLength(2);

    const { page, go } = await openPage({ tokens: admin });
    await go(`/ticket/order?orderNo=${later.orderNo}`);
    await row(page, later.orderNo).waitFor();
    expect(await row(page, later.orderNo).innerText()).toContain('240.00');
    // the totals bar sums the filter of the URL: this one order
    await expect.poll(() => page.getByTestId('order-totals').innerText()).toContain('240.00');
    await snap(page, 'order-list');

    // --- a refund of one ticket, requested by the channel and approved on the review screen
    await sell('/api/open/refund/apply', {
      orderNo: later.orderNo,
      ticketIds: [later.tickets[0]!.id],
      reason: 'E2E 行程变更',
    });
    await go(`/ticket/refundTicCheck?orderNo=${later.orderNo}`);
    await row(page, later.orderNo).waitFor();
    await snap(page, 'refund-review');
    await button(row(page, later.orderNo), '通过').click();
    const confirm = page.locator('.ant-popconfirm:visible');
    await button(confirm, '确定').click();
    await expect.poll(async () => row(page, later.orderNo).innerText()).toContain('已通过');
    const detail = await authGet<{
      tickets: { id: number; status: number }[];
      order: { refundedAmount: number };
    }>(baseUrl, admin.access_token, `/web/api/admin/order/query?id=${(await orderId(later.orderNo))!}`);
    // cash is refunded at once (T17, T21): the ticket is refunded, less the 10 % fee
    expect(detail.data.tickets.find((t) => t.id === later.tickets[0]!.id)?.status).toBe(203);
    expect(detail.data.order.refundedAmount).toBe(10_800);

    // --- a scan of today's ticket at an entry gate, seen in the entry/exit log
    const gates = await adminPost<{ rows: { id: number; gateType: number }[] }>('/web/api/ticket/gate/page', {
      gateType: 10,
    });
    // the gate API answers only a registered gate device or handheld of the area (docs/accounts.md)
    const registered = await adminPost<{ activationCode: string }>('/web/api/terminal/terminal/create', {
      kind: 'handManagement',
      name: '端到端手持机',
      serialNo: 'E2E-HAND-01',
    });
    const handheld = await activateDevice(baseUrl, registered.data.activationCode);
    const scan = await handheld.post<{ allowed: boolean; reason?: string }>('/api/gate/scan', {
      gateId: gates.data.rows[0]!.id,
      deviceId: 'e2e-gate-1',
      nonce: crypto.randomUUID(),
      readMode: 1,
      value: today.tickets[0]!.code,
      scannedAt: new Date().toISOString(),
    });
    await go(`/ticket/visitors?orderNo=${today.orderNo}`);
    await row(page, today.orderNo).waitFor();
    // outside the product's entry hours (08:00-16:30) the gate refuses, and the log says why
    expect(await row(page, today.orderNo).innerText()).toContain(scan.allowed ? '入园' : '拒绝');
    await snap(page, 'gate-log');

    async function orderId(orderNo: string) {
      const found = await adminPost<{ rows: { id: number; orderNo: string }[] }>(
        '/web/api/admin/order/page',
        {
          orderNo,
        },
      );
      return found.data.rows.find((o) => o.orderNo === orderNo)?.id;
    }
  });
});
