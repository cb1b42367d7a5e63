import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardGateApi, type CardEntryRow } from '../../../shared/api/card-gate.ts';
import { cardApi, type CardDetail, type CardKindRow, type CardRow } from '../../../shared/api/cards.ts';
import type { CheckinAnswer, GardenLogRow } from '../../../shared/api/checkin.ts';
import { terminalDeviceApi } from '../../../shared/api/terminals.ts';
import { areaInstant } from '../../lib/area-clock.ts';
import { data, expect400, type Page } from '../../test/replies.ts';
import { ID_NUMBER, openCardApp } from './cards.fixture.ts';

let c: Awaited<ReturnType<typeof openCardApp>>;
let qsh: number;
let handheld: string;
let faceToken: string;
const gate: Record<string, number> = {};
let plain: CardKindRow;

/** The scan day, far from the real clock: each card's validity is set around it. */
const DAY = '2030-06-01';
const at = (day: string, time = '10:00') => areaInstant(day, time, 'Asia/Shanghai');
const nonce = () => crypto.randomBytes(8).toString('hex');

beforeAll(async () => {
  c = await openCardApp();
  const [admin] = await c.sqlRows<{ scenic_id: number }>(
    sql`select scenic_id from admins where username = 'admin'`,
  );
  qsh = admin!.scenic_id;
  for (const g of await c.sqlRows<{ id: number; code: string }>(
    sql`select id, code from gates where scenic_id = ${qsh}`,
  ))
    gate[g.code] = g.id;
  handheld = (await c.t.deviceToken(qsh, 'handManagement')).token;
  faceToken = (await c.t.deviceToken(qsh, 'faceDevice', { gateId: gate['S-IN-01'] })).token;
  await c.t.grant('staff', []);
  plain = await c.kind();
});
afterAll(() => c.t.close());

const holder = { name: '李秀英', idNumber: ID_NUMBER, phone: '13800001111' };

/** A sold and activated card of `kindId`, valid over 2030 (or as given), with `extra` columns set. */
async function activeCard(kindId = plain.id, extra: { from?: string; until?: string | null } = {}) {
  const sold = (await c.sell(kindId, { holder })).cards[0]!;
  await c.sqlRows(sql`update cards set valid_from = ${extra.from ?? '2030-01-01'},
    valid_until = ${extra.until === undefined ? '2030-12-31' : extra.until} where id = ${sold.id}`);
  return sold;
}

interface Scan {
  readMode?: number;
  gateCode?: string;
  day?: string;
  time?: string;
  area?: number;
  token?: string;
}

/** One scan through the gate API (a handheld of the area), answering the gate's answer. */
async function scan(value: string, s: Scan = {}): Promise<CheckinAnswer> {
  const res = await c.t.call(
    s.token ?? handheld,
    'POST',
    '/api/gate/scan',
    {
      gateId: gate[s.gateCode ?? 'S-IN-01'],
      deviceId: 'hand-1',
      nonce: nonce(),
      readMode: s.readMode ?? 1,
      value,
      scannedAt: at(s.day ?? DAY, s.time).toISOString(),
    },
    { 'x-scenic-id': String(s.area ?? qsh) },
  );
  return data<CheckinAnswer>(res);
}

const stateOf = async (id: number) =>
  (
    await c.sqlRows<{ entries_used: number; entries_today: number; last_entry_day: string; status: number }>(
      sql`select c.entries_used, c.entries_today, c.last_entry_day::text as last_entry_day, o.status
        from cards c join card_orders o on o.id = c.order_id where c.id = ${id}`,
    )
  )[0]!;

describe('a travel card at the gate (park entry type 2)', () => {
  it('admits by QR (the card number): an entry event with entry type 2 and the number; C6 once', async () => {
    const card = await activeCard();
    const first = await scan(card.cardNo);
    expect(first).toMatchObject({ allowed: true, applied: true });
    expect(first.event).toMatchObject({
      direction: 'entry',
      entryType: 2,
      readMode: 1,
      cardNo: card.cardNo,
      ticketId: null,
      visitorName: '李秀英',
      result: 'ok',
    });
    expect(await stateOf(card.id)).toEqual({
      entries_used: 1,
      entries_today: 1,
      last_entry_day: DAY,
      status: 401,
    });
    // a second entry counts again; the order stays 401 and C6 is audited once
    expect((await scan(card.cardNo, { time: '15:00' })).allowed).toBe(true);
    expect(await stateOf(card.id)).toMatchObject({ entries_used: 2, entries_today: 2, status: 401 });
    const audits = await c.sqlRows<{ action: string; username: string }>(
      sql`select action, username from audit_logs where target_type = 'cardOrder'
        and target_id = ${String(card.orderId)} and action = 'cardOrder.firstEntry'`,
    );
    expect(audits).toHaveLength(1);
    // the next day starts a new day's count
    await scan(card.cardNo, { day: '2030-06-02' });
    expect(await stateOf(card.id)).toMatchObject({ entries_used: 3, entries_today: 1 });
  });

  it('admits by the holder’s ID card (an active card of the area), by a bound IC card and by face', async () => {
    const idNumber = '110101199003074518';
    const card = await activeCard();
    await c.sqlRows(sql`update cards set holder_id_number = ${idNumber} where id = ${card.id}`);
    const byId = await scan(idNumber.toLowerCase(), { readMode: 2 });
    expect(byId.event).toMatchObject({ result: 'ok', entryType: 2, readMode: 2, cardNo: card.cardNo });
    expect(byId.event.scannedValue).toBe('110***********4518');

    const bound = await data<CardRow>(
      c.call('admin', 'POST', cardGateApi.bindIc, { id: card.id, icNo: 'ic-7788' }),
    );
    expect(bound.icNo).toBe('ic-7788');
    const byIc = await scan('ic-7788', { readMode: 3 });
    expect(byIc.event).toMatchObject({ result: 'ok', readMode: 3, cardNo: card.cardNo });

    // a face device mounted on the gate reports the number the holder's face was registered under
    const res = await c.t.call(faceToken, 'POST', terminalDeviceApi.scan, {
      nonce: nonce(),
      readMode: 4,
      value: card.cardNo,
      scannedAt: at(DAY, '11:00').toISOString(),
    });
    const byFace = await data<CheckinAnswer>(res);
    expect(byFace.event).toMatchObject({ result: 'ok', readMode: 4, entryType: 2, cardNo: card.cardNo });
    expect((await stateOf(card.id)).entries_used).toBe(3);

    // a frozen card is no active card: its holder's ID card names none (unknown)
    await data(c.call('admin', 'POST', cardApi.freeze, { id: card.id, reason: '挂失' }));
    expect((await scan(idNumber, { readMode: 2 })).reason).toBe('unknown');
  });

  it('refuses a frozen card, the old number of a replaced one, and the cards of another area', async () => {
    const card = await activeCard();
    await data(c.call('admin', 'POST', cardApi.freeze, { id: card.id, reason: '挂失' }));
    const frozen = await scan(card.cardNo);
    expect(frozen).toMatchObject({ allowed: false, reason: 'passCardFrozen' });
    expect(frozen.event).toMatchObject({ direction: 'denied', entryType: 2, cardNo: card.cardNo });
    const fresh = await data<CardRow>(
      c.call('admin', 'POST', cardApi.replace, { id: card.id, reason: '补卡' }),
    );
    expect((await scan(card.cardNo)).reason).toBe('passCardReplaced');
    expect((await scan(fresh.cardNo)).allowed).toBe(true);
    // another area's gate does not know the card
    const ylgz = (await c.sqlRows<{ id: number }>(sql`select id from scenic_areas where code = 'YLGZ'`))[0]!
      .id;
    const [ylGate] = await c.sqlRows<{ id: number }>(
      sql`select id from gates where scenic_id = ${ylgz} and gate_type = 10 order by id limit 1`,
    );
    gate.YL = ylGate!.id;
    const yl = (await c.t.deviceToken(ylgz, 'handManagement')).token;
    const other = await scan(fresh.cardNo, { gateCode: 'YL', area: ylgz, token: yl });
    expect(other).toMatchObject({ allowed: false, reason: 'unknown' });
    expect(other.event.cardNo).toBeNull();
  });

  it('refuses outside the validity and on a blackout date', async () => {
    const blackout = await c.kind({ blackoutDates: ['2030-06-01'] });
    const card = await activeCard(blackout.id, { from: '2030-05-01', until: '2030-06-30' });
    expect((await scan(card.cardNo)).reason).toBe('passCardBlackout');
    expect((await scan(card.cardNo, { day: '2030-04-30' })).reason).toBe('passCardNotYetValid');
    expect((await scan(card.cardNo, { day: '2030-07-01' })).reason).toBe('passCardExpired');
    expect((await scan(card.cardNo, { day: '2030-06-30', time: '23:30' })).allowed).toBe(true);
    expect(await stateOf(card.id)).toMatchObject({ entries_used: 1, status: 401 });
    // a permanent card has no end
    const forever = await activeCard(plain.id, { until: null });
    expect((await scan(forever.cardNo, { day: '2099-01-01' })).allowed).toBe(true);
  });

  it('refuses when the day’s or the total entries are used up; exits are logged, never counted', async () => {
    const limited = await c.kind({ perDayEntries: 1, totalEntries: 2 });
    const card = await activeCard(limited.id);
    expect((await scan(card.cardNo)).allowed).toBe(true);
    expect((await scan(card.cardNo, { time: '11:00' })).reason).toBe('passCardDailyLimit');
    const out = await scan(card.cardNo, { gateCode: 'S-OUT-01', time: '12:00' });
    expect(out.event).toMatchObject({ direction: 'exit', result: 'ok', entryType: 2 });
    expect((await scan(card.cardNo, { day: '2030-06-02' })).allowed).toBe(true);
    expect((await scan(card.cardNo, { day: '2030-06-03' })).reason).toBe('passCardUsedUp');
    expect(await stateOf(card.id)).toMatchObject({ entries_used: 2, entries_today: 1 });
  });

  it('refuses at a gate that admits none of the kind’s products, and answers a timer gate wrongGate', async () => {
    const products = await c.sqlRows<{ id: number }>(
      sql`select id from ticket_products where scenic_id = ${qsh} order by id limit 2`,
    );
    const [mine, other] = products.map((p) => p.id);
    const kind = await c.kind({ productIds: [mine] });
    const card = await activeCard(kind.id);
    await c.sqlRows(
      sql`insert into gate_admissions (gate_id, kind, ref_id) values (${gate['N-IN-01']}, 'product', ${other})`,
    );
    try {
      expect((await scan(card.cardNo, { gateCode: 'N-IN-01' })).reason).toBe('notAdmitted');
      // a kind that names no product is valid at every gate of the area
      const any = await activeCard();
      expect((await scan(any.cardNo, { gateCode: 'N-IN-01' })).allowed).toBe(true);
      await c.sqlRows(
        sql`insert into gate_admissions (gate_id, kind, ref_id) values (${gate['N-IN-01']}, 'product', ${mine})`,
      );
      expect((await scan(card.cardNo, { gateCode: 'N-IN-01' })).allowed).toBe(true);
    } finally {
      await c.sqlRows(sql`delete from gate_admissions where gate_id = ${gate['N-IN-01']}`);
    }
    expect((await scan(card.cardNo, { gateCode: 'BUS-01' })).reason).toBe('wrongGate');
  });

  it('refuses a card not activated, and a dead one; an unknown number is unknown', async () => {
    const sold = (await c.sell(plain.id)).cards[0]!;
    expect((await scan(sold.cardNo)).reason).toBe('passCardNotActive');
    const card = await activeCard();
    await c.sqlRows(sql`update cards set state = 6 where id = ${card.id}`);
    expect((await scan(card.cardNo)).reason).toBe('passCardDead');
    expect((await scan('ZZZZ2222ZZZZ2222')).reason).toBe('unknown');
  });
});

describe('POST /web/api/admin/card/entries and bindIc', () => {
  it('lists a card’s events newest first, paged, its predecessors’ included; 403 without the permission; 404 for another area', async () => {
    const card = await activeCard();
    await scan(card.cardNo, { time: '09:00' });
    await scan(card.cardNo, { gateCode: 'S-OUT-01', time: '10:00' });
    const fresh = await data<CardRow>(
      c.call('admin', 'POST', cardApi.replace, { id: card.id, reason: '补卡' }),
    );
    await scan(card.cardNo, { time: '11:00' });
    await scan(fresh.cardNo, { time: '12:00' });
    const page = await data<Page<CardEntryRow>>(
      c.call('admin', 'POST', cardGateApi.entries, { id: fresh.id, page: 1, limit: 10 }),
    );
    expect(page.total).toBe(4);
    expect(page.rows.map((r) => [r.cardNo === fresh.cardNo, r.direction, r.result])).toEqual([
      [true, 'entry', 'ok'],
      [false, 'denied', 'passCardReplaced'],
      [false, 'exit', 'ok'],
      [false, 'entry', 'ok'],
    ]);
    expect(page.rows[0]!.gateName).toBe('南门入口');
    const old = await data<Page<CardEntryRow>>(
      c.call('admin', 'POST', cardGateApi.entries, { id: card.id, limit: 10 }),
    );
    expect(old.total).toBe(3);
    expect400(await c.call('admin', 'POST', cardGateApi.entries, { id: card.id, limit: 7 }), 'limit');
    expect400(await c.call('admin', 'POST', cardGateApi.entries, {}), 'id');
    expect((await c.call('staff', 'POST', cardGateApi.entries, { id: card.id })).statusCode).toBe(403);
    expect((await c.call('yunling', 'POST', cardGateApi.entries, { id: card.id })).statusCode).toBe(404);
    // the detail still reads the card
    expect((await data<CardDetail>(c.call('admin', 'GET', `${cardApi.query}?id=${fresh.id}`))).card.id).toBe(
      fresh.id,
    );
  });

  it('the entry/exit log shows the card number and filters by it', async () => {
    const card = await activeCard();
    await scan(card.cardNo);
    const log = await data<Page<GardenLogRow>>(
      c.call('admin', 'POST', '/web/api/admin/gardenLog/page', { cardNo: card.cardNo.toLowerCase() }),
    );
    expect(log.total).toBe(1);
    expect(log.rows[0]).toMatchObject({ cardNo: card.cardNo, entryType: 2, ticketId: null, orderNo: '' });
  });

  it('binds an IC card once per area (409 naming icNo), unbinds with empty, audits; 400, 403 and 404', async () => {
    const a = await activeCard();
    const b = await activeCard();
    await data(c.call('admin', 'POST', cardGateApi.bindIc, { id: a.id, icNo: 'IC-5001' }));
    const taken = await c.call('admin', 'POST', cardGateApi.bindIc, { id: b.id, icNo: 'IC-5001' });
    expect(taken.statusCode).toBe(409);
    expect(JSON.parse(taken.body).data.field).toBe('icNo');
    expect400(await c.call('admin', 'POST', cardGateApi.bindIc, { id: b.id, icNo: 'IC 5001' }), 'icNo');
    expect(
      (await c.call('staff', 'POST', cardGateApi.bindIc, { id: b.id, icNo: 'IC-5002' })).statusCode,
    ).toBe(403);
    expect(
      (await c.call('yunling', 'POST', cardGateApi.bindIc, { id: b.id, icNo: 'IC-5002' })).statusCode,
    ).toBe(404);
    expect(
      (await data<CardRow>(c.call('admin', 'POST', cardGateApi.bindIc, { id: a.id, icNo: '' }))).icNo,
    ).toBe('');
    expect((await scan('IC-5001', { readMode: 3 })).reason).toBe('unknown');
    const audits = await c.sqlRows<{ before: { icNo: string | null }; after: { icNo: string | null } }>(
      sql`select before, after from audit_logs where action = 'card.bindIc' and target_id = ${String(a.id)} order by id`,
    );
    expect(audits.map((r) => [r.before.icNo, r.after.icNo])).toEqual([
      [null, 'IC-5001'],
      ['IC-5001', null],
    ]);
    // a replaced card leaves its IC card behind: the new one is bound again
    await data(c.call('admin', 'POST', cardGateApi.bindIc, { id: b.id, icNo: 'IC-5003' }));
    const fresh = await data<CardRow>(c.call('admin', 'POST', cardApi.replace, { id: b.id, reason: '补卡' }));
    expect(fresh.icNo).toBe('');
    expect((await scan('IC-5003', { readMode: 3 })).reason).toBe('passCardReplaced');
    expect(
      (await c.call('admin', 'POST', cardGateApi.bindIc, { id: b.id, icNo: 'IC-5004' })).statusCode,
    ).toBe(409);
  });
});

describe('the demo cards’ entries (seedDemoCardEntries)', () => {
  it('gives each used card as many entry events as it counts, at the area’s entrances, within its validity', async () => {
    const rows = await c.sqlRows<{
      card_no: string;
      entries_used: number;
      entries_today: number;
      last_entry_day: string | null;
      status: number;
      events: number;
      on_last_day: number;
      outside: number;
      bad_gate: number;
      after_end: number;
    }>(sql`select c.card_no, c.entries_used, c.entries_today, c.last_entry_day::text as last_entry_day, o.status,
        count(e.id)::int as events,
        count(e.id) filter (where (e.scanned_at at time zone a.time_zone)::date = c.last_entry_day)::int as on_last_day,
        count(e.id) filter (where (e.scanned_at at time zone a.time_zone)::date < c.valid_from
          or (e.scanned_at at time zone a.time_zone)::date > coalesce(c.valid_until, 'infinity'::date)
          or e.scanned_at > now())::int as outside,
        count(e.id) filter (where g.gate_type <> 10 or g.scenic_id <> c.scenic_id)::int as bad_gate,
        count(e.id) filter (where c.state = 6 and e.scanned_at >= o.updated_at)::int as after_end
      from cards c
      join card_orders o on o.id = c.order_id
      join scenic_areas a on a.id = c.scenic_id
      left join gate_events e on e.card_no = c.card_no and e.nonce like 'demo-card-%'
      left join gates g on g.id = e.gate_id
      where c.scenic_id = ${qsh} and c.state <> 4 and c.valid_from is not null
        and c.order_id not in (select order_id from cards where created_at > now() - interval '1 hour')
      group by c.id, o.status`);
    const used = rows.filter((r) => r.events > 0);
    expect(used.length).toBeGreaterThan(10);
    for (const r of rows) {
      expect(r.events, r.card_no).toBe(r.entries_used);
      expect(r.outside, r.card_no).toBe(0);
      expect(r.bad_gate, r.card_no).toBe(0);
      // a card refunded or voided after use: its entries before that
      expect(r.after_end, r.card_no).toBe(0);
      if (r.events) {
        expect(r.on_last_day, r.card_no).toBe(r.entries_today);
        expect([401, 203, 502, 501], r.card_no).toContain(r.status);
      } else expect(r.status, r.card_no).not.toBe(401);
    }
    // used, then refunded (C8), voided or expired: the entries their use implies
    for (const status of [203, 501, 502])
      expect(used.filter((r) => r.status === status).length, String(status)).toBeGreaterThan(0);
  });

  it('gives the demo’s unpaid orders a deadline, their client and no pay way (0 is a redeem code)', async () => {
    const rows = await c.sqlRows<{
      status: number;
      pay_way: number | null;
      expires_at: Date | null;
      client_id: string | null;
    }>(
      sql`select status, pay_way, expires_at, client_id from card_orders
          where scenic_id = ${qsh} and paid_at is null`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect([101, 501]).toContain(r.status);
      expect(r).toMatchObject({ pay_way: null, client_id: 'weixinManagement' });
      expect(r.expires_at).not.toBeNull();
    }
  });
});
