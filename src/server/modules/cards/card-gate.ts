import { sql, type SQL } from 'drizzle-orm';
import type { CheckinAnswer } from '../../../shared/api/checkin.ts';
import { CARD_READ_MODE } from '../../../shared/api/staff-cards.ts';
import { ENABLED } from '../../../shared/dict/account.ts';
import { CARD_ORDER_STATUS, CARD_STATE } from '../../../shared/dict/cards.ts';
import type { CheckinReason } from '../../../shared/dict/checkin.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { AppError } from '../../http/errors.ts';
import { areaDay } from '../../lib/area-clock.ts';
import { recordAudit } from '../audit/index.ts';
import type { GateCodeScan } from '../checkin/index.ts';
import { transitionCardOrder } from './card-order-state.ts';

/** ParkEntryType of docs/product.md §9: 2 pass card. */
const PASS_CARD = 2;
/** Timer gates (20 start, 21 pause) serve time-limited tickets only, as for tickets. */
const TIMER_GATES = [20, 21];

/** A card as the gate reads it: with what it needs of its kind and its order's status. */
export interface CardAtGate {
  id: number;
  cardNo: string;
  orderId: number;
  state: number;
  holderName: string;
  /** the area's days, "YYYY-MM-DD"; validUntil null: permanent */
  validFrom: string | null;
  validUntil: string | null;
  entriesUsed: number;
  entriesToday: number;
  lastEntryDay: string | null;
  productIds: number[];
  perDayEntries: number;
  totalEntries: number;
  blackoutDates: string[];
  orderStatus: number;
}

type Raw = Record<string, unknown>;
const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
const textOrNull = (v: unknown) => (v == null ? null : String(v));

function cardOf(r: Raw): CardAtGate {
  return {
    id: Number(r.id),
    cardNo: String(r.card_no),
    orderId: Number(r.order_id),
    state: Number(r.state),
    holderName: String(r.holder_name ?? ''),
    validFrom: textOrNull(r.valid_from),
    validUntil: textOrNull(r.valid_until),
    entriesUsed: Number(r.entries_used),
    entriesToday: Number(r.entries_today),
    lastEntryDay: textOrNull(r.last_entry_day),
    productIds: json<number[]>(r.product_ids ?? []),
    perDayEntries: Number(r.per_day_entries),
    totalEntries: Number(r.total_entries),
    blackoutDates: json<string[]>(r.blackout_dates ?? []),
    orderStatus: Number(r.order_status),
  };
}

/**
 * What a read names (docs/domain.md "At the gate"): a QR code or a face is the card's number (the
 * face device registers the holder's face photo under it), an IC card the one bound to the card, an
 * ID card the active cards of its holder. Null for a read of another kind.
 */
function matchOf(readMode: number, value: string): SQL | null {
  const v = value.trim().toUpperCase();
  if (!v) return null;
  switch (readMode) {
    case CARD_READ_MODE.qr:
    case CARD_READ_MODE.face:
      return /^[2-9A-Z]{16}$/.test(v) ? sql`c.card_no = ${v}` : null;
    case CARD_READ_MODE.idCard:
      return sql`c.holder_id_number = ${v} and c.state = ${CARD_STATE.active}`;
    case CARD_READ_MODE.icCard:
      return sql`c.ic_no = ${value.trim()}`;
    default:
      return null;
  }
}

/** The cards of the area a read names, in one round trip (newest first; an ID card may name several). */
async function readCards(db: Db, scenicId: number, match: SQL): Promise<CardAtGate[]> {
  return rowsOf<Raw>(
    await db.execute(sql`select c.id, c.card_no, c.order_id, c.state, c.holder_name,
        c.valid_from::text as valid_from, c.valid_until::text as valid_until, c.entries_used,
        c.entries_today, c.last_entry_day::text as last_entry_day, k.product_ids, k.per_day_entries,
        k.total_entries, k.blackout_dates, o.status as order_status
      from cards c
      join card_kinds k on k.id = c.kind_id
      join card_orders o on o.id = c.order_id
      where c.scenic_id = ${scenicId} and ${match}
      order by c.id desc
      limit 10`),
  ).map(cardOf);
}

const STATE_REASON: Record<number, CheckinReason> = {
  [CARD_STATE.notActivated]: 'passCardNotActive',
  [CARD_STATE.frozen]: 'passCardFrozen',
  [CARD_STATE.replaced]: 'passCardReplaced',
  [CARD_STATE.expired]: 'passCardExpired',
  [CARD_STATE.dead]: 'passCardDead',
};

/** Whether the gate admits one of the kind's products, or the kind names none (the whole area). */
export const gateAdmitsCard = (card: CardAtGate, scan: Pick<GateCodeScan, 'admitsProduct'>) =>
  !card.productIds.length || card.productIds.some((id) => scan.admitsProduct(id));

/**
 * docs/domain.md "At the gate" for one card read at one gate on the area's day `today`: the refusal,
 * or null when it may pass (an exit always may: nobody is kept inside). An offline or forced scan
 * is a passage that happened, so the gate's products do not refuse it (as for tickets).
 */
export function judgeCard(
  card: CardAtGate,
  scan: Pick<GateCodeScan, 'gate' | 'direction' | 'fact' | 'admitsProduct'>,
  today: string,
): CheckinReason | null {
  if (scan.gate.status !== ENABLED || TIMER_GATES.includes(scan.gate.gateType)) return 'wrongGate';
  if (scan.direction === 'exit') return null;
  if (card.state !== CARD_STATE.active) return STATE_REASON[card.state] ?? 'passCardDead';
  if (card.validUntil != null && today > card.validUntil) return 'passCardExpired';
  if (card.validFrom != null && today < card.validFrom) return 'passCardNotYetValid';
  if (card.blackoutDates.includes(today)) return 'passCardBlackout';
  if (!scan.fact && !gateAdmitsCard(card, scan)) return 'notAdmitted';
  if (card.totalEntries && card.entriesUsed >= card.totalEntries) return 'passCardUsedUp';
  if (card.perDayEntries && card.lastEntryDay === today && card.entriesToday >= card.perDayEntries)
    return 'passCardDailyLimit';
  return null;
}

/**
 * The entry, in the one statement of docs/domain.md "At the gate": counted only while the card is
 * active and its limits allow, so two gates taking a card's last entry at once count it once.
 */
export function takeEntrySql(card: CardAtGate, today: string, guarded = true): SQL {
  return sql`update cards set entries_used = entries_used + 1,
      entries_today = case when last_entry_day = ${today}::date then entries_today + 1 else 1 end,
      last_entry_day = ${today}::date
    where id = ${card.id} and state = ${CARD_STATE.active}${
      guarded
        ? sql`
      and (${card.totalEntries}::int = 0 or entries_used < ${card.totalEntries}::int)
      and (${card.perDayEntries}::int = 0 or last_entry_day is distinct from ${today}::date
        or entries_today < ${card.perDayEntries}::int)`
        : sql``
    }
    returning entries_used`;
}

/** Another gate took the entry (or staff moved the card) between the read and the write: judge again. */
class LostRace extends Error {}
const MAX_ATTEMPTS = 5;

const subjectOf = (card: CardAtGate) => ({
  entryType: PASS_CARD,
  cardNo: card.cardNo,
  visitorName: card.holderName,
});

/** C6 by compare-and-set; false when the order moved meanwhile (another gate's first entry came first). */
async function firstEntryMove(tx: Db, orderId: number): Promise<boolean> {
  try {
    await transitionCardOrder(tx, { id: orderId, transition: 'C6' });
    return true;
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 409) return false;
    throw error;
  }
}

/**
 * The entry and its event in one transaction: the first admitted entry moves the order 301 → 401
 * (C6) by compare-and-set first (the order's row before the card's, the order a refund locks them
 * in), with its audit row; the entry statement; the gate event. No row from the entry statement:
 * the transaction is undone and the scan judged again.
 */
async function enter(db: Db, scan: GateCodeScan, card: CardAtGate, today: string) {
  return db.transaction(async (tx) => {
    const firstEntry =
      card.orderStatus === CARD_ORDER_STATUS.effective && (await firstEntryMove(tx, card.orderId));
    if (!rowsOf(await tx.execute(takeEntrySql(card, today))).length) throw new LostRace();
    const answer = await scan.record('ok', tx, subjectOf(card));
    if (firstEntry)
      await recordAudit(
        tx,
        { username: scan.deviceId, scenicId: scan.scenicId },
        {
          module: 'cards',
          action: 'cardOrder.firstEntry',
          targetType: 'cardOrder',
          targetId: card.orderId,
          before: { status: CARD_ORDER_STATUS.effective },
          after: { status: CARD_ORDER_STATUS.inUse, cardNo: card.cardNo, gateEventId: answer.event.id },
        },
      );
    return answer;
  });
}

/** Of several cards (an ID card's holder may hold more than one), the first that may pass, else the first. */
function pick(cards: CardAtGate[], scan: GateCodeScan, today: string) {
  const judged = cards.map((card) => ({ card, reason: judgeCard(card, scan, today) }));
  return judged.find((j) => j.reason == null) ?? judged[0]!;
}

/**
 * checkin's gateCodeReaders (cards.module.ts): a travel card read at a gate (park entry type 2),
 * after the read named no ticket. Null when the read names no card of the area (the scan carries on
 * to the staff cards). Refusals and exits are logged with the card's number; an admitted entry
 * takes it by the one statement, retried on a fresh read when another gate took it first.
 */
export async function cardAtGate(db: Db, scan: GateCodeScan): Promise<CheckinAnswer | null> {
  const match = matchOf(scan.readMode, scan.value);
  if (!match) return null;
  const today = areaDay(scan.at, scan.timeZone);
  for (let attempt = 1; ; attempt++) {
    const cards = await readCards(db, scan.scenicId, match);
    if (!cards.length) return null;
    const { card, reason } = pick(cards, scan, today);
    if (reason) return scan.record(reason, db, subjectOf(card));
    if (scan.direction === 'exit') return scan.record('ok', db, subjectOf(card));
    try {
      return await enter(db, scan, card, today);
    } catch (error) {
      if (!(error instanceof LostRace)) throw error;
      if (attempt >= MAX_ATTEMPTS) throw new AppError(409, 'cardMoved');
    }
  }
}
