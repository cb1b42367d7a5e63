import crypto from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import { REDEEM_CODE_ALPHABET, REDEEM_CODE_LENGTH } from '../../../shared/api/coupons.ts';
import {
  COUPON_SCOPE,
  COUPON_STATUS,
  COUPON_TYPE,
  COUPON_USE,
  COUPON_VALIDITY,
  DISCOUNT_KIND,
  MEMBER_COUPON_STATUS as MC,
  RECEIVE_WAY,
} from '../../../shared/dict/coupons.ts';
import type { Db } from '../../db/client.ts';
import { addDays, areaDay, areaInstant, areaTimeZone } from '../../lib/area-clock.ts';
import { members } from '../members/index.ts';
import { ticketProducts } from '../products/index.ts';
import { couponCodes, coupons, memberCoupons, type Coupon } from './coupons.table.ts';

const DAY = 86_400_000;

type Held = typeof memberCoupons.$inferInsert;

/** The six demo coupons: every type, use and scope, one off the shelf and one whose campaign ended. */
function demoCouponValues(
  scenicId: number,
  today: string,
  chosen: { id: number }[],
): (typeof coupons.$inferInsert)[] {
  const base = { scenicId, status: COUPON_STATUS.onShelf, perMemberLimit: 1 };
  return [
    {
      ...base,
      name: '新人注册礼',
      couponType: COUPON_TYPE.registration,
      useType: COUPON_USE.ticket,
      amountOff: 1000,
      minSpend: 5000,
      validityKind: COUPON_VALIDITY.days,
      validDays: 30,
      totalQuantity: 10000,
      description: '注册会员即送，购票满50元可用，领取后30天内有效。',
    },
    {
      ...base,
      name: '满100减20',
      useType: COUPON_USE.any,
      amountOff: 2000,
      minSpend: 10000,
      validFrom: addDays(today, -30),
      validTo: addDays(today, 60),
      totalQuantity: 2000,
      perMemberLimit: 2,
      description: '门票、商城通用，每人限领2张。',
    },
    {
      ...base,
      name: '门票9折',
      useType: COUPON_USE.ticket,
      scope: chosen.length ? COUPON_SCOPE.chosen : COUPON_SCOPE.all,
      productIds: chosen.map((p) => p.id),
      discountKind: DISCOUNT_KIND.percent,
      percent: 90,
      validityKind: COUPON_VALIDITY.days,
      validDays: 15,
      totalQuantity: 1000,
      description: '指定门票享9折，领取后15天内有效。',
    },
    {
      ...base,
      name: '兑换码券',
      couponType: COUPON_TYPE.redeemCode,
      useType: COUPON_USE.ticket,
      amountOff: 1500,
      validFrom: addDays(today, -10),
      validTo: addDays(today, 90),
      totalQuantity: 200,
      description: '凭兑换码领取，购票立减15元。',
    },
    {
      ...base,
      name: '商城满50减5',
      useType: COUPON_USE.shop,
      amountOff: 500,
      minSpend: 5000,
      validityKind: COUPON_VALIDITY.days,
      validDays: 30,
      totalQuantity: 500,
      description: '文创商城专用。',
    },
    {
      ...base,
      name: '国庆特惠',
      status: COUPON_STATUS.offShelf,
      useType: COUPON_USE.ticket,
      amountOff: 3000,
      minSpend: 20000,
      validFrom: addDays(today, -120),
      validTo: addDays(today, -60),
      totalQuantity: 300,
      description: '活动已结束。',
    },
  ];
}

/**
 * Six coupons of the demo area over every type, use and scope (one off the shelf), 50 redeem codes
 * of which 12 are redeemed, and a few hundred coupons held by the members of the members module's
 * seed, unused (101) or expired (301, past their end). Used ones (201) come only from the orders the
 * demo history places later. `coupons.issued` is the count of member coupons of each coupon.
 */
export async function seedDemoCoupons(db: Db, scenicId: number, now = new Date()): Promise<void> {
  const timeZone = await areaTimeZone(db, scenicId);
  const today = areaDay(now, timeZone);
  const chosen = await db
    .select({ id: ticketProducts.id })
    .from(ticketProducts)
    .where(and(eq(ticketProducts.scenicId, scenicId), eq(ticketProducts.productType, 1)))
    .orderBy(asc(ticketProducts.sort), asc(ticketProducts.id))
    .limit(2);
  const inserted = await db
    .insert(coupons)
    .values(demoCouponValues(scenicId, today, chosen))
    .returning();
  const [gift, general, percent, code, shop, ended] = inserted as [
    Coupon,
    Coupon,
    Coupon,
    Coupon,
    Coupon,
    Coupon,
  ];

  const memberIds = (
    await db
      .select({ id: members.id })
      .from(members)
      .where(eq(members.scenicId, scenicId))
      .orderBy(asc(members.id))
      .limit(520)
  ).map((m) => m.id);

  /** One member coupon received `daysAgo` days ago; its end from the coupon's validity; expired when past. */
  const held = (coupon: Coupon, memberId: number, receiveWay: number, daysAgo: number): Held => {
    const receivedAt = new Date(now.getTime() - daysAgo * DAY - 3_600_000);
    const fixed = coupon.validityKind === COUPON_VALIDITY.fixed;
    const validFrom = fixed ? areaInstant(coupon.validFrom!, '00:00', timeZone) : receivedAt;
    const validUntil = fixed
      ? areaInstant(addDays(coupon.validTo!, 1), '00:00', timeZone)
      : new Date(receivedAt.getTime() + coupon.validDays * DAY);
    return {
      scenicId,
      couponId: coupon.id,
      memberId,
      status: validUntil <= now ? MC.expired : MC.unused,
      receiveWay,
      receivedAt,
      validFrom,
      validUntil,
    };
  };
  const slice = (from: number, to: number) => memberIds.slice(from, to);
  const rows: Held[] = [
    // registration gifts of the first members: a month's validity, the older ones expired
    ...slice(0, 150).map((id, i) => held(gift, id, RECEIVE_WAY.registration, i % 60)),
    ...slice(100, 250).map((id, i) => held(general, id, RECEIVE_WAY.claimed, i % 20)),
    ...slice(200, 320).map((id, i) => held(percent, id, RECEIVE_WAY.claimed, i % 25)),
    ...slice(320, 400).map((id, i) => held(shop, id, RECEIVE_WAY.claimed, i % 10)),
    // the ended campaign's coupons all expired
    ...slice(400, 520).map((id, i) => held(ended, id, RECEIVE_WAY.claimed, 100 + (i % 20))),
  ];
  for (let i = 0; i < rows.length; i += 500) await db.insert(memberCoupons).values(rows.slice(i, i + 500));

  // 50 codes; the first 12 redeemed by members, each giving its coupon (receive way 3)
  const codes = new Set<string>();
  while (codes.size < 50) {
    let text = '';
    for (let i = 0; i < REDEEM_CODE_LENGTH; i += 1)
      text += REDEEM_CODE_ALPHABET[crypto.randomInt(REDEEM_CODE_ALPHABET.length)];
    codes.add(text);
  }
  const redeemers = slice(300, 312);
  const redeemed = redeemers.length
    ? await db
        .insert(memberCoupons)
        .values(redeemers.map((id, i) => held(code, id, RECEIVE_WAY.code, i)))
        .returning()
    : [];
  await db.insert(couponCodes).values(
    [...codes].map((text, i) => {
      const by = redeemed[i];
      return {
        scenicId,
        couponId: code.id,
        code: text,
        createdAt: new Date(now.getTime() - 12 * DAY),
        ...(by ? { redeemedBy: by.memberId, redeemedAt: by.receivedAt, memberCouponId: by.id } : {}),
      };
    }),
  );

  await db.execute(
    sql`update coupons c set issued = (select count(*) from member_coupons m where m.coupon_id = c.id)
        where c.scenic_id = ${scenicId}`,
  );
}
