import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { barrier, closeWideApp, openWideApp } from '../../test/concurrency.ts';
import type { TestApp } from '../../test/harness.ts';
import type { OrderRecord } from '../orders/index.ts';
import { queueTicketSubscriptions } from './subscribe-send.ts';

// PGlite has a single connection: real concurrency needs PostgreSQL (npm run test:pg).
describe.skipIf(!process.env.TEST_DATABASE_URL)('consents spent by payments at once (PostgreSQL)', () => {
  let t: TestApp | undefined;
  let wide: Database | undefined;
  let db: Db;

  beforeAll(async () => {
    ({ t, wide, db } = await openWideApp(6));
  });
  afterAll(() => closeWideApp(wide, t));

  it("six orders of one member paid at once: the one-time template's single acceptance sends once, the long-term one six times", async () => {
    // a demo member bound to WeChat, subscribed long-term, with exactly one one-time acceptance
    const [member] = await queryRows<{ scenic_id: number; member_id: number }>(
      db,
      sql`select b.scenic_id, b.member_id from mp_members b
          join subscribe_consents c on c.member_id = b.member_id and c.accepted
          join subscribe_templates t on t.id = c.template_id and t.type = 3
          order by b.member_id limit 1`,
    );
    const scenicId = Number(member!.scenic_id);
    const memberId = Number(member!.member_id);
    await db.execute(
      sql`insert into subscribe_consents (scenic_id, template_id, member_id, accepted, remaining, answer)
          select ${scenicId}, id, ${memberId}, true, 1, 'accept' from subscribe_templates
          where scenic_id = ${scenicId} and type = 2
          on conflict (template_id, member_id) do update set accepted = true, remaining = 1`,
    );
    const order = (i: number) =>
      ({
        id: 0,
        scenicId,
        memberId,
        orderNo: `T-SUB-RACE-${i}`,
        ticketCount: 1,
        visitDate: '2026-12-01',
        paidAmount: 9800,
        totalAmount: 9800,
        paidAt: new Date(),
        channel: 4,
        buyerPhone: '',
      }) as unknown as OrderRecord;
    const wait = barrier(6);
    const queued = await Promise.all(
      [0, 1, 2, 3, 4, 5].map((i) =>
        db.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          await wait();
          return queueTicketSubscriptions(tx, order(i), new Date());
        }),
      ),
    );
    expect(queued.reduce((a, b) => a + b, 0)).toBe(7);
    const [counts] = await queryRows<{ one_time: number; long_term: number; remaining: number }>(
      db,
      sql`select
            (select count(*)::int from outbox_messages m join subscribe_templates t on t.id = m.subscription_id
              where m.ref like 'T-SUB-RACE-%' and t.type = 2) as one_time,
            (select count(*)::int from outbox_messages m join subscribe_templates t on t.id = m.subscription_id
              where m.ref like 'T-SUB-RACE-%' and t.type = 3) as long_term,
            (select c.remaining from subscribe_consents c join subscribe_templates t on t.id = c.template_id
              where c.member_id = ${memberId} and t.type = 2) as remaining`,
    );
    expect(counts).toEqual({ one_time: 1, long_term: 6, remaining: 0 });
  });
});
