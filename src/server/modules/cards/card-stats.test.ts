import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardStatsApi as api, type CardStats } from '../../../shared/api/card-stats.ts';
import type { CardKindRow } from '../../../shared/api/cards.ts';
import { addDays, areaDay, areaInstant, areaTimeZone } from '../../lib/area-clock.ts';
import { expectXlsx } from '../../test/export.ts';
import { data, expect400 } from '../../test/replies.ts';
import { openCardApp } from './cards.fixture.ts';

let c: Awaited<ReturnType<typeof openCardApp>>;
let zone = '';
let scenicId = 0;
let a: CardKindRow;
let b: CardKindRow;
const range = { from: '2026-03-01', to: '2026-03-10' };
const at = (day: string, time: string) => areaInstant(day, time, zone).toISOString();

/** An order of yunling's area paid at `paid`, moved along `path` after its start (201), and its card. */
async function order(o: {
  kind: CardKindRow;
  source: string;
  paid: string;
  path?: number[];
  refunded?: number;
  card?: { state: number; activated?: string; validUntil?: string; cardNo?: string; replacedTo?: string };
}) {
  const db = c.t.database.db;
  const [row] = await c.sqlRows<{ id: number }>(
    sql`insert into card_orders (scenic_id, order_no, kind_id, source, pay_way, amount, status, paid_at, refunded_amount, created_at)
      values (${scenicId}, ${`CSTAT${Math.random()}`.slice(0, 30)}, ${o.kind.id}, ${o.source}, 1, ${o.kind.price}, 201,
        ${o.paid}::timestamptz, ${o.refunded ?? 0}, ${o.paid}::timestamptz) returning id`,
  );
  for (const status of o.path ?? [])
    await db.execute(sql`update card_orders set status = ${status} where id = ${row!.id}`);
  const card = o.card;
  if (!card) return;
  const validFrom = card.activated ? card.activated.slice(0, 10) : null;
  const insertCard = (no: string, state: number, replacedBy: number | null) =>
    c.sqlRows<{ id: number }>(
      sql`insert into cards (scenic_id, card_no, order_id, kind_id, state, activated_at, valid_from, valid_until, replaced_by)
        values (${scenicId}, ${no}, ${row!.id}, ${o.kind.id}, ${state}, ${card.activated ?? null}::timestamptz,
          ${validFrom}::date, ${card.validUntil ?? null}::date, ${replacedBy}) returning id`,
    );
  const [fresh] = await insertCard(card.cardNo ?? `S${String(row!.id).padStart(15, '0')}`, card.state, null);
  if (card.replacedTo) await insertCard(card.replacedTo, 4, fresh!.id);
}

/** An event of the gate log of yunling's area (entry type 2 unless said). */
async function gateEvent(
  gateId: number | null,
  scannedAt: string,
  cardNo: string,
  more: { direction?: string; entryType?: number } = {},
) {
  await c.t.database.db.execute(
    sql`insert into gate_events (scenic_id, gate_id, device_id, nonce, direction, entry_type, read_mode, scanned_value, result, scanned_at, card_no)
      values (${scenicId}, ${gateId}, 'DEV-STATS', ${`n${Math.random()}`}, ${more.direction ?? 'entry'}, ${more.entryType ?? 2}, 1,
        ${cardNo}, ${more.direction === 'denied' ? 'notValid' : 'ok'}, ${scannedAt}::timestamptz, ${cardNo})`,
  );
}

const gate = async (code: string, name: string) =>
  (
    await c.sqlRows<{ id: number }>(
      sql`insert into gates (scenic_id, code, name, gate_type) values (${scenicId}, ${code}, ${name}, 1) returning id`,
    )
  )[0]!.id;

beforeAll(async () => {
  c = await openCardApp();
  await c.t.grant('yunling', ['admin:card:stats:query']);
  c.tok.yunling = (await c.t.login('yunling')).access_token;
  a = await c.kind(
    {
      name: '云岭年卡',
      price: 10_000,
      channels: ['backstageManagement', 'winManagement', 'weixinManagement'],
    },
    'yunling',
  );
  b = await c.kind(
    { name: '云岭季卡', price: 5_000, channels: ['winManagement', 'weixinManagement'] },
    'yunling',
  );
  [{ scenic_id: scenicId }] = (await c.sqlRows<{ scenic_id: number }>(
    sql`select scenic_id from card_kinds where id = ${a.id}`,
  )) as [{ scenic_id: number }];
  zone = await areaTimeZone(c.t.database.db, scenicId);
  // o1: sold and activated 03-01, its card replaced since (counted once)
  await order({
    kind: a,
    source: 'backstageManagement',
    paid: at('2026-03-01', '10:00'),
    path: [301],
    card: {
      state: 2,
      activated: at('2026-03-01', '11:00'),
      validUntil: '2026-12-31',
      cardNo: 'STATSCARD0000001',
      replacedTo: 'STATSCARD0000OLD',
    },
  });
  // o2: sold and activated 03-02, in use
  await order({
    kind: a,
    source: 'weixinManagement',
    paid: at('2026-03-02', '10:00'),
    path: [301, 401],
    card: {
      state: 2,
      activated: at('2026-03-02', '10:30'),
      validUntil: '2026-12-31',
      cardNo: 'STATSCARD0000002',
    },
  });
  // o3: sold 03-05 at the window, refunded unused
  await order({
    kind: b,
    source: 'winManagement',
    paid: at('2026-03-05', '10:00'),
    path: [203],
    refunded: 5_000,
    card: { state: 6 },
  });
  // o4: sold before the range, its validity over on 03-03: expired (C9) on 03-04
  await order({
    kind: b,
    source: 'weixinManagement',
    paid: at('2026-02-01', '10:00'),
    path: [301, 502],
    card: { state: 5, activated: at('2026-02-01', '10:00'), validUntil: '2026-03-03' },
  });
  // o5: after the range; o6: late on 03-03 in the area's time zone
  await order({ kind: a, source: 'winManagement', paid: at('2026-03-11', '09:00'), card: { state: 1 } });
  await order({ kind: b, source: 'weixinManagement', paid: at('2026-03-03', '23:30'), card: { state: 1 } });
  const east = await gate('STATS-E', '东门');
  const west = await gate('STATS-W', '西门');
  for (const time of ['09:00', '12:00', '15:00'])
    await gateEvent(east, at('2026-03-02', time), 'STATSCARD0000002');
  await gateEvent(east, at('2026-03-03', '09:00'), 'STATSCARD0000002');
  await gateEvent(west, at('2026-03-04', '09:00'), 'STATSCARD0000001');
  // not counted: refused, a ticket's entry, a day before the range
  await gateEvent(west, at('2026-03-04', '10:00'), 'STATSCARD0000OLD', { direction: 'denied' });
  await gateEvent(west, at('2026-03-04', '11:00'), '', { entryType: 1 });
  await gateEvent(west, at('2026-02-28', '11:00'), 'STATSCARD0000001');
});
afterAll(() => c.t.close());

const stats = (who: string, body: unknown) => c.call(who, 'POST', api.query, body);

describe('card statistics (/VipCard/enjSelfCardStatis)', () => {
  it('counts what the fixture says, on the area’s days, and only the acting area’s', async () => {
    const s = await data<CardStats>(stats('yunling', range));
    expect(s.totals).toEqual({
      sold: 4,
      amount: 30_000,
      refunded: 5_000,
      net: 25_000,
      activated: 2,
      inUse: 2,
      expired: 1,
      entries: 5,
    });
    expect(s.days).toHaveLength(10);
    const day = (d: string) => s.days.find((x) => x.day === d);
    expect(day('2026-03-01')).toEqual({
      day: '2026-03-01',
      sold: 1,
      activated: 1,
      expired: 0,
      entries: 0,
      amount: 10_000,
    });
    expect(day('2026-03-02')).toMatchObject({ sold: 1, activated: 1, entries: 3 });
    expect(day('2026-03-03')).toMatchObject({ sold: 1, entries: 1, amount: 5_000 });
    expect(day('2026-03-04')).toMatchObject({ sold: 0, expired: 1, entries: 1 });
    expect(day('2026-03-05')).toMatchObject({ sold: 1, amount: 5_000 });
    expect(s.kinds).toEqual([
      { kindId: a.id, kindName: '云岭年卡', sold: 2, amount: 20_000, refunded: 0, net: 20_000 },
      { kindId: b.id, kindName: '云岭季卡', sold: 2, amount: 10_000, refunded: 5_000, net: 5_000 },
    ]);
    expect(s.channels).toEqual([
      { source: 'winManagement', sold: 1, amount: 5_000, refunded: 5_000, net: 0 },
      { source: 'weixinManagement', sold: 2, amount: 15_000, refunded: 0, net: 15_000 },
      { source: 'backstageManagement', sold: 1, amount: 10_000, refunded: 0, net: 10_000 },
    ]);
    expect(s.gates.map((g) => [g.gateName, g.entries])).toEqual([
      ['东门', 4],
      ['西门', 1],
    ]);
    expect(s.timeZone).toBe(zone);
  });

  it('agrees with the demo area’s card orders and gate log over the last 364 days', async () => {
    const [demo] = await c.sqlRows<{ id: number }>(sql`select id from scenic_areas where code = 'QSH'`);
    const demoZone = await areaTimeZone(c.t.database.db, demo!.id);
    const to = areaDay(new Date(), demoZone);
    const from = addDays(to, -364);
    const s = await data<CardStats>(stats('admin', { from, to }));
    const [want] = await c.sqlRows<{ sold: number; amount: number; activated: number; entries: number }>(
      sql`select
        (select count(*)::int from card_orders o join scenic_areas sa on sa.id = o.scenic_id where o.scenic_id = ${demo!.id}
          and (o.paid_at at time zone sa.time_zone)::date between ${from}::date and ${to}::date) as sold,
        (select coalesce(sum(amount), 0)::int from card_orders o join scenic_areas sa on sa.id = o.scenic_id where o.scenic_id = ${demo!.id}
          and (o.paid_at at time zone sa.time_zone)::date between ${from}::date and ${to}::date) as amount,
        (select count(*)::int from cards c join scenic_areas sa on sa.id = c.scenic_id where c.scenic_id = ${demo!.id} and c.state <> 4
          and (c.activated_at at time zone sa.time_zone)::date between ${from}::date and ${to}::date) as activated,
        (select count(*)::int from gate_events e join scenic_areas sa on sa.id = e.scenic_id where e.scenic_id = ${demo!.id}
          and e.entry_type = 2 and e.direction = 'entry'
          and (e.scanned_at at time zone sa.time_zone)::date between ${from}::date and ${to}::date) as entries`,
    );
    expect(s.totals).toMatchObject(want!);
    // the demo: about 2,000 cards over the year, across every channel
    expect(s.totals.sold).toBeGreaterThan(1_800);
    expect(s.channels.every((ch) => ch.sold > 0)).toBe(true);
    expect(s.kinds).toHaveLength(4);
    expect(s.totals.expired).toBeGreaterThan(0);
    // yunling's fixture is not in it, nor the demo in yunling's
    expect(s.kinds.map((k) => k.kindName)).not.toContain('云岭年卡');
  });

  it('exports each table as .xlsx (the day table with its total row)', async () => {
    const dayText = expectXlsx(
      await c.call('yunling', 'POST', api.export, { ...range, sheet: 'day' }),
      '畅游卡每日统计',
    );
    expect(dayText).toContain('2026-03-02');
    expect(dayText).toContain('合计');
    // money in yuan, as numbers formatted 0.00: the total row's 300
    expect(dayText).toMatch(/<c r="F12" s="3"><v>300<\/v>/);
    const kindText = expectXlsx(
      await c.call('yunling', 'POST', api.export, { ...range, sheet: 'kind' }),
      '畅游卡种类收入',
    );
    expect(kindText).toContain('云岭季卡');
    expect(kindText).toContain('<v>50</v>');
    const channelText = expectXlsx(
      await c.call('yunling', 'POST', api.export, { ...range, sheet: 'channel' }),
      '畅游卡渠道收入',
    );
    expect(channelText).toContain('<v>150</v>');
    const gateText = expectXlsx(
      await c.call('yunling', 'POST', api.export, { ...range, sheet: 'gate' }),
      '畅游卡入园统计',
    );
    expect(gateText).toContain('东门');
  });

  it('answers 400 naming the field for a bad range, 403 without the permission, 401 without a token', async () => {
    expect400(await stats('yunling', { from: '2026-03-10', to: '2026-03-01' }), 'to');
    expect400(await stats('yunling', { from: '2025-01-01', to: '2026-03-01' }), 'to');
    expect400(await stats('yunling', { from: '2026-3-1', to: '2026-03-01' }), 'from');
    expect400(await stats('yunling', { ...range, kindId: 1 }), 'kindId');
    expect400(await c.call('yunling', 'POST', api.export, { ...range, sheet: 'goods' }), 'sheet');
    expect((await stats('staff', range)).statusCode).toBe(403);
    expect((await c.call('staff', 'POST', api.export, range)).statusCode).toBe(403);
    expect((await c.call('nobody', 'POST', api.query, range)).statusCode).toBe(401);
  });
});
