import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScenicSettingsUpdate } from '../../../shared/api/settings.ts';
import type { Database, Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { closeWideApp, openWideApp } from '../../test/concurrency.ts';
import type { TestApp } from '../../test/harness.ts';
import { saveScenicSettings } from '../settings/settings.service.ts';
import { createOrderFixtures, type OrderFixtures } from './orders.fixture.ts';
import { rezoneOrderTotals } from './order-totals.ts';

// PGlite has a single connection: real concurrency needs PostgreSQL (npm run test:pg).
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  "a change of an area's zone under concurrent orders (PostgreSQL)",
  () => {
    let t: TestApp;
    let wide: Database;
    let db: Db;
    let f: OrderFixtures;

    beforeAll(async () => {
      ({ t, wide, db } = await openWideApp(6));
      f = await createOrderFixtures(db);
    });
    afterAll(() => closeWideApp(wide, t));

    const form = (timeZone: string): ScenicSettingsUpdate => ({
      contact: '',
      phone: '',
      openTime: '08:00',
      closeTime: '18:00',
      notice: '',
      refundRule: 2,
      refundDeadlineHours: 24,
      refundFeeUnit: 2,
      refundFeeValue: 0,
      realNameType: 2,
      printType: 1,
      timeZone,
    });

    /** An order of the area created at `createdAt` (its trigger writes the deltas). */
    async function insertOrder(createdAt: string): Promise<number> {
      const [row] = rowsOf<{ id: number }>(
        await db.execute(sql`insert into ticket_orders (order_no, scenic_id, channel, client_id, buyer_name,
          buyer_phone, visit_date, ticket_count, total_amount, paid_amount, pay_status, pay_way, status, created_at)
        values (${`Z${crypto.randomBytes(8).toString('hex')}`}, ${f.scenicId}, 1, 'winManagement', '', '',
          '2026-06-02', 1, 1000, 1000, 201, 1, 201, ${createdAt}::timestamptz)
        returning id`),
      );
      return Number(row!.id);
    }

    /** Does the summary hold the orders of the area by their day in `timeZone`? */
    async function summaryMatches(timeZone: string) {
      const summary = rowsOf<{ day: string; n: number; paid: number }>(
        await db.execute(sql`select day::text as day, sum(orders)::int as n, sum(paid_amount)::int as paid
        from order_totals_daily where scenic_id = ${f.scenicId} group by day
        having sum(orders) <> 0 or sum(paid_amount) <> 0 order by day`),
      );
      const orders = rowsOf<{ day: string; n: number; paid: number }>(
        await db.execute(sql`select (created_at at time zone ${timeZone})::date::text as day, count(*)::int as n,
          sum(paid_amount)::int as paid
        from ticket_orders where scenic_id = ${f.scenicId} group by 1 order by 1`),
      );
      return JSON.stringify(summary) === JSON.stringify(orders);
    }

    /** A transaction that changes an order and stays open until `release` is called. */
    function openChange(orderId: number) {
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let written!: () => void;
      const wrote = new Promise<void>((resolve) => (written = resolve));
      const done = db.transaction(async (tx) => {
        await tx.execute(sql`update ticket_orders set paid_amount = paid_amount + 1 where id = ${orderId}`);
        written();
        await held;
      });
      return { wrote, release, done };
    }

    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    // 18:00 UTC on 1 June: 2 June in Shanghai, 1 June in New York
    const AT = '2026-06-01T18:00:00Z';

    it('waits for orders written by the old zone; the ones after it wait for the new zone', async () => {
      const a = await insertOrder(AT);
      const b = await insertOrder(AT);
      expect(await summaryMatches('Asia/Shanghai')).toBe(true);

      const before = openChange(a);
      await before.wrote;
      let saved = false;
      let after: ReturnType<typeof openChange> | undefined;
      const change = db
        .transaction(async (tx) => {
          await saveScenicSettings(tx, f.scenicId, form('America/New_York'), null);
          // an order changed while the new zone is not committed yet waits for it
          after = openChange(b);
          await pause(200);
        })
        .then(() => (saved = true));
      await pause(300);
      expect(saved).toBe(false); // waiting for the order transaction that wrote by China days
      before.release();
      await before.done;
      await change;
      after!.release();
      await after!.done;
      expect(await summaryMatches('America/New_York')).toBe(true);
    });

    it('CONTROL: the same change without the lock counts a concurrent order under its old day', async () => {
      const c = await insertOrder(AT);
      expect(await summaryMatches('America/New_York')).toBe(true);
      const open = openChange(c);
      await open.wrote;
      // the change of rezoneOrderTotals, without its exclusive lock
      await db.transaction(async (tx) => {
        await tx.execute(sql`update scenic_areas set time_zone = 'Asia/Shanghai' where id = ${f.scenicId}`);
        await tx.execute(sql`insert into order_totals_daily
        select scenic_id, day, channel, status, pay_status, pay_way, sum(orders), sum(total_amount),
          sum(paid_amount), sum(refunded_amount)
        from (
          select scenic_id, order_totals_day(scenic_id, created_at) as day, channel, status, pay_status,
            coalesce(pay_way, 0) as pay_way, count(*)::int as orders, sum(total_amount) as total_amount,
            sum(paid_amount) as paid_amount, sum(refunded_amount) as refunded_amount
          from ticket_orders where scenic_id = ${f.scenicId} group by 1, 2, 3, 4, 5, 6
          union all
          select scenic_id, day, channel, status, pay_status, pay_way, -orders, -total_amount, -paid_amount,
            -refunded_amount
          from order_totals_daily where scenic_id = ${f.scenicId}
        ) as change
        group by scenic_id, day, channel, status, pay_status, pay_way
        having sum(orders) <> 0 or sum(total_amount) <> 0 or sum(paid_amount) <> 0 or sum(refunded_amount) <> 0`);
      });
      open.release();
      await open.done;
      expect(await summaryMatches('Asia/Shanghai')).toBe(false);
      // the real change (to the same zone) repairs it
      await db.transaction((tx) => rezoneOrderTotals(tx, f.scenicId));
      expect(await summaryMatches('Asia/Shanghai')).toBe(true);
    });
  },
);
