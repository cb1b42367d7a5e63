import { sql } from 'drizzle-orm';
import {
  COUPON_SCOPE,
  COUPON_STATUS,
  COUPON_USE,
  COUPON_VALIDITY,
  DISCOUNT_KIND,
  MEMBER_COUPON_STATUS as MC,
  type RECEIVE_WAY,
} from '../../../shared/dict/coupons.ts';
import { MEMBER_COUPON_TRANSITIONS } from '../../../shared/domain/stored-value-transitions.ts';
import { formatCents } from '../../../shared/money.ts';
import type { Db } from '../../db/client.ts';
import { queryRows, statusIn } from '../../db/rows.ts';
import { AppError } from '../../http/errors.ts';
import { areaInstant, addDays, areaTimeZone } from '../../lib/area-clock.ts';

/**
 * Coupons held by members (docs/decisions.md "Coupons"): given out under a guarded
 * `issued < total_quantity` update and the member's row lock (per-member limit), checked against an
 * order, reserved by an unpaid order (T1), spent when it is paid (T2/T3), released when it is
 * cancelled (T4/T5). Every change of a member coupon is a compare-and-set on its state.
 */

const { spend: SPEND, expire: EXPIRE, giveBack: GIVE_BACK } = MEMBER_COUPON_TRANSITIONS;

type ReceiveWay = (typeof RECEIVE_WAY)[keyof typeof RECEIVE_WAY];

interface CouponTerms {
  id: number;
  name: string;
  use_type: number;
  scope: number;
  product_ids: number[] | string;
  discount_kind: number;
  amount_off: number;
  percent: number;
  min_spend: number;
}

/** Postgres answers an int[] as an array (node-postgres) or as '{1,2}' text (some drivers). */
function idList(value: number[] | string | null): number[] {
  if (value == null) return [];
  if (Array.isArray(value)) return value.map(Number);
  return value.replace(/[{}]/g, '').split(',').filter(Boolean).map(Number);
}

/**
 * Gives one coupon to a member: the coupon must be on shelf (unless `anyShelf`, for staff), the
 * quantity is taken by a guarded update, the per-member limit is counted under the member's row
 * lock. Validity: fixed dates (the area's days), or N days from now.
 */
export async function giveCoupon(
  tx: Db,
  input: {
    scenicId: number;
    couponId: number;
    memberId: number;
    receiveWay: ReceiveWay;
    anyShelf?: boolean;
    now?: Date;
  },
): Promise<{ memberCouponId: number }> {
  const now = input.now ?? new Date();
  const [member] = await queryRows<{ id: number }>(
    tx,
    sql`select id from members where id = ${input.memberId} and scenic_id = ${input.scenicId} for no key update`,
  );
  if (!member) throw new AppError(404, 'memberNotFound');
  const [coupon] = await queryRows<{
    id: number;
    status: number;
    per_member_limit: number;
    validity_kind: number;
    valid_from: string | null;
    valid_to: string | null;
    valid_days: number;
  }>(
    tx,
    sql`select id, status, per_member_limit, validity_kind, valid_from::text as valid_from, valid_to::text as valid_to, valid_days
        from coupons where id = ${input.couponId} and scenic_id = ${input.scenicId}`,
  );
  if (!coupon) throw new AppError(404, 'couponNotFound');
  if (!input.anyShelf && Number(coupon.status) !== COUPON_STATUS.onShelf)
    throw new AppError(409, 'couponOffShelf');
  const [held] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from member_coupons where coupon_id = ${coupon.id} and member_id = ${input.memberId}`,
  );
  const limit = Number(coupon.per_member_limit);
  if (Number(held!.n) >= limit) throw new AppError(409, 'couponLimitReached', { params: { limit } });
  const [taken] = await queryRows<{ id: number }>(
    tx,
    sql`update coupons set issued = issued + 1, updated_at = now()
        where id = ${coupon.id} and issued < total_quantity returning id`,
  );
  if (!taken) throw new AppError(409, 'couponSoldOut');
  let validFrom = now;
  let validUntil: Date;
  if (Number(coupon.validity_kind) === COUPON_VALIDITY.fixed && coupon.valid_from && coupon.valid_to) {
    const timeZone = await areaTimeZone(tx, input.scenicId);
    validFrom = areaInstant(coupon.valid_from, '00:00', timeZone);
    validUntil = areaInstant(addDays(coupon.valid_to, 1), '00:00', timeZone);
  } else {
    validUntil = new Date(now.getTime() + Math.max(1, Number(coupon.valid_days)) * 86_400_000);
  }
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into member_coupons (scenic_id, coupon_id, member_id, status, receive_way, received_at, valid_from, valid_until)
        values (${input.scenicId}, ${coupon.id}, ${input.memberId}, ${MC.unused}, ${input.receiveWay}, ${now},
          ${validFrom}, ${validUntil})
        returning id`,
  );
  return { memberCouponId: Number(row!.id) };
}

export interface CouponLine {
  productId: number;
  /** cents of this ticket after the level discount */
  price: number;
}

/**
 * What a member's coupon takes off an order's tickets: checks holder, state (unused, not held by
 * another order), validity window, use (tickets), scope (the chosen products) and minimum spend on
 * the covered amount. Answers the discount of each ticket (in the order given; the rounding remainder
 * on the last covered ticket), their sum never above the covered amount.
 */
export async function quoteCoupon(
  tx: Db,
  input: {
    scenicId: number;
    memberId: number;
    memberCouponId: number;
    lines: CouponLine[];
    now: Date;
    /** what the order buys: tickets (coupon use 0/1, the default) or shop goods (use 0/2, one line of the goods' total) */
    use?: 'ticket' | 'shop';
  },
): Promise<{ total: number; perTicket: number[]; couponId: number }> {
  const [held] = await queryRows<
    CouponTerms & {
      member_id: number;
      status: number;
      reserved_order_no: string | null;
      valid_from: Date | string;
      valid_until: Date | string;
      coupon_id: number;
    }
  >(
    tx,
    sql`select mc.member_id, mc.status, mc.reserved_order_no, mc.valid_from, mc.valid_until, mc.coupon_id,
          c.id, c.name, c.use_type, c.scope, c.product_ids, c.discount_kind, c.amount_off, c.percent, c.min_spend
        from member_coupons mc join coupons c on c.id = mc.coupon_id
        where mc.id = ${input.memberCouponId} and mc.scenic_id = ${input.scenicId}`,
  );
  if (!held || Number(held.member_id) !== input.memberId) throw new AppError(404, 'memberCouponNotFound');
  const validFrom = new Date(held.valid_from);
  if (
    Number(held.status) !== MC.unused ||
    held.reserved_order_no != null ||
    input.now >= new Date(held.valid_until)
  )
    throw new AppError(409, 'memberCouponUnavailable');
  if (input.now < validFrom)
    throw new AppError(409, 'memberCouponNotValidYet', {
      params: { from: validFrom.toISOString().slice(0, 10) },
    });
  const wrongUse = input.use === 'shop' ? COUPON_USE.ticket : COUPON_USE.shop;
  if (Number(held.use_type) === wrongUse) throw new AppError(409, 'couponWrongUse');
  const chosen = idList(held.product_ids);
  const covered = input.lines.map(
    (l) => Number(held.scope) === COUPON_SCOPE.all || chosen.includes(l.productId),
  );
  const coveredAmount = input.lines.reduce((sum, l, i) => sum + (covered[i] ? l.price : 0), 0);
  if (!covered.some(Boolean)) throw new AppError(409, 'couponNoEligibleProduct');
  if (coveredAmount < Number(held.min_spend) || coveredAmount <= 0)
    throw new AppError(409, 'couponMinSpend', {
      params: { min: formatCents(Number(held.min_spend)), amount: formatCents(coveredAmount) },
    });
  const total =
    Number(held.discount_kind) === DISCOUNT_KIND.percent
      ? coveredAmount - Math.round((coveredAmount * Number(held.percent)) / 100)
      : Math.min(Number(held.amount_off), coveredAmount);
  // spread over the covered tickets by their price; the last one takes the rounding remainder
  const perTicket = input.lines.map(() => 0);
  const last = covered.lastIndexOf(true);
  let given = 0;
  input.lines.forEach((l, i) => {
    if (!covered[i] || i === last) return;
    const share = Math.floor((total * l.price) / coveredAmount);
    perTicket[i] = share;
    given += share;
  });
  perTicket[last] = Math.min(total - given, input.lines[last]!.price);
  return { total: perTicket.reduce((a, b) => a + b, 0), perTicket, couponId: Number(held.coupon_id) };
}

/** T1: the unpaid order holds the coupon (compare-and-set: free, unused, still valid). */
export async function reserveCoupon(
  tx: Db,
  input: { scenicId: number; memberId: number; memberCouponId: number; orderNo: string; now: Date },
): Promise<void> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`update member_coupons set reserved_order_no = ${input.orderNo}
        where id = ${input.memberCouponId} and scenic_id = ${input.scenicId} and member_id = ${input.memberId}
          and status = ${MC.unused} and reserved_order_no is null and valid_until > ${input.now}
        returning id`,
  );
  if (!row) throw new AppError(409, 'memberCouponUnavailable');
}

/**
 * T2/T3: the coupon held by the order is spent (201), with the amount it took off. `fromFree`: a
 * late payment (T6) of an order whose coupon was released at T5 spends it again only if it is still
 * free; answers whether it was spent.
 */
export async function spendCoupon(
  tx: Db,
  input: {
    scenicId: number;
    memberCouponId: number;
    orderNo: string;
    discount: number;
    now: Date;
    fromFree?: boolean;
  },
): Promise<boolean> {
  const holder = input.fromFree ? sql`reserved_order_no is null` : sql`reserved_order_no = ${input.orderNo}`;
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`update member_coupons set status = ${SPEND.to}, used_order_no = ${input.orderNo}, used_at = ${input.now},
          discount_amount = ${input.discount}, reserved_order_no = null
        where id = ${input.memberCouponId} and scenic_id = ${input.scenicId} and status in ${statusIn(SPEND.from)}
          and ${holder}
        returning id`,
  );
  if (!row && !input.fromFree) throw new AppError(409, 'memberCouponUnavailable');
  return !!row;
}

/** T4/T5: the cancelled order lets go of its coupon (it stays unused; it may have expired meanwhile). */
export async function releaseCoupon(tx: Db, input: { scenicId: number; orderNo: string }): Promise<void> {
  await tx.execute(
    sql`update member_coupons set reserved_order_no = null
        where scenic_id = ${input.scenicId} and reserved_order_no = ${input.orderNo} and status = ${MC.unused}`,
  );
}

/**
 * S18 of a shop order refunded in full (docs/domain.md "coupon returned"): the coupon that order
 * used is the member's to use again (its validity still applies: the expiry job takes it when past
 * its end). Only the order that used it can give it back, once (compare-and-set on used + order).
 * Ticket refunds keep the coupon spent (docs/decisions.md "Coupons").
 */
export async function giveCouponBack(tx: Db, input: { scenicId: number; orderNo: string }): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(
    tx,
    sql`update member_coupons set status = ${GIVE_BACK.to}, used_order_no = null, used_at = null, discount_amount = 0
        where scenic_id = ${input.scenicId} and used_order_no = ${input.orderNo} and status in ${statusIn(GIVE_BACK.from)}
        returning id`,
  );
  return rows.length > 0;
}

/** The expiry job: unused coupons past their end that no order holds become expired (301). */
export async function expireMemberCoupons(db: Db, now = new Date()): Promise<number> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`update member_coupons set status = ${EXPIRE.to}
        where status in ${statusIn(EXPIRE.from)} and reserved_order_no is null and valid_until <= ${now}
        returning id`,
  );
  return rows.length;
}

/**
 * A member redeems a code of a type-2 coupon: the code is taken by a guarded update (redeemed once,
 * whatever races), then the coupon given as any other (shelf, quantity, per-member limit).
 */
export async function redeemCode(
  tx: Db,
  input: { scenicId: number; memberId: number; code: string; now?: Date },
): Promise<{ memberCouponId: number; couponId: number }> {
  const code = input.code.trim().toUpperCase();
  const [taken] = await queryRows<{ id: number; coupon_id: number }>(
    tx,
    sql`update coupon_codes set redeemed_by = ${input.memberId}, redeemed_at = ${input.now ?? new Date()}
        where scenic_id = ${input.scenicId} and code = ${code} and redeemed_by is null
        returning id, coupon_id`,
  );
  if (!taken) {
    const [exists] = await queryRows<{ id: number }>(
      tx,
      sql`select id from coupon_codes where scenic_id = ${input.scenicId} and code = ${code}`,
    );
    throw exists ? new AppError(409, 'redeemCodeUsed') : new AppError(404, 'redeemCodeNotFound');
  }
  const { memberCouponId } = await giveCoupon(tx, {
    scenicId: input.scenicId,
    couponId: Number(taken.coupon_id),
    memberId: input.memberId,
    receiveWay: 3,
    ...(input.now ? { now: input.now } : {}),
  });
  await tx.execute(sql`update coupon_codes set member_coupon_id = ${memberCouponId} where id = ${taken.id}`);
  return { memberCouponId, couponId: Number(taken.coupon_id) };
}

/** Registration gifts: every on-shelf type-1 coupon of the area with quantity left, one each. */
export async function giveRegistrationCoupons(tx: Db, scenicId: number, memberId: number, now = new Date()) {
  const gifts = await queryRows<{ id: number }>(
    tx,
    sql`select id from coupons where scenic_id = ${scenicId} and coupon_type = 1 and status = ${COUPON_STATUS.onShelf}
          and issued < total_quantity
          and (validity_kind = 2 or valid_to is null or valid_to >= ${now.toISOString().slice(0, 10)})
        order by id`,
  );
  const given: number[] = [];
  for (const g of gifts) {
    try {
      await tx.transaction(async (sp) => {
        const { memberCouponId } = await giveCoupon(sp, {
          scenicId,
          couponId: Number(g.id),
          memberId,
          receiveWay: 2,
          now,
        });
        given.push(memberCouponId);
      });
    } catch (error) {
      // sold out meanwhile: the member registers without that gift
      if (!(error instanceof AppError)) throw error;
    }
  }
  return given;
}
