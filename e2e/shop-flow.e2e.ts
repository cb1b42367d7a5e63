// Issue 18's whole flow: the shop account's goods with two SKUs (the editor itself is shop.e2e.ts),
// a member's order placed and paid through the mini-program's calls, shipped on /shop/shopOrder,
// returned by the buyer, received and approved on /shop/aftersale (refunded, stock back), and the
// refund seen in /shop/salesStatistics.
import crypto from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { memberApi } from '../src/shared/api/member-api.ts';
import { shopMemberOrderApi } from '../src/shared/api/shop-orders.ts';
import { shopCategoryApi, shopGoodApi, shopMemberApi } from '../src/shared/api/shop.ts';
import { payThroughSandbox } from './support/selling.ts';
import { apiLogin, authGet, authPost, clientToken } from './support/api.ts';
import { snap, useConsole } from './support/browser.ts';
import { button, chooseOption, modal, pane, row, toast } from './support/ui.ts';

const { openPage } = useConsole();
const popconfirm = (page: Page): Locator => page.locator('.ant-popover:not(.ant-popover-hidden)');

describe('the online shop: order, shipment, return and statistics', () => {
  it('a member buys goods of two SKUs, the shop ships them, takes them back and refunds', async () => {
    const baseUrl = inject('baseUrl');
    const admin = inject('adminTokens');
    const shop = await apiLogin(baseUrl, 'shop');
    const suffix = crypto.randomInt(1000, 9999);
    const goodsName = `E2E 竹编果篮 ${suffix}`;

    // --- goods of two SKUs on the shelf (the shop account's own call)
    const tree = await authGet<{ id: number; children: { id: number }[] }[]>(
      baseUrl,
      shop.access_token,
      shopCategoryApi.list,
    );
    const categoryId = tree.data.find((c) => c.children.length > 0)!.children[0]!.id;
    const created = await authPost<{ id: number }>(baseUrl, shop.access_token, shopGoodApi.create, {
      name: goodsName,
      categoryId,
      specs: [{ name: '尺寸', values: ['小号', '大号'] }],
      skus: [
        { specValues: ['小号'], price: 3900, stock: 10, code: `E2E-BASKET-${suffix}-S` },
        { specValues: ['大号'], price: 5900, stock: 10, code: `E2E-BASKET-${suffix}-L` },
      ],
      status: 1,
    });
    expect(created.code).toBe(200);
    const goods = await authGet<{ skus: { id: number; specValues: string[] }[] }>(
      baseUrl,
      shop.access_token,
      `${shopGoodApi.query}?id=${created.data.id}`,
    );
    const [small, large] = ['小号', '大号'].map((v) => goods.data.skus.find((s) => s.specValues[0] === v)!);

    // --- the member orders one of each and pays online
    const token = await clientToken(baseUrl, admin.access_token, 'weixinManagement');
    let memberToken = '';
    const call = async <T>(url: string, body?: unknown): Promise<T> => {
      const res = await fetch(`${baseUrl}${url}`, {
        method: 'POST',
        headers: {
          authorization: `Bearer ${token}`,
          'x-scenic-id': '1',
          'idempotency-key': crypto.randomUUID(),
          'content-type': 'application/json',
          ...(memberToken ? { 'x-member-token': memberToken } : {}),
        },
        body: JSON.stringify(body ?? {}),
      });
      const json = (await res.json()) as { msg: string; data: T };
      if (res.status !== 200) throw new Error(`${url}: ${res.status} ${json.msg}`);
      return json.data;
    };
    const phone = `136${String(crypto.randomInt(10_000_000, 99_999_999))}`;
    memberToken = (await call<{ token: string }>(memberApi.login, { phone, nickname: 'E2E 买家' })).token;
    const placed = await call<{ orderNo: string; payAmount: number }>(shopMemberApi.placeOrder, {
      lines: [
        { skuId: small!.id, quantity: 1 },
        { skuId: large!.id, quantity: 1 },
      ],
      receiverName: '王小明',
      receiverPhone: phone,
      receiverAddress: '浙江省杭州市西湖区灵隐路 18 号',
    });
    expect(placed.payAmount).toBe(9800);
    // paid with WeChat Pay: the prepay, the payer's pay on the sandbox, its notification (issue 30)
    await payThroughSandbox(call, 'shop', placed.orderNo);

    // --- the shop ships it from the order list
    const { page, go } = await openPage({ account: 'shop' });
    await go(`/shop/shopOrder?orderNo=${placed.orderNo}`);
    const order = row(page, placed.orderNo);
    await order.waitFor();
    await expect.poll(() => order.innerText()).toContain('待发货');
    await order.locator('[data-testid="shop-order-ship"]').click();
    const ship = modal(page);
    await ship.locator('#carrier').fill('顺丰速运');
    await ship.locator('#trackingNo').fill(`SF${suffix}0001`);
    await button(ship, '确定').click();
    await toast(page, '操作成功').waitFor();
    await expect.poll(() => row(page, placed.orderNo).innerText()).toContain('已发货');
    await snap(page, 'shop-flow-shipped');

    // --- the buyer receives it and sends the large basket back
    await call(shopMemberOrderApi.confirmReceipt, { orderNo: placed.orderNo });
    const res = await fetch(`${baseUrl}${shopMemberOrderApi.order}?orderNo=${placed.orderNo}`, {
      headers: { authorization: `Bearer ${token}`, 'x-scenic-id': '1', 'x-member-token': memberToken },
    });
    expect(res.status).toBe(200);
    const detail = ((await res.json()) as { data: { lines: { id: number; skuId: number | null }[] } }).data;
    const largeLine = detail.lines.find((l) => l.skuId === large!.id)!;
    await call(shopMemberOrderApi.afterSale, {
      orderNo: placed.orderNo,
      type: 1,
      reason: '尺寸太大，放不下',
      lines: [{ lineId: largeLine.id, quantity: 1 }],
      returnCarrier: '顺丰速运',
      returnTrackingNo: `SF${suffix}0002`,
    });

    // --- the shop records the goods back, then approves: refunded at once
    await go(`/shop/aftersale?orderNo=${placed.orderNo}`);
    const request = row(page, placed.orderNo);
    await request.waitFor();
    await expect.poll(() => request.innerText()).toContain('59.00');
    await request.locator('[data-testid="shop-aftersale-receive"]').click();
    await button(popconfirm(page), '确定').click();
    await toast(page, '操作成功').waitFor();
    await row(page, placed.orderNo).locator('[data-testid="shop-aftersale-approve"]').click();
    await button(popconfirm(page), '确定').click();
    await toast(page, '操作成功').waitFor();
    await expect.poll(() => row(page, placed.orderNo).innerText()).toContain('已同意');
    await snap(page, 'shop-flow-aftersale');

    // the returned basket is back in stock (10 - 1 + 1)
    const after = await authGet<{ skus: { id: number; stock: number }[] }>(
      baseUrl,
      shop.access_token,
      `${shopGoodApi.query}?id=${created.data.id}`,
    );
    expect(after.data.skus.find((s) => s.id === large!.id)!.stock).toBe(10);
    expect(after.data.skus.find((s) => s.id === small!.id)!.stock).toBe(9);

    // --- the statistics of today: the goods sold two pieces and took one back
    await go('/shop/salesStatistics');
    const refreshed = page.waitForResponse(
      (r) =>
        r.url().includes('/shop/salesStatistics/query') &&
        r.request().postData()?.includes('goodsId') === true,
    );
    await pane(page).getByRole('combobox').last().click();
    await page.keyboard.type(goodsName);
    await chooseOption(page, goodsName);
    expect((await refreshed).status()).toBe(200);
    const goodsTable = pane(page).getByTestId('stats-goods');
    const listed = goodsTable.locator('.ant-table-row').filter({ hasText: goodsName });
    await listed.waitFor();
    await expect.poll(() => listed.innerText()).toContain('98.00');
    await expect.poll(() => listed.innerText()).toContain('59.00');
    await snap(page, 'shop-flow-statistics');
  });
});
