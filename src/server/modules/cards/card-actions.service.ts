import { and, eq, inArray, ne } from 'drizzle-orm';
import type {
  CardExtend,
  CardHolderUpdate,
  CardOrderRefund,
  CardOrderVoid,
  CardReason,
} from '../../../shared/api/cards.ts';
import { CARD_ORDER_STATUS, CARD_STATE, type CardStateCode } from '../../../shared/dict/cards.ts';
import type { Db } from '../../db/client.ts';
import { AppError, FieldError } from '../../http/errors.ts';
import { addDays } from '../../lib/area-clock.ts';
import {
  cardOfArea,
  checkHolder,
  holderColumns,
  newCardNo,
  orderOfArea,
  type Acting,
} from './card-issue.service.ts';
import { queueCardMessage } from './card-messages.ts';
import { giveCardMoneyBack } from './card-refunds.service.ts';
import { moveCardOrderTo } from './card-order-state.ts';
import { cardHolderChanges, cards, type Card, type CardOrder, type cardOrders } from './card-orders.table.ts';
import { CardFieldReason } from './cards.messages.ts';
import { cardKinds } from './cards.table.ts';

const { notActivated, active, frozen, replaced, dead } = CARD_STATE;
/** The states of a card still in someone's hand (not replaced, expired or dead). */
const LIVE: CardStateCode[] = [notActivated, active, frozen];

/** A move of one card: `values` set only while its state is one of `from` (compare-and-set), else 409. */
async function moveCard(
  tx: Db,
  card: Card,
  from: readonly CardStateCode[],
  values: Partial<typeof cards.$inferInsert>,
  now: Date,
): Promise<Card> {
  const [moved] = await tx
    .update(cards)
    .set({ ...values, updatedAt: now })
    .where(and(eq(cards.id, card.id), inArray(cards.state, [...from])))
    .returning();
  if (!moved) throw new AppError(409, 'cardMoved');
  return moved;
}

/** Freeze (2 → 3) or unfreeze (3 → 2) a card of the area; the reason is kept in the audit row. */
export async function freezeCard(tx: Db, input: CardReason & Acting, now = new Date()) {
  const card = await cardOfArea(tx, input.scenicId, input.id);
  return { before: card, after: await moveCard(tx, card, [active], { state: frozen }, now) };
}

export async function unfreezeCard(tx: Db, input: CardReason & Acting, now = new Date()) {
  const card = await cardOfArea(tx, input.scenicId, input.id);
  return { before: card, after: await moveCard(tx, card, [frozen], { state: active }, now) };
}

/**
 * A lost card replaced: a new number with the same holder, validity and entries (a card frozen
 * when reported lost comes back active), the old one 4 with `replaced_by` the new one, in one
 * transaction, so the old number stops at every gate at once.
 */
export async function replaceCard(tx: Db, input: CardReason & Acting, now = new Date()) {
  const old = await cardOfArea(tx, input.scenicId, input.id);
  if (!LIVE.includes(old.state as CardStateCode)) throw new AppError(409, 'cardMoved');
  // the IC card went with the lost card: staff bind a new one (the old one stops with its card)
  const { id: _id, cardNo: _no, createdAt: _c, updatedAt: _u, replacedBy: _r, icNo: _ic, ...kept } = old;
  const [fresh] = await tx
    .insert(cards)
    .values({
      ...kept,
      cardNo: newCardNo(),
      state: old.state === frozen ? active : old.state,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const before = await moveCard(tx, old, LIVE, { state: replaced, replacedBy: fresh!.id }, now);
  return { old, replacedOld: before, card: fresh! };
}

/** `valid_until` moved by `days`: only a timed card, active or frozen (409 otherwise). */
export async function extendCard(tx: Db, input: CardExtend & Acting, now = new Date()) {
  const card = await cardOfArea(tx, input.scenicId, input.id);
  if (card.validUntil == null) throw new AppError(409, 'cardNotTimed');
  const [moved] = await tx
    .update(cards)
    .set({ validUntil: addDays(card.validUntil, input.days), updatedAt: now })
    .where(
      and(
        eq(cards.id, card.id),
        inArray(cards.state, [active, frozen]),
        eq(cards.validUntil, card.validUntil),
      ),
    )
    .returning();
  if (!moved) throw new AppError(409, 'cardMoved');
  return { before: card, after: moved };
}

const holderOf = (c: Card) => ({
  name: c.holderName,
  idNumber: c.holderIdNumber,
  phone: c.holderPhone,
  facePhoto: c.facePhoto,
});

/** The holder's data changed (the kind's rules still met), the change kept in card_holder_changes. */
export async function updateHolder(tx: Db, input: CardHolderUpdate & Acting, now = new Date()) {
  const card = await cardOfArea(tx, input.scenicId, input.id);
  const [kind] = await tx.select().from(cardKinds).where(eq(cardKinds.id, card.kindId));
  checkHolder(kind!, input.holder);
  const after = await moveCard(tx, card, LIVE, holderColumns(input.holder), now);
  await tx.insert(cardHolderChanges).values({
    cardId: card.id,
    adminId: input.adminId,
    before: holderOf(card),
    after: holderOf(after),
    reason: input.reason,
    createdAt: now,
  });
  return { before: card, after };
}

/** The order's card still in someone's hand (a replaced one is not), if any. */
async function liveCardOf(tx: Db, orderId: number): Promise<Card | undefined> {
  const [card] = await tx
    .select()
    .from(cards)
    .where(and(eq(cards.orderId, orderId), ne(cards.state, replaced)));
  return card;
}

/**
 * One compare-and-set move of an order from its status as read, along the edge of the transition
 * table (C7, C8, C10: card-order-state.ts), 409 when it moved meanwhile or the table has no such edge.
 */
async function moveOrder(
  tx: Db,
  order: CardOrder,
  values: Partial<typeof cardOrders.$inferInsert>,
  now: Date,
): Promise<CardOrder> {
  return moveCardOrderTo(tx, order, { ...values, status: values.status ?? order.status }, now);
}

/** The order's live card dead (refund, void); `unused` keeps a card that a gate admitted meanwhile. */
async function killCard(tx: Db, orderId: number, unused: boolean, now: Date): Promise<void> {
  const card = await liveCardOf(tx, orderId);
  if (!card || !LIVE.includes(card.state as CardStateCode)) return;
  const [killed] = await tx
    .update(cards)
    .set({ state: dead, updatedAt: now })
    .where(
      and(eq(cards.id, card.id), inArray(cards.state, LIVE), unused ? eq(cards.entriesUsed, 0) : undefined),
    )
    .returning({ id: cards.id });
  if (!killed) throw new AppError(409, unused ? 'cardUsedRefundNeedsAmount' : 'cardMoved');
}

/** The orders whose card is issued and not yet over: refunded (C7, C8) or voided (C10) from these. */
const OPEN: number[] = [CARD_ORDER_STATUS.paid, CARD_ORDER_STATUS.effective, CARD_ORDER_STATUS.inUse];

/**
 * C7 (201, 301 with no entry: the whole amount, or staff's) and C8 (401 or a card with entries:
 * only with `amount` ≤ paid, staff's override) → 203, the card dead at once. The money: paid online,
 * a refund record for the provider (sent by payments' refund sender, its status on the order's row);
 * from the member's balance, credited back; offline, given back at once (card-refunds.service.ts).
 * SMS template 7.
 */
export async function refundCardOrder(tx: Db, input: CardOrderRefund & Acting, now = new Date()) {
  const order = await orderOfArea(tx, input.scenicId, input.id);
  if (!OPEN.includes(order.status)) throw new AppError(409, 'cardOrderMoved');
  const card = await liveCardOf(tx, order.id);
  const used = order.status === CARD_ORDER_STATUS.inUse || (card?.entriesUsed ?? 0) > 0;
  if (used && input.amount === undefined) throw new AppError(409, 'cardUsedRefundNeedsAmount');
  const amount = input.amount ?? order.amount;
  if (amount > order.amount) throw new FieldError('amount', CardFieldReason.amountOverPaid);
  const after = await moveOrder(
    tx,
    order,
    { status: CARD_ORDER_STATUS.refunded, refundedAmount: amount, reason: input.reason },
    now,
  );
  await killCard(tx, order.id, input.amount === undefined, now);
  await giveCardMoneyBack(tx, order, { amount, reason: input.reason, adminId: input.adminId, now });
  if (amount > 0) await queueCardMessage(tx, after, { template: 7, amount, at: now });
  return { before: order, after };
}

/** C10: void (fraud, issued by mistake) → 501, the card dead at once, no money moves. */
export async function voidCardOrder(tx: Db, input: CardOrderVoid & Acting, now = new Date()) {
  const order = await orderOfArea(tx, input.scenicId, input.id);
  if (!OPEN.includes(order.status)) throw new AppError(409, 'cardOrderMoved');
  const after = await moveOrder(tx, order, { status: CARD_ORDER_STATUS.invalid, reason: input.reason }, now);
  await killCard(tx, order.id, false, now);
  return { before: order, after };
}
