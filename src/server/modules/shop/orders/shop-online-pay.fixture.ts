import { sql } from 'drizzle-orm';
import type { PrepayAnswer } from '../../../../shared/api/payments.ts';
import { shopPermissions } from '../../../../shared/perms/shop.ts';
import { queryRows } from '../../../db/rows.ts';
import { data } from '../../../test/replies.ts';
import { openPayApp, type PayApp } from '../../payments/online-pay.fixture.ts';
import { shopKit, type ShopKit } from './shop-orders.fixture.ts';

/**
 * The shop's online payment tests' world (issue 30): the payments tests' app and pay sandbox (area
 * YLGZ with WeChat Pay and Alipay set up), two signed-in members of YLGZ and a staff token with
 * every shop permission there.
 */
export interface ShopPayWorld {
  w: PayApp;
  k: ShopKit;
  staff: string;
  /** `/api/open/pay/prepay` of a shop order as member `who` (the mini-program's token) */
  prepay(
    orderNo: string,
    payWay?: 2 | 3,
    who?: number,
    body?: Record<string, unknown>,
  ): ReturnType<PayApp['open']>;
  /** A placed order of `quantity` pieces of a new SKU at 5000, and that SKU */
  order(quantity?: number, stock?: number): Promise<{ orderNo: string; skuId: number }>;
  /** The order's payments */
  payments(
    orderNo: string,
  ): Promise<{ id: number; provider: string; pay_way: number; amount: number; status: string }[]>;
  /** The order's refunds with the refund sender's record of them */
  refunds(orderNo: string): Promise<
    {
      id: number;
      refund_no: string;
      status: string;
      amount: number;
      fail_reason: string;
      attempts: number | null;
      last_error: string | null;
      sent_no: string | null;
    }[]
  >;
}

export async function openShopPay(phones: string[]): Promise<ShopPayWorld> {
  const w = await openPayApp();
  // the demo's shop is in QSH: YLGZ gets a category for the test's goods
  await w.db.execute(sql`insert into shop_categories (scenic_id, name) values (${w.f.scenicId}, '测试分类')`);
  const k = await shopKit(w.t, w.f.scenicId, phones);
  await w.t.grant('yunling', Object.keys(shopPermissions.shop));
  const staff = (await w.t.login('yunling')).access_token;
  const headers = (who: number) => ({
    'x-scenic-id': String(k.scenicId),
    'x-member-token': k.members[who]!.token,
  });
  return {
    w,
    k,
    staff,
    prepay: (orderNo, payWay = 2, who = 0, body = {}) =>
      w.t.call(
        k.mini,
        'POST',
        '/api/open/pay/prepay',
        { target: 'shop', orderNo, payWay, scene: 'qr', ...body },
        headers(who),
      ),
    async order(quantity = 2, stock = 10) {
      const skuId = await k.newSku(stock, 5000);
      return { orderNo: await k.place([{ skuId, quantity }]), skuId };
    },
    payments: (orderNo) =>
      queryRows(
        w.db,
        sql`select p.id, p.provider, p.pay_way, p.amount, p.status from shop_payments p
            join shop_orders o on o.id = p.order_id where o.order_no = ${orderNo} order by p.id`,
      ),
    refunds: (orderNo) =>
      queryRows(
        w.db,
        sql`select r.id, r.refund_no, r.status, r.amount, r.fail_reason, pr.attempts, pr.last_error,
              pr.refund_no as sent_no
            from shop_refunds r join shop_orders o on o.id = r.order_id
              left join provider_refunds pr on pr.target = 'shop' and pr.refund_id = r.id
            where o.order_no = ${orderNo} order by r.id`,
      ),
  };
}

/** Asks for a payment of the order and has the sandbox's payer pay it (its notification handed to the app). */
export async function payOnline(s: ShopPayWorld, orderNo: string, payWay: 2 | 3 = 2): Promise<PrepayAnswer> {
  const pay = await data<PrepayAnswer>(s.prepay(orderNo, payWay));
  await s.w.sandbox.control.pay(pay.paymentNo);
  return pay;
}
