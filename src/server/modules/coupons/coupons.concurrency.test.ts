import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { AppError } from '../../http/errors.ts';
import { barrier, rushTransactions, closeWideApp, openWideApp } from '../../test/concurrency.ts';
import type { TestApp } from '../../test/harness.ts';
import { scenicAreas } from '../scenic/scenic.table.ts';
import { giveCoupon, redeemCode } from './coupons.service.ts';
import { couponCodes, coupons, memberCoupons } from './coupons.table.ts';

// PGlite has a single connection: real concurrency needs PostgreSQL (TEST_DATABASE_URL).
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'redeem codes and claims under concurrency (PostgreSQL)',
  () => {
    const WIDTH = 30;
    let t: TestApp;
    let wide: Database;
    let db: Db;
    let scenicId: number;
    let seq = 0;

    beforeAll(async () => {
      ({ t, wide, db } = await openWideApp(WIDTH + 5));
      const areas = await db.select().from(scenicAreas);
      scenicId = areas.find((a) => a.code === 'QSH')!.id;
    });
    afterAll(() => closeWideApp(wide, t));

    /** Runs `work(tx, i)` in n transactions that are all open before any of them writes. */
    const rush = (n: number, work: (tx: Db, i: number) => Promise<unknown>) => rushTransactions(db, n, work);

    async function newMembers(n: number): Promise<number[]> {
      const ids: number[] = [];
      for (let i = 0; i < n; i += 1) {
        const [row] = await queryRows<{ id: number }>(
          db,
          sql`insert into members (scenic_id, phone) values (${scenicId}, ${`1010000${String(++seq).padStart(4, '0')}`}) returning id`,
        );
        ids.push(Number(row!.id));
      }
      return ids;
    }

    async function newCoupon(values: {
      name: string;
      couponType?: number;
      totalQuantity: number;
      issued?: number;
    }) {
      const [row] = await db
        .insert(coupons)
        .values({ scenicId, amountOff: 500, validityKind: 2, validDays: 30, status: 0, ...values })
        .returning();
      return row!;
    }

    const heldOf = async (couponId: number) =>
      (await db.select().from(memberCoupons).where(eq(memberCoupons.couponId, couponId))).length;
    const issuedOf = async (couponId: number) =>
      (await db.select().from(coupons).where(eq(coupons.id, couponId)))[0]!.issued;

    it('gives exactly one coupon for one redeem code sent by 20 members at once', async () => {
      const coupon = await newCoupon({ name: '并发码', couponType: 2, totalQuantity: 100 });
      await db.insert(couponCodes).values({ scenicId, couponId: coupon.id, code: 'RACE2345ABCD' });
      const racers = await newMembers(20);
      const res = await rush(20, (tx, i) =>
        redeemCode(tx, { scenicId, memberId: racers[i]!, code: 'race2345abcd' }),
      );
      expect(res.unexpected).toEqual([]);
      expect(res.ok).toBe(1);
      expect(res.conflicts).toEqual(Array(19).fill('redeemCodeUsed'));
      expect(await heldOf(coupon.id)).toBe(1);
      expect(await issuedOf(coupon.id)).toBe(1);
      const [code] = await db.select().from(couponCodes).where(eq(couponCodes.couponId, coupon.id));
      const [held] = await db.select().from(memberCoupons).where(eq(memberCoupons.couponId, coupon.id));
      expect(code!.redeemedBy).toBe(held!.memberId);
      expect(code!.memberCouponId).toBe(held!.id);
    });

    it('control: a redeem that reads the code before taking it (no guard) lets several members take it', async () => {
      const coupon = await newCoupon({ name: '无守卫码', couponType: 2, totalQuantity: 100 });
      await db.insert(couponCodes).values({ scenicId, couponId: coupon.id, code: 'NOGUARD23456' });
      const racers = await newMembers(20);
      // every racer reads before any writes
      const readAll = barrier(20);
      const res = await rush(20, async (tx, i) => {
        const [free] = await queryRows<{ id: number }>(
          tx,
          sql`select id from coupon_codes where scenic_id = ${scenicId} and code = 'NOGUARD23456' and redeemed_by is null`,
        );
        await readAll();
        if (!free) throw new AppError(409, 'redeemCodeUsed');
        await tx.execute(sql`update coupon_codes set redeemed_by = ${racers[i]!} where id = ${free.id}`);
        await giveCoupon(tx, { scenicId, couponId: coupon.id, memberId: racers[i]!, receiveWay: 3 });
      });
      expect(res.unexpected).toEqual([]);
      // every racer saw the code free: the assertions of the guarded test would fail here
      expect(res.ok).toBeGreaterThan(1);
      expect(await heldOf(coupon.id)).toBeGreaterThan(1);
    });

    it('gives the last 5 coupons to exactly 5 of 30 members claiming at once', async () => {
      const coupon = await newCoupon({ name: '剩五张', totalQuantity: 10, issued: 5 });
      const racers = await newMembers(30);
      const res = await rush(30, (tx, i) =>
        giveCoupon(tx, { scenicId, couponId: coupon.id, memberId: racers[i]!, receiveWay: 1 }),
      );
      expect(res.unexpected).toEqual([]);
      expect(res.ok).toBe(5);
      expect(res.conflicts).toEqual(Array(25).fill('couponSoldOut'));
      expect(await issuedOf(coupon.id)).toBe(10);
      expect(await heldOf(coupon.id)).toBe(5);
    });

    it('control: a claim that reads the count and writes it back (no guard) gives out more than are left', async () => {
      const coupon = await newCoupon({ name: '无守卫领取', totalQuantity: 10, issued: 5 });
      const racers = await newMembers(30);
      const readAll = barrier(30);
      const res = await rush(30, async (tx, i) => {
        const [c] = await queryRows<{ issued: number; total_quantity: number }>(
          tx,
          sql`select issued, total_quantity from coupons where id = ${coupon.id}`,
        );
        await readAll();
        if (Number(c!.issued) >= Number(c!.total_quantity)) throw new AppError(409, 'couponSoldOut');
        await tx.execute(sql`update coupons set issued = ${Number(c!.issued) + 1} where id = ${coupon.id}`);
        await tx.execute(
          sql`insert into member_coupons (scenic_id, coupon_id, member_id, status, receive_way, valid_from, valid_until)
            values (${scenicId}, ${coupon.id}, ${racers[i]!}, 101, 1, now(), now() + interval '1 day')`,
        );
      });
      expect(res.unexpected).toEqual([]);
      // more than 5 given, and the count no longer says how many
      expect(await heldOf(coupon.id)).toBeGreaterThan(5);
      expect(await issuedOf(coupon.id)).toBeLessThan(5 + (await heldOf(coupon.id)));
    });

    it('keeps the per-member limit when one member claims 10 times at once', async () => {
      const coupon = await newCoupon({ name: '每人一张', totalQuantity: 100 });
      const [one] = await newMembers(1);
      const res = await rush(10, (tx) =>
        giveCoupon(tx, { scenicId, couponId: coupon.id, memberId: one!, receiveWay: 1 }),
      );
      expect(res.unexpected).toEqual([]);
      expect(res.ok).toBe(1);
      expect(res.conflicts).toEqual(Array(9).fill('couponLimitReached'));
      expect(await heldOf(coupon.id)).toBe(1);
      expect(await issuedOf(coupon.id)).toBe(1);
    });
  },
);
