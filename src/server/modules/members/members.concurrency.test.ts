import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { queryRows } from '../../db/rows.ts';
import { AppError } from '../../http/errors.ts';
import { barrier, rush } from '../../test/concurrency.ts';
import { giveCoupon } from '../coupons/index.ts';
import { useWideOrders } from '../orders/orders.fixture.ts';
import { placeOrder } from '../orders/index.ts';
import { creditBalance, ledgerMismatches } from './index.ts';

// PGlite has a single connection: real concurrency needs PostgreSQL (npm run test:pg).
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'member balances and coupons under concurrent orders (PostgreSQL)',
  () => {
    const WIDTH = 25;
    const race = useWideOrders(WIDTH + 5, '{1,4,16}');
    let seq = 0;

    async function member(balance: number): Promise<number> {
      const [row] = await queryRows<{ id: number }>(
        race.db,
        sql`insert into members (scenic_id, phone) values (${race.f.scenicId}, ${`1370000${String(++seq).padStart(4, '0')}`}) returning id`,
      );
      const id = Number(row!.id);
      if (balance)
        await race.db.transaction((tx) =>
          creditBalance(tx, { scenicId: race.f.scenicId, memberId: id, operation: 1, amount: balance }),
        );
      return id;
    }

    const buy = (memberId: number, memberCouponId?: number) =>
      placeOrder(race.db, {
        scenicId: race.f.scenicId,
        channel: 4,
        clientId: 'weixinManagement',
        buyer: { name: '', phone: '' },
        lines: [{ productId: race.f.regular, date: race.f.date, quantity: 1 }],
        member: { memberId, memberCouponId },
        payNow: { payWay: 9 },
      });

    const balanceOf = async (id: number) =>
      Number(
        (await queryRows<{ balance: number }>(race.db, sql`select balance from members where id = ${id}`))[0]!
          .balance,
      );

    const couponFor = async (memberId: number, name: string) => {
      const [coupon] = await queryRows<{ id: number }>(
        race.db,
        sql`insert into coupons (scenic_id, name, amount_off, min_spend, validity_kind, valid_days, total_quantity, status)
          values (${race.f.scenicId}, ${name}, 1000, 0, 2, 30, 10, 0) returning id`,
      );
      return (
        await race.db.transaction((tx) =>
          giveCoupon(tx, {
            scenicId: race.f.scenicId,
            couponId: Number(coupon!.id),
            memberId,
            receiveWay: 1,
          }),
        )
      ).memberCouponId;
    };

    it('20 parallel orders paid from a balance that covers 3: exactly 3 debits, balance 0, ledger adds up', async () => {
      const id = await member(30000);
      const res = await rush(20, () => buy(id));
      expect(res.unexpected).toEqual([]);
      expect(res.ok).toBe(3);
      expect(res.conflicts).toBe(17);
      expect(await balanceOf(id)).toBe(0);
      const debits = await queryRows<{ n: number }>(
        race.db,
        sql`select count(*)::int as n from member_ledger where member_id = ${id} and operation = 2`,
      );
      expect(debits[0]!.n).toBe(3);
      expect(await ledgerMismatches(race.db, race.f.scenicId)).toEqual([]);
    });

    it('CONTROL: a read-then-write debit of the same balance overspends under the same rush', async () => {
      const id = await member(30000);
      const allRead = barrier(20);
      const res = await rush(20, () =>
        race.db.transaction(async (tx) => {
          const [row] = await queryRows<{ balance: number }>(
            tx,
            sql`select balance from members where id = ${id}`,
          );
          const balance = Number(row!.balance);
          if (balance < 10000) throw new AppError(409, 'balanceInsufficient');
          await allRead(); // every racer has read before any writes: the race always happens
          // the naive write: no guard, no lock
          await tx.execute(sql`update members set balance = ${balance - 10000} where id = ${id}`);
        }),
      );
      // more than 3 "succeeded": they spent money that was not there
      expect(res.ok).toBeGreaterThan(3);
    });

    it('one coupon on two orders at once: spent by exactly one', async () => {
      const id = await member(100000);
      const memberCouponId = await couponFor(id, '并发券');
      const res = await rush(2, () => buy(id, memberCouponId));
      expect(res.unexpected).toEqual([]);
      expect(res.ok).toBe(1);
      const used = await queryRows<{ n: number }>(
        race.db,
        sql`select count(*)::int as n from ticket_orders where member_coupon_id = ${memberCouponId} and coupon_discount > 0`,
      );
      expect(used[0]!.n).toBe(1);
      const [mc] = await queryRows<{ status: number }>(
        race.db,
        sql`select status from member_coupons where id = ${memberCouponId}`,
      );
      expect(Number(mc!.status)).toBe(201);
    });

    it('CONTROL: checking the coupon then marking it used without compare-and-set lets both orders use it', async () => {
      const id = await member(0);
      const memberCouponId = await couponFor(id, '并发券对照');
      const allRead = barrier(2);
      const res = await rush(2, (i) =>
        race.db.transaction(async (tx) => {
          const [mc] = await queryRows<{ status: number }>(
            tx,
            sql`select status from member_coupons where id = ${memberCouponId}`,
          );
          if (Number(mc!.status) !== 101) throw new AppError(409, 'memberCouponUnavailable');
          await allRead(); // every racer has read before any writes: the race always happens
          await tx.execute(
            sql`update member_coupons set status = 201, used_order_no = ${`naive-${i}`} where id = ${memberCouponId}`,
          );
        }),
      );
      expect(res.ok).toBe(2);
    });
  },
);
