import { and, asc, eq, gt, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import { CARD_READ_MODE } from '../../../shared/api/staff-cards.ts';
import { CARD_ORDER_STATUS, CARD_STATE } from '../../../shared/dict/cards.ts';
import type { Db } from '../../db/client.ts';
import { addDays, areaDay, areaDayStart, areaTime, areaTimeZone } from '../../lib/area-clock.ts';
import { seededRandom, type SeededRandom } from '../../lib/seeded-random.ts';
import { gateEvents, maskScanned } from '../checkin/index.ts';
import { gates } from '../gates/index.ts';
import { cardOrders, cards } from './card-orders.table.ts';
import { cardKinds, type CardKind } from './cards.table.ts';

/** Rows a statement: gate events have 20 columns, well under PostgreSQL's 65,535 parameters. */
const BATCH = 1000;
/** Demo entries happen between 08:30 and 17:30 of the area's day. */
const OPEN_MIN = 8 * 60 + 30;
const CLOSE_MIN = 17 * 60 + 30;
/** A kind without a daily limit: at most two demo entries a day. */
const DEFAULT_PER_DAY = 2;

type DemoCard = Pick<
  typeof cards.$inferSelect,
  | 'id'
  | 'cardNo'
  | 'orderId'
  | 'kindId'
  | 'holderName'
  | 'holderIdNumber'
  | 'facePhoto'
  | 'activatedAt'
  | 'validFrom'
  | 'validUntil'
  | 'entriesUsed'
> & {
  /** a dead card (its order refunded or voided): when that happened, its entries before */
  endedAt: Date | null;
};
type GateRow = { id: number; code: string };
type EventRow = typeof gateEvents.$inferInsert;

/** The minute of the area's day an instant falls on. */
const minuteOf = (at: Date, zone: string) => {
  const [h, m] = areaTime(at, zone).split(':').map(Number);
  return h! * 60 + m!;
};

/** The days a card could have been used (its validity up to today, less blackout days), each with its open minutes. */
function usableDays(card: DemoCard, kind: CardKind, today: string, now: Date, zone: string) {
  const activated = card.activatedAt ? areaDay(card.activatedAt, zone) : card.validFrom!;
  const first = activated > card.validFrom! ? activated : card.validFrom!;
  const end = card.endedAt ? areaDay(card.endedAt, zone) : today;
  const last = card.validUntil && card.validUntil < end ? card.validUntil : end;
  const days: { day: string; from: number; to: number }[] = [];
  for (let day = first; day <= last; day = addDays(day, 1)) {
    if (kind.blackoutDates.includes(day)) continue;
    const from =
      day === activated && card.activatedAt
        ? Math.max(OPEN_MIN, minuteOf(card.activatedAt, zone) + 1)
        : OPEN_MIN;
    const to =
      day === end
        ? Math.min(CLOSE_MIN, minuteOf(card.endedAt ?? now, zone) - 1)
        : day === today
          ? Math.min(CLOSE_MIN, minuteOf(now, zone) - 1)
          : CLOSE_MIN;
    if (from < to) days.push({ day, from, to });
  }
  // activated after the gates' hours today: a card in use came in right after its activation
  if (!days.length && card.activatedAt && card.activatedAt.getTime() + 60_000 < now.getTime()) {
    const minute = Math.min(minuteOf(card.activatedAt, zone) + 1, 23 * 60 + 59);
    days.push({ day: activated, from: minute, to: minute });
  }
  return days;
}

/** How a demo card was read: its QR mostly, the holder's ID card or face where the card has them. */
function readOf(card: DemoCard, r: SeededRandom): { mode: number; value: string } {
  const modes: { mode: number; value: string }[] = [{ mode: CARD_READ_MODE.qr, value: card.cardNo }];
  if (card.holderIdNumber) modes.push({ mode: CARD_READ_MODE.idCard, value: card.holderIdNumber });
  if (card.facePhoto) modes.push({ mode: CARD_READ_MODE.face, value: card.cardNo });
  return r.next() < 0.6 ? modes[0]! : r.pick(modes);
}

/** One card's entries: `wanted` at most, within the kind's daily limit, at sorted times of random days. */
function entriesOf(
  card: DemoCard,
  kind: CardKind,
  ctx: {
    scenicId: number;
    today: string;
    now: Date;
    zone: string;
    gates: GateRow[];
    r: SeededRandom;
    /** the instant a day of the area starts (ms), computed once a day */
    midnight: (day: string) => number;
  },
): { events: EventRow[]; lastDay: string | null; onLastDay: number } {
  const { r, zone } = ctx;
  const days = usableDays(card, kind, ctx.today, ctx.now, zone);
  const perDay = kind.perDayEntries || DEFAULT_PER_DAY;
  // the count a seed gave it, else (an order in use) a plausible one: at most 12
  const target = card.entriesUsed || r.int(1, 12);
  const wanted = Math.min(target, kind.totalEntries || Infinity, days.length * perDay);
  const counts = new Array<number>(days.length).fill(0);
  for (let k = 0; k < wanted; k++) {
    let i = r.int(0, days.length - 1);
    while (counts[i]! >= perDay) i = (i + 1) % days.length;
    counts[i]! += 1;
  }
  const events: EventRow[] = [];
  let lastDay: string | null = null;
  let onLastDay = 0;
  days.forEach(({ day, from, to }, i) => {
    const n = counts[i]!;
    if (!n) return;
    const minutes = Array.from({ length: n }, () => r.int(from, to)).sort((a, b) => a - b);
    for (const minute of minutes) {
      const gate = r.pick(ctx.gates);
      const read = readOf(card, r);
      const at = new Date(ctx.midnight(day) + minute * 60_000 + r.int(0, 59) * 1000);
      events.push({
        scenicId: ctx.scenicId,
        gateId: gate.id,
        deviceId: `GATE-${gate.code}`,
        nonce: `demo-card-${card.id}-${events.length + 1}`,
        direction: 'entry',
        entryType: 2,
        readMode: read.mode,
        cardNo: card.cardNo,
        scannedValue: maskScanned(read.mode, read.value),
        result: 'ok',
        visitorName: card.holderName.slice(0, 50),
        scannedAt: at,
        uploadedAt: at,
      });
    }
    lastDay = day;
    onLastDay = n;
  });
  return { events, lastDay, onLastDay };
}

/**
 * The demo cards' entries in the gate log (park entry type 2, docs/domain.md "At the gate"): every
 * activated card whose order is in use (401), or that the demo marks as used (entries_used > 0: an
 * order refunded, voided or expired after use too), a replaced number excepted (its successor
 * carries them), gets entries at the area's entrance gates over its validity up to `now`, or up to
 * its order's refund or void for a dead card (as many as it counts, else 1-12),
 * within its kind's daily and total limits and outside its blackout days; then its entries_used,
 * entries_today and last_entry_day are set from them, and an order still 301 moves to 401 (C6).
 * Inserts and updates go in batches, so it stays fast for any number of cards.
 */
export async function seedDemoCardEntries(db: Db, scenicId: number, now = new Date()): Promise<void> {
  const zone = await areaTimeZone(db, scenicId);
  const today = areaDay(now, zone);
  const entrances = await db
    .select({ id: gates.id, code: gates.code })
    .from(gates)
    .where(
      and(eq(gates.scenicId, scenicId), eq(gates.gateType, 10), eq(gates.status, 1), eq(gates.passState, 0)),
    )
    .orderBy(asc(gates.id));
  if (!entrances.length) return;
  const kinds = new Map(
    (await db.select().from(cardKinds).where(eq(cardKinds.scenicId, scenicId))).map((k) => [k.id, k]),
  );
  const used: DemoCard[] = await db
    .select({
      id: cards.id,
      cardNo: cards.cardNo,
      orderId: cards.orderId,
      kindId: cards.kindId,
      holderName: cards.holderName,
      holderIdNumber: cards.holderIdNumber,
      facePhoto: cards.facePhoto,
      activatedAt: cards.activatedAt,
      validFrom: cards.validFrom,
      validUntil: cards.validUntil,
      entriesUsed: cards.entriesUsed,
      endedAt:
        sql<Date | null>`case when ${cards.state} = ${CARD_STATE.dead} then ${cardOrders.updatedAt} end`.mapWith(
          cardOrders.updatedAt,
        ),
    })
    .from(cards)
    .innerJoin(cardOrders, eq(cardOrders.id, cards.orderId))
    .where(
      and(
        eq(cards.scenicId, scenicId),
        isNotNull(cards.validFrom),
        or(gt(cards.entriesUsed, 0), eq(cardOrders.status, CARD_ORDER_STATUS.inUse)),
        ne(cards.state, CARD_STATE.replaced),
      ),
    )
    .orderBy(asc(cards.id));
  const r = seededRandom(3202);
  const starts = new Map<string, number>();
  const midnight = (day: string) => {
    let ms = starts.get(day);
    if (ms === undefined) starts.set(day, (ms = areaDayStart(day, zone).getTime()));
    return ms;
  };
  const ctx = { scenicId, today, now, zone, gates: entrances, r, midnight };
  let events: EventRow[] = [];
  const counts: { id: number; used: number; today: number; last: string | null }[] = [];
  const entered: number[] = [];
  for (const card of used) {
    const kind = kinds.get(card.kindId);
    if (!kind) continue;
    const mine = entriesOf(card, kind, ctx);
    events.push(...mine.events);
    counts.push({ id: card.id, used: mine.events.length, today: mine.onLastDay, last: mine.lastDay });
    if (mine.events.length) entered.push(card.orderId);
    if (events.length >= BATCH) {
      await db.insert(gateEvents).values(events);
      events = [];
    }
  }
  if (events.length) await db.insert(gateEvents).values(events);
  for (let i = 0; i < counts.length; i += BATCH) {
    const rows = counts
      .slice(i, i + BATCH)
      .map((c) => sql`(${c.id}::int, ${c.used}::int, ${c.today}::int, ${c.last}::date)`);
    await db.execute(sql`update cards c set entries_used = v.used, entries_today = v.today,
        last_entry_day = v.last
      from (values ${sql.join(rows, sql`, `)}) as v(id, used, today, last)
      where c.id = v.id`);
  }
  // a replaced number had the entries its successor carries on with
  await db.execute(sql`update cards o set entries_used = n.entries_used, entries_today = n.entries_today,
      last_entry_day = n.last_entry_day
    from cards n where o.replaced_by = n.id and o.scenic_id = ${scenicId}`);
  for (let i = 0; i < entered.length; i += BATCH)
    await db
      .update(cardOrders)
      .set({ status: CARD_ORDER_STATUS.inUse })
      .where(
        and(
          inArray(cardOrders.id, entered.slice(i, i + BATCH)),
          eq(cardOrders.status, CARD_ORDER_STATUS.effective),
        ),
      );
}
