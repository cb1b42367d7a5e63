// Issue 16's flow: a coupon created in the console (/promotion/ticcoupon), a member of the
// mini-program who tops up, claims it and buys a ticket with it and the balance through the member
// and selling APIs, then the console showing the coupon used (/promotion/couponRecord) and the
// ledger rows on the member's page (/user/userDetail).
import crypto from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { memberApi } from '../src/shared/api/member-api.ts';
import { openApi, openOrderApi, type Sellable } from '../src/shared/api/selling.ts';
import { DEFAULT_TIME_ZONE, addDays, areaDay } from '../src/shared/area-clock.ts';
import { clientToken } from './support/api.ts';
import { payThroughSandbox } from './support/selling.ts';
import { snap, useConsole } from './support/browser.ts';
import { button, chooseOption, drawer, pane, row, toast } from './support/ui.ts';

const { openPage } = useConsole();

describe('members, coupons and the balance in selling', () => {
  it('a member claims a console coupon, pays with it and the balance, and the console shows both', async () => {
    const baseUrl = inject('baseUrl');
    const admin = inject('adminTokens');
    const { page, go } = await openPage({ tokens: admin });
    const couponName = `E2E 满50减15 ${crypto.randomInt(1000, 9999)}`;

    // --- the coupon, through the form: 15 yuan off from 50, on shelf
    await go('/promotion/ticcoupon');
    await row(page, '满100减20').waitFor();
    await button(pane(page), '新增').click();
    const form = drawer(page);
    await form.locator('#record_name').fill(couponName);
    await form.locator('#record_amountOff').fill('15');
    await form.locator('#record_minSpend').fill('50');
    await form.locator('#record_totalQuantity').fill('100');
    await form.locator('#record_status').click();
    await chooseOption(page, '上架');
    await button(form, '保存').click();
    await toast(page, '操作成功').waitFor();
    await row(page, couponName).waitFor();

    // --- the member, through the mini-program's calls
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
    const phone = `137${String(crypto.randomInt(10_000_000, 99_999_999))}`;
    const login = await call<{ token: string; member: { id: number } }>('POST', memberApi.login, {
      phone,
      nickname: 'E2E 会员',
    });
    memberToken = login.token;
    // a top-up paid with WeChat Pay: the prepay, the payer's pay on the sandbox, its notification
    const recharge = await call<{ rechargeNo: string }>('POST', memberApi.recharge, { amount: 30_000 });
    await payThroughSandbox((url, body) => call('POST', url, body), 'topup', recharge.rechargeNo);
    const center = await call<{ couponId: number; name: string }[]>('GET', memberApi.couponCenter);
    const offered = center.find((c) => c.name === couponName);
    expect(offered).toBeDefined();
    const { memberCouponId } = await call<{ memberCouponId: number }>('POST', memberApi.claim, {
      couponId: offered!.couponId,
    });
    // a regular ticket the mini-program sells without real names, a few days ahead
    const date = addDays(areaDay(new Date(), DEFAULT_TIME_ZONE), 3);
    const sellable = await call<Sellable[]>('POST', openApi.products, { date });
    const product = sellable.find(
      (p) => p.productType === 1 && p.realNameType !== 1 && p.offers.some((o) => o.left > 0),
    )!;
    const offer = product.offers.find((o) => o.left > 0)!;
    const order = await call<{ orderNo: string; totalAmount: number; couponDiscount: number }>(
      'POST',
      openOrderApi.create,
      {
        buyer: { name: 'E2E 会员', phone },
        lines: [{ productId: product.productId, date, periodId: offer.periodId ?? undefined, quantity: 1 }],
        memberCouponId,
        payNow: { payWay: 9 },
      },
    );
    expect(order.couponDiscount).toBe(1500);

    // --- the console: the coupon used on that order, the member's ledger
    await go(`/promotion/couponRecord?phone=${phone}`);
    const used = row(page, couponName);
    await used.waitFor();
    await expect.poll(() => used.innerText()).toContain('已使用');
    expect(await used.innerText()).toContain(order.orderNo);
    await snap(page, 'members-coupon-used');

    await go(`/user/userDetail?id=${login.member.id}`);
    const ledger = pane(page);
    await ledger.getByText('E2E 会员').first().waitFor();
    await row(page, order.orderNo).waitFor();
    const consume = await row(page, order.orderNo).innerText();
    expect(consume).toContain('消费');
    expect(consume).toContain(`-${(order.totalAmount / 100).toFixed(2)}`);
    await row(page, recharge.rechargeNo).first().waitFor();
    await snap(page, 'members-ledger');
  });
});
