import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { openWidePool, rush } from '../../test/concurrency.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { notifyRedemptions, REDEMPTION } from './ota-redemptions.service.ts';
import { sendOutbound } from './ota.service.ts';
import { sealSecret } from './secret-box.ts';
import { OtaSimulator } from './simulator.ts';
import { otaChannels, type OtaChannel } from './ota.table.ts';

// PGlite has a single connection: real concurrency needs PostgreSQL (TEST_DATABASE_URL).
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'OTA inbound orders and notices under concurrency (PostgreSQL)',
  () => {
    const WIDTH = 20;
    const SECRET = 'race-ctrip-secret-0123456789abcdef';
    const date = new Date(Date.now() + 15 * 86_400_000).toISOString().slice(0, 10);
    let t: TestApp;
    /** An app on a pool wide enough for every racer to hold a connection */
    let wideApp: TestApp;
    let wide: Database;
    let db: Db;
    let sim: OtaSimulator;
    let channel: OtaChannel;
    let mapping: { external_code: string; product_id: number; price: number };

    beforeAll(async () => {
      // the platform's listener on 127.0.0.1, allow-listed as EGRESS_ALLOW would
      sim = await new OtaSimulator('ctrip', 'race-ctrip', SECRET).listen();
      t = await createTestApp({ egressAllow: [sim.allowEntry] });
      wide = await openWidePool(t.database.db, WIDTH + 10);
      wideApp = await createTestApp({ egressAllow: [sim.allowEntry] }, wide);
      db = wide.db;
      const [saved] = await db
        .update(otaChannels)
        .set({
          appKey: 'race-ctrip',
          secretSealed: await sealSecret(db, SECRET),
          callbackUrl: sim.callbackUrl,
          status: 1,
        })
        .where(eq(otaChannels.platform, 'ctrip'))
        .returning();
      channel = saved!;
      const [mapped] = await queryRows<{ external_code: string; product_id: number; price: number }>(
        db,
        sql`select external_code, product_id, price from ota_mappings where channel_id = ${channel.id} and status = 1 order by id limit 1`,
      );
      mapping = mapped!;
      // a day of the mapped product with plenty left
      await db.execute(
        sql`insert into price_calendar (scenic_id, product_id, date, price, stock, sold)
          select scenic_id, id, ${date}, price, 1000, 0 from ticket_products where id = ${mapping.product_id}
            and not exists (select 1 from price_calendar where product_id = ${mapping.product_id} and date = ${date})`,
      );
      sim.attach(wideApp.app);
    });
    afterAll(async () => {
      await sim?.close();
      await wideApp?.close();
      await t?.close();
    });

    const order = (orderId: string, quantity = 2) => ({
      orderId,
      productCode: mapping.external_code,
      date,
      quantity,
      unitPrice: mapping.price,
      paid: true,
      buyer: { name: '并发', phone: '13800000000' },
    });
    const soldOf = async () =>
      Number(
        (
          await queryRows<{ sold: number }>(
            db,
            sql`select coalesce(sum(sold), 0)::int as sold from price_calendar where product_id = ${mapping.product_id} and date = ${date}`,
          )
        )[0]!.sold,
      );
    const ordersOf = (orderId: string) =>
      queryRows<{ id: number }>(db, sql`select id from ticket_orders where external_no = ${orderId}`);

    it('the same order id pushed 20 times at once: one order, one stock decrement, every call answered with it', async () => {
      const before = await soldOf();
      const res = await rush(WIDTH, () => sim.send('order', order('RACE-1')));
      expect(res.unexpected).toEqual([]);
      const answers = res.values.map((r) => ({
        status: r.statusCode,
        body: r.json() as Record<string, unknown>,
      }));
      expect(answers.map((a) => a.status)).toEqual(Array(WIDTH).fill(200));
      const first = answers[0]!.body;
      expect(first.orderNo).toMatch(/\S/);
      for (const a of answers) expect(a.body).toEqual(first);
      expect(await ordersOf('RACE-1')).toHaveLength(1);
      expect((await soldOf()) - before).toBe(2);
      const logged = await queryRows<{ result: number }>(
        db,
        sql`select result from ota_logs where external_order_id = 'RACE-1' and direction = 1`,
      );
      expect(logged).toHaveLength(WIDTH);
      expect(logged.every((l) => Number(l.result) === 1)).toBe(true);
    });

    it('three job passes at once (several instances) deliver each redemption notice exactly once', async () => {
      for (let i = 0; i < 8; i++)
        expect((await sim.send('order', order(`RED-${i}`, 1))).statusCode).toBe(200);
      await db.execute(
        sql`update order_tickets set status = 302 where order_id in (select id from ticket_orders where external_no like 'RED-%')`,
      );
      sim.outbox.length = 0;
      // the platform answers slowly: the passes overlap while notices are in flight
      sim.onReceive = () => new Promise((resolve) => setTimeout(resolve, 30));
      try {
        const res = await rush(3, () => notifyRedemptions(db));
        expect(res.unexpected).toEqual([]);
        expect(res.values.reduce((a, b) => a + b, 0)).toBe(8);
      } finally {
        sim.onReceive = undefined;
      }
      const sent = sim.outbox.filter((m) => String(m.body.orderId).startsWith('RED-'));
      expect(sent).toHaveLength(8);
      expect(new Set(sent.map((m) => m.body.ticketId)).size).toBe(8);
      const states = await queryRows<{ result: number }>(
        db,
        sql`select r.result from ota_redemptions r join order_tickets t on t.id = r.ticket_id
          join ticket_orders o on o.id = t.order_id where o.external_no like 'RED-%'`,
      );
      expect(states.map((s) => Number(s.result))).toEqual(Array(8).fill(REDEMPTION.delivered));
    });

    it('control: passes that read the due notices and send before recording (no claim) send some twice', async () => {
      for (let i = 0; i < 8; i++)
        expect((await sim.send('order', order(`NOCLAIM-${i}`, 1))).statusCode).toBe(200);
      const tickets = await queryRows<{ id: number; external_no: string }>(
        db,
        sql`update order_tickets t set status = 302 from ticket_orders o
          where o.id = t.order_id and o.external_no like 'NOCLAIM-%' returning t.id, o.external_no`,
      );
      // the notices queued, as the job's first step would
      for (const tk of tickets)
        await db.execute(
          sql`insert into ota_redemptions (ticket_id, scenic_id, channel_id, result) values (${tk.id}, ${channel.scenicId}, ${channel.id}, ${REDEMPTION.queued})`,
        );
      sim.outbox.length = 0;
      sim.onReceive = () => new Promise((resolve) => setTimeout(resolve, 30));
      try {
        const res = await rush(3, async () => {
          const due = await queryRows<{ ticket_id: number }>(
            db,
            sql`select r.ticket_id from ota_redemptions r join order_tickets t on t.id = r.ticket_id
              join ticket_orders o on o.id = t.order_id
              where r.result = ${REDEMPTION.queued} and o.external_no like 'NOCLAIM-%'`,
          );
          for (const d of due) {
            await sendOutbound(db, channel, {
              type: 'redeem',
              payload: { orderId: 'NOCLAIM', ticketId: d.ticket_id },
            });
            await db.execute(
              sql`update ota_redemptions set result = ${REDEMPTION.delivered} where ticket_id = ${d.ticket_id}`,
            );
          }
        });
        expect(res.unexpected).toEqual([]);
      } finally {
        sim.onReceive = undefined;
      }
      expect(sim.outbox.filter((m) => m.body.orderId === 'NOCLAIM').length).toBeGreaterThan(8);
    });

    it('control: without the unique index on (client, their order id) the same order id is placed more than once', async () => {
      await db.execute(sql`drop index ticket_orders_external_uq`);
      const before = await soldOf();
      const res = await rush(WIDTH, () => sim.send('order', order('RACE-2')));
      expect(res.unexpected).toEqual([]);
      const placed = (await ordersOf('RACE-2')).length;
      expect(placed).toBeGreaterThan(1);
      expect((await soldOf()) - before).toBe(2 * placed);
    });
  },
);
