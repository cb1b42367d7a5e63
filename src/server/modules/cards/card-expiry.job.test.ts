import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardApi, cardOrderApi, type CardKindRow, type CardOrderDetail } from '../../../shared/api/cards.ts';
import { addDays, areaDayStart, areaTimeZone } from '../../lib/area-clock.ts';
import { data } from '../../test/replies.ts';
import { runCardJobs } from './card-expiry.job.ts';
import { ID_NUMBER, openCardApp } from './cards.fixture.ts';

let c: Awaited<ReturnType<typeof openCardApp>>;
let kind: CardKindRow;
let permanent: CardKindRow;
const holder = { name: '李秀英', idNumber: ID_NUMBER, phone: '13800001111' };

beforeAll(async () => {
  c = await openCardApp();
  kind = await c.kind();
  permanent = await c.kind({ validityType: 0, validDays: null });
});
afterAll(() => c.t.close());

const stateOf = async (orderId: number) => {
  const [row] = await c.sqlRows<{ status: number; state: number }>(
    sql`select o.status, c.state from card_orders o join cards c on c.order_id = o.id
      where o.id = ${orderId} and c.state <> 4`,
  );
  return row!;
};

describe('C9: the expiry job', () => {
  it('finds nothing due in the demo as seeded (its expired cards are already state 5)', async () => {
    expect(await runCardJobs(c.t.database.db, new Date())).toEqual({ expired: 0 });
  });

  it('expires active, in-use and frozen cards after their last valid day on the area’s clock, with audit rows', async () => {
    const db = c.t.database.db;
    const effective = await c.sell(kind.id, { holder });
    const inUse = await c.sell(kind.id, { holder });
    await db.execute(sql`update card_orders set status = 401 where id = ${inUse.id}`);
    const frozen = await c.sell(kind.id, { holder });
    await data(c.call('admin', 'POST', cardApi.freeze, { id: frozen.cards[0]!.id, reason: '挂失' }));
    const waiting = await c.sell(kind.id);
    const forever = await c.sell(permanent.id, { holder });
    const card = effective.cards[0]!;
    const zone = await areaTimeZone(
      db,
      (await c.sqlRows<{ scenic_id: number }>(sql`select scenic_id from cards where id = ${card.id}`))[0]!
        .scenic_id,
    );
    const dayAfter = areaDayStart(addDays(card.validUntil!, 1), zone);

    // the last valid day, up to its last millisecond in the area's zone: nothing moves
    // (demo cards whose validity ended earlier do expire)
    await runCardJobs(db, new Date(dayAfter.getTime() - 1));
    expect(await stateOf(effective.id)).toEqual({ status: 301, state: 2 });

    // the next area day: the three expire, in batches of 2; the unactivated and the permanent stay
    const result = await runCardJobs(db, dayAfter, 2);
    expect(result!.expired).toBeGreaterThanOrEqual(3);
    expect(await stateOf(effective.id)).toEqual({ status: 502, state: 5 });
    expect(await stateOf(inUse.id)).toEqual({ status: 502, state: 5 });
    expect(await stateOf(frozen.id)).toEqual({ status: 502, state: 5 });
    expect(await stateOf(waiting.id)).toEqual({ status: 201, state: 1 });
    expect(await stateOf(forever.id)).toEqual({ status: 301, state: 2 });
    const audits = await c.sqlRows<{
      target_id: string;
      username: string;
      before: { status: number };
      after: { status: number };
    }>(
      sql`select target_id, username, before, after from audit_logs where action = 'cardOrder.expire'
        and target_id in (${String(effective.id)}, ${String(inUse.id)}, ${String(frozen.id)}) order by target_id::int`,
    );
    expect(audits.map((a) => [Number(a.target_id), a.username, a.before.status, a.after.status])).toEqual([
      [effective.id, 'system', 301, 502],
      [inUse.id, 'system', 401, 502],
      [frozen.id, 'system', 301, 502],
    ]);
    // a second pass finds nothing: each move happened once
    expect(await runCardJobs(db, dayAfter)).toEqual({ expired: 0 });
  });

  it('leaves an order that moved meanwhile (refunded) and its dead card alone', async () => {
    const db = c.t.database.db;
    const sold: CardOrderDetail = await c.sell(kind.id, { holder });
    await data(c.call('admin', 'POST', cardOrderApi.refund, { id: sold.id, reason: '退卡' }));
    const later = new Date(Date.parse(sold.cards[0]!.validUntil!) + 5 * 86_400_000);
    await runCardJobs(db, later);
    expect(await stateOf(sold.id)).toEqual({ status: 203, state: 6 });
  });
});
