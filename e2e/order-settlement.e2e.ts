// Issue 17: the order list's ordPayId filter, and the distribution order view with its settlement
// (agency, tier, batch, commission) as a distributor's account sees it under /disManage: its own
// orders only.
import { describe, expect, inject, it } from 'vitest';
import { apiLogin, authGet, authPost } from './support/api.ts';
import { snap, useConsole } from './support/browser.ts';
import { row } from './support/ui.ts';

const { openPage } = useConsole();

interface Row {
  id: number;
  orderNo: string;
  payId: string | null;
}

describe('order settlement fields', () => {
  it('filters by the payment’s transaction id; a distributor sees the settlement of its own orders only', async () => {
    const baseUrl = inject('baseUrl');
    const admin = inject('adminTokens');
    const page50 = (token: string, body: object) =>
      authPost<{ rows: Row[] }>(baseUrl, token, '/web/api/admin/order/page', { page: 1, limit: 50, ...body });

    // --- ordPayId: an online payment's transaction id finds its order
    const paid = (await page50(admin.access_token, { ordIsPay: 201, ordPayWay: 2 })).data.rows.find(
      (r) => r.payId,
    )!;
    const { page, go } = await openPage({ tokens: admin });
    await go(`/ticket/order?ordPayId=${encodeURIComponent(paid.payId!)}`);
    await row(page, paid.orderNo).waitFor();
    expect(await page.locator('.ant-table-tbody tr.ant-table-row').count()).toBe(1);
    await snap(page, 'order-list-pay-id');

    // --- the demo agent's distribution order, in the distributor menu's view
    const agent = await apiLogin(baseUrl, 'agent');
    const own = (await page50(agent.access_token, { channel: 13 })).data.rows;
    expect(own.length).toBeGreaterThan(0);
    // a settled one when there is one (the demo closes a batch per past month)
    let shown = own[0]!;
    for (const o of own) {
      const d = await authGet<{ settleState: number }>(
        baseUrl,
        agent.access_token,
        `/web/api/admin/order/distribution?id=${o.id}`,
      );
      if (d.data.settleState === 2) {
        shown = o;
        break;
      }
    }
    const view = await openPage({ tokens: agent });
    await view.go(`/disManage/disOrderPage?id=${shown.id}`);
    await view.page.getByText(`分销订单 ${shown.orderNo}`).waitFor();
    for (const text of ['山水旅行社', '价格等级', '结算状态', '结算批次', '门票与结算'])
      await expect.poll(() => view.page.locator('main').innerText()).toContain(text);
    await snap(view.page, 'dis-order-settlement');

    // --- another distributor's order is not the agent's: the page says it is not found
    const all = (await page50(admin.access_token, { channel: 13 })).data.rows;
    const ownIds = new Set(
      (await page50(agent.access_token, { channel: 13, limit: 100 })).data.rows.map((r) => r.id),
    );
    const theirs = all.find((r) => !ownIds.has(r.id))!;
    expect(theirs).toBeDefined();
    await view.go(`/disManage/disOrderPage?id=${theirs.id}`);
    await view.page.getByText('订单不存在或已被删除').waitFor();
  });
});
