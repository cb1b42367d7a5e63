import { sql } from 'drizzle-orm';
import { PRODUCT_TYPE } from '../../../shared/dict/product.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { AppError } from '../../http/errors.ts';
import { addDays, areaDay, areaTimeZone } from '../../lib/area-clock.ts';
import { giveCoupon } from '../coupons/index.ts';
import { confirmPayment, placeOrder, sellableOn } from '../orders/index.ts';
import { staffRefund } from './refund-money.ts';

/**
 * Demo purchases of members through the mini-program (after the members' and coupons' demo data):
 * orders paid from the balance, some with a claimed coupon (so coupons are seen used), some paid by
 * WeChat, a few refunded back to the balance, all through the selling and refund code, so balances,
 * ledgers, coupons and order totals add up.
 */
export async function seedDemoMemberOrders(tx: Db, scenicId: number): Promise<void> {
  const timeZone = await areaTimeZone(tx, scenicId);
  const today = areaDay(new Date(), timeZone);
  const channel = 4;
  // a regular product the mini-program sells without real names, and a day with a slot for it
  let offer: { productId: number; date: string; periodId: number | null } | null = null;
  for (let d = 2; d <= 14 && !offer; d++) {
    const date = addDays(today, d);
    const product = (await sellableOn(tx, scenicId, channel, date)).find(
      (p) =>
        p.productType === PRODUCT_TYPE.regular && p.realNameType !== 1 && p.offers.some((o) => o.left >= 60),
    );
    const slot = product?.offers.find((o) => o.left >= 60);
    if (product && slot) offer = { productId: product.productId, date, periodId: slot.periodId };
  }
  if (!offer) return;
  const members = await queryRows<{ id: number; balance: number; phone: string; nickname: string }>(
    tx,
    sql`select id, balance, phone, nickname from members
        where scenic_id = ${scenicId} and status = 1 and balance >= 40000 and phone is not null
        order by id limit 24`,
  );
  const coupons = await queryRows<{ id: number }>(
    tx,
    sql`select id from coupons
        where scenic_id = ${scenicId} and status = 0 and coupon_type = 0 and use_type in (0, 1) and scope = 0
          and issued < total_quantity and min_spend <= 20000
          and (validity_kind = 2 or (valid_from <= ${today} and valid_to >= ${today}))
        order by id`,
  );
  const [admin] = await queryRows<{ id: number }>(
    tx,
    sql`select id from admins where username = 'admin' limit 1`,
  );
  for (const [i, m] of members.entries()) {
    let memberCouponId: number | undefined;
    const couponId = coupons[i % Math.max(1, coupons.length)]?.id;
    if (i % 3 === 0 && couponId != null)
      try {
        // a savepoint: a coupon given out or over its limit leaves the member without it
        memberCouponId = (
          await tx.transaction((sp) =>
            giveCoupon(sp, { scenicId, couponId: Number(couponId), memberId: Number(m.id), receiveWay: 1 }),
          )
        ).memberCouponId;
      } catch (error) {
        if (!(error instanceof AppError)) throw error;
      }
    const byWeChat = i % 3 === 2;
    const { order, tickets } = await placeOrder(tx, {
      scenicId,
      channel,
      clientId: 'weixinManagement',
      buyer: { name: m.nickname || '会员', phone: m.phone },
      lines: [
        {
          productId: offer.productId,
          date: offer.date,
          periodId: offer.periodId ?? undefined,
          quantity: 1 + (i % 2),
        },
      ],
      member: { memberId: Number(m.id), memberCouponId },
      ...(byWeChat ? {} : { payNow: { payWay: 9 as const } }),
    });
    if (byWeChat)
      await confirmPayment(tx, {
        scenicId,
        orderNo: order.orderNo,
        payWay: 2,
        amount: order.totalAmount,
        provider: 'offline',
        providerTxnId: `demo-member-${order.orderNo}`,
      });
    else if (i % 8 === 4 && admin)
      await staffRefund(tx, {
        scenicId,
        orderId: order.id,
        ticketIds: [tickets[0]!.id],
        reason: '行程变更',
        adminId: Number(admin.id),
        adminName: 'admin',
      });
  }
}
