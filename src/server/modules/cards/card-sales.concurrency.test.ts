import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PrepayAnswer } from '../../../shared/api/payments.ts';
import type { Database } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { openWidePool, rush, rushTransactions } from '../../test/concurrency.ts';
import { data } from '../../test/replies.ts';
import { receiveNotification } from '../payments/online-pay.service.ts';
import { placeCardOrder, type CardSeller } from './card-sales.service.ts';
import { openCardSales, type CardSaleWorld } from './card-sales.fixture.ts';

// PGlite has a single connection: real concurrency needs PostgreSQL (npm run test:pg).
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'card orders sold and paid under concurrency (PostgreSQL)',
  () => {
    let s: CardSaleWorld;
    let wide: Database;

    beforeAll(async () => {
      s = await openCardSales(['13700008001', '13700008002']);
      wide = await openWidePool(s.w.db, 15);
    }, 180_000);
    afterAll(async () => {
      await wide?.close();
      await s?.w.close();
    });

    const cardsOf = async (orderNo: string) =>
      Number(
        (
          await queryRows<{ n: number }>(
            s.w.db,
            sql`select count(*)::int as n from cards c join card_orders o on o.id = c.order_id
              where o.order_no = ${orderNo}`,
          )
        )[0]!.n,
      );

    it('the same notification 10 times at once: one payment (C3 once), one card, one audit row', async () => {
      const order = await s.buy();
      const pay = await data<PrepayAnswer>(s.prepay(order.orderNo));
      s.w.intercept = true;
      await s.w.sandbox.control.pay(pay.paymentNo);
      s.w.intercept = false;
      const note = s.w.notified.at(-1)!;
      const replies = await rush(10, () =>
        receiveNotification(
          wide.db,
          { publicUrl: s.w.t.config.publicUrl, log: s.w.t.app.log, scenicId: s.scenicId, payWay: 2 },
          { headers: note.headers, rawBody: note.body },
        ),
      );
      expect(replies.unexpected).toEqual([]);
      expect(replies.values.map((r) => r.status)).toEqual(Array(10).fill(204));
      const row = await s.row(order.orderNo);
      expect(row).toMatchObject({ status: 201, provider: 'wechat' });
      expect(await cardsOf(order.orderNo)).toBe(1);
      expect(await s.refunds(order.orderNo)).toEqual([]);
      const [audits] = await queryRows<{ n: number }>(
        s.w.db,
        sql`select count(*)::int as n from audit_logs where module = 'cards' and action = 'cardOrder.C3'
          and target_id = ${String(row.id)}`,
      );
      expect(audits!.n).toBe(1);
    });

    it('control: confirming without the lock and the compare-and-set issues a card per notification', async () => {
      const order = await s.buy();
      const row = await s.row(order.orderNo);
      const outcome = await rushTransactions(wide.db, 10, async (tx) => {
        const [seen] = await queryRows<{ status: number }>(
          tx,
          sql`select status from card_orders where id = ${row.id}`,
        );
        if (Number(seen!.status) !== 101) throw new Error('paid already');
        await tx.execute(sql`update card_orders set status = 201, paid_at = now() where id = ${row.id}`);
        await tx.execute(
          sql`insert into cards (scenic_id, card_no, order_id, kind_id)
            values (${s.scenicId}, substr(md5(random()::text), 1, 16), ${row.id}, ${row.kind_id})`,
        );
      });
      expect(outcome.ok).toBeGreaterThan(1);
      expect(await cardsOf(order.orderNo)).toBeGreaterThan(1);
    });

    const seller = (who: number): CardSeller => ({
      scenicId: s.scenicId,
      source: 'weixinManagement',
      clientId: 'weixinManagement',
      memberId: s.members[who]!.id,
      adminId: null,
      actor: { username: 'weixinManagement', scenicId: s.scenicId },
    });
    const balanceOf = async (who: number) =>
      Number(
        (
          await queryRows<{ balance: number }>(
            s.w.db,
            sql`select balance from members where id = ${s.members[who]!.id}`,
          )
        )[0]!.balance,
      );

    it('two purchases from a balance that covers one: one card, the other refused (409), the balance never below 0', async () => {
      await s.credit(1, 15_000);
      const outcome = await rushTransactions(wide.db, 2, (tx) =>
        placeCardOrder(tx, seller(1), {
          kindId: s.kindId,
          buyer: { name: '', phone: s.members[1]!.phone },
          payWay: 9,
        }),
      );
      expect(outcome.unexpected).toEqual([]);
      expect(outcome.ok).toBe(1);
      expect(outcome.conflicts).toHaveLength(1);
      expect(await balanceOf(1)).toBe(15_000 - 9_900);
      const [orders] = await queryRows<{ n: number }>(
        s.w.db,
        sql`select count(*)::int as n from card_orders where member_id = ${s.members[1]!.id} and pay_way = 9`,
      );
      expect(orders!.n).toBe(1);
    });

    it('control: a debit that reads the balance and writes it back lets both through', async () => {
      await s.credit(0, 15_000);
      const start = await balanceOf(0);
      const id = s.members[0]!.id;
      const outcome = await rushTransactions(wide.db, 2, async (tx) => {
        const [m] = await queryRows<{ balance: number }>(
          tx,
          sql`select balance from members where id = ${id}`,
        );
        const balance = Number(m!.balance);
        if (balance < 9_900) throw new Error('short');
        await tx.execute(sql`update members set balance = ${balance - 9_900} where id = ${id}`);
      });
      expect(outcome.ok).toBe(2);
      // both paid, one debit kept: the money of one card is lost
      expect(await balanceOf(0)).toBe(start - 9_900);
    });
  },
);
