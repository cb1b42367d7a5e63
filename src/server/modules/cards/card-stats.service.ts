import { sql } from 'drizzle-orm';
import type {
  CardStats,
  CardStatsChannel,
  CardStatsDay,
  CardStatsGate,
  CardStatsKind,
  CardStatsQuery,
} from '../../../shared/api/card-stats.ts';
import { CardStatsField } from '../../../shared/dict/card-stats.ts';
import { CARD_SALE_SOURCES, CARD_STATE, type CardSaleSourceCode } from '../../../shared/dict/cards.ts';
import type { Lang } from '../../../shared/dict/dict.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { addDays, areaDayEnd, areaDayStart } from '../../lib/area-clock.ts';

/** docs/product.md §9 park entry type 2 (ParkEntryType): a pass card, the gate log's card entries. */
const CARD_ENTRY = 2;

type Num = string | number | null;
const n = (v: Num | undefined) => Number(v ?? 0);

interface Scope {
  scenicId: number;
  timeZone: string;
  from: string;
  to: string;
  /** the first instant of `from` and the first instant after `to`, in the area's zone */
  start: string;
  end: string;
}

const dayOf = (column: ReturnType<typeof sql>, tz: string) =>
  sql`to_char((${column} at time zone ${tz})::date, 'YYYY-MM-DD')`;

const inRange = (column: ReturnType<typeof sql>, s: Scope) =>
  sql`${column} >= ${s.start}::timestamptz and ${column} < ${s.end}::timestamptz`;

/** The card orders paid in the range, by area day, kind and channel: one GROUP BY. */
function soldRows(db: Db, s: Scope) {
  return queryRows<{ day: string; kind_id: number; source: string; sold: Num; amount: Num; refunded: Num }>(
    db,
    sql`select ${dayOf(sql`o.paid_at`, s.timeZone)} as day, o.kind_id, o.source,
          count(*) as sold, sum(o.amount) as amount, sum(o.refunded_amount) as refunded
        from card_orders o
        where o.scenic_id = ${s.scenicId} and o.paid_at is not null and ${inRange(sql`o.paid_at`, s)}
        group by 1, 2, 3`,
  );
}

/**
 * Cards activated (C5) and cards expired (C9: state 5, on the day after valid_until) by area day, in
 * one statement; a replacement keeps its predecessor's activation and is not counted again.
 */
function cardDayRows(db: Db, s: Scope) {
  return queryRows<{ day: string; what: 'activated' | 'expired'; n: Num }>(
    db,
    sql`select ${dayOf(sql`c.activated_at`, s.timeZone)} as day, 'activated' as what, count(*) as n
        from cards c
        where c.scenic_id = ${s.scenicId} and c.state <> ${CARD_STATE.replaced}
          and ${inRange(sql`c.activated_at`, s)}
        group by 1
        union all
        select to_char(c.valid_until + 1, 'YYYY-MM-DD') as day, 'expired' as what, count(*) as n
        from cards c
        where c.scenic_id = ${s.scenicId} and c.state = ${CARD_STATE.expired}
          and c.valid_until between ${addDays(s.from, -1)}::date and ${addDays(s.to, -1)}::date
        group by 1`,
  );
}

/** Admitted card entries (gate events of entry type 2 that passed) by area day and gate. */
function entryRows(db: Db, s: Scope) {
  return queryRows<{ day: string; gate_id: number | null; gate_name: string | null; n: Num }>(
    db,
    sql`select e.day, e.gate_id, g.name as gate_name, e.n
        from (
          select ${dayOf(sql`scanned_at`, s.timeZone)} as day, gate_id, count(*) as n
          from gate_events
          where scenic_id = ${s.scenicId} and entry_type = ${CARD_ENTRY} and direction = 'entry'
            and ${inRange(sql`scanned_at`, s)}
          group by 1, 2
        ) e left join gates g on g.id = e.gate_id`,
  );
}

/** Distinct cards admitted at a gate in the range (by the number read), and the area's name. */
async function inUseAndArea(db: Db, s: Scope): Promise<{ inUse: number; areaName: string }> {
  const [row] = await queryRows<{ in_use: Num; area_name: string | null }>(
    db,
    sql`select (select count(distinct card_no) from gate_events
          where scenic_id = ${s.scenicId} and entry_type = ${CARD_ENTRY} and direction = 'entry'
            and ${inRange(sql`scanned_at`, s)}) as in_use,
        (select name from scenic_areas where id = ${s.scenicId}) as area_name`,
  );
  return { inUse: n(row?.in_use), areaName: row?.area_name ?? '' };
}

const kindNamesOf = (db: Db, scenicId: number) =>
  queryRows<{ id: number; name: string }>(
    db,
    sql`select id, name from card_kinds where scenic_id = ${scenicId}`,
  );

interface Money {
  sold: number;
  amount: number;
  refunded: number;
  net: number;
}
const zero = (): Money => ({ sold: 0, amount: 0, refunded: 0, net: 0 });
const add = (m: Money, r: { sold: Num; amount: Num; refunded: Num }) => {
  m.sold += n(r.sold);
  m.amount += n(r.amount);
  m.refunded += n(r.refunded);
  m.net = m.amount - m.refunded;
};

/**
 * docs/product.md §2 /VipCard/enjSelfCardStatis: the cards of one area over its days from..to, each
 * thing counted on the area's day it happened (CardStatsSchema). A handful of GROUP BY statements,
 * summed up here; every figure is the acting area's only.
 */
export async function cardStats(
  db: Db,
  scenicId: number,
  timeZone: string,
  q: CardStatsQuery,
  lang: Lang,
): Promise<CardStats> {
  const s: Scope = {
    scenicId,
    timeZone,
    from: q.from,
    to: q.to,
    start: areaDayStart(q.from, timeZone).toISOString(),
    end: areaDayEnd(q.to, timeZone).toISOString(),
  };
  // one after the other: the caller's connection may be a transaction's single client
  const sold = await soldRows(db, s);
  const cardDays = await cardDayRows(db, s);
  const entries = await entryRows(db, s);
  const { inUse, areaName } = await inUseAndArea(db, s);
  const kindNames = await kindNamesOf(db, scenicId);

  const days = new Map<string, CardStatsDay>();
  for (let day = q.from; day <= q.to; day = addDays(day, 1))
    days.set(day, { day, sold: 0, activated: 0, expired: 0, entries: 0, amount: 0 });
  const totals = { ...zero(), activated: 0, inUse, expired: 0, entries: 0 };
  const kinds = new Map<number, Money>();
  const channels = new Map<CardSaleSourceCode, Money>();
  for (const r of sold) {
    const d = days.get(r.day);
    if (d) {
      d.sold += n(r.sold);
      d.amount += n(r.amount);
    }
    add(totals, r);
    const kind = kinds.get(Number(r.kind_id)) ?? zero();
    add(kind, r);
    kinds.set(Number(r.kind_id), kind);
    const source = r.source as CardSaleSourceCode;
    const channel = channels.get(source) ?? zero();
    add(channel, r);
    channels.set(source, channel);
  }
  for (const r of cardDays) {
    const d = days.get(r.day);
    if (d) d[r.what] += n(r.n);
    totals[r.what] += n(r.n);
  }
  const gates = new Map<number | null, CardStatsGate>();
  for (const r of entries) {
    const d = days.get(r.day);
    if (d) d.entries += n(r.n);
    totals.entries += n(r.n);
    const id = r.gate_id == null ? null : Number(r.gate_id);
    const gate = gates.get(id) ?? {
      gateId: id,
      gateName: r.gate_name ?? CardStatsField.noGate[lang],
      entries: 0,
    };
    gate.entries += n(r.n);
    gates.set(id, gate);
  }

  const nameOf = new Map(kindNames.map((k) => [Number(k.id), k.name]));
  const kindRows: CardStatsKind[] = [...kinds]
    .map(([kindId, m]) => ({ kindId, kindName: nameOf.get(kindId) ?? '', ...m }))
    .sort((a, b) => b.amount - a.amount || a.kindId - b.kindId);
  // every channel, in the dictionary's order, so the table reads the same from range to range
  const channelRows: CardStatsChannel[] = CARD_SALE_SOURCES.map((source) => ({
    source,
    ...(channels.get(source) ?? zero()),
  }));
  return {
    from: q.from,
    to: q.to,
    timeZone,
    areaName,
    totals,
    days: [...days.values()],
    kinds: kindRows,
    channels: channelRows,
    gates: [...gates.values()].sort((a, b) => b.entries - a.entries || (a.gateId ?? 0) - (b.gateId ?? 0)),
  };
}
