import crypto from 'node:crypto';
import { and, count, eq, inArray } from 'drizzle-orm';
import type { CardHolder, CardOrderCreate } from '../../../shared/api/cards.ts';
import {
  CARD_CODE_STATUS,
  CARD_ORDER_STATUS,
  CARD_PAY_WAY_CODE,
  CARD_STATE,
  CARD_VALIDITY,
} from '../../../shared/dict/cards.ts';
import type { Db } from '../../db/client.ts';
import { AppError, FieldError } from '../../http/errors.ts';
import { addDays, areaDay, areaTimeZone } from '../../lib/area-clock.ts';
import { cardCodeBatches, cardCodes } from './card-codes.table.ts';
import { queueCardMessage } from './card-messages.ts';
import { transitionCardOrder } from './card-order-state.ts';
import { cardOrders, cards, type Card, type CardOrder } from './card-orders.table.ts';
import { CardFieldReason } from './cards.messages.ts';
import { cardKinds, type CardKind } from './cards.table.ts';

/** The staff member acting in an area (http/action.ts ActingStaff); null for a member or a channel (card-sales.service.ts). */
export interface Acting {
  scenicId: number;
  adminId: number | null;
}

/** 'C' + yyyyMMdd (the area's day) + 10 random digits, as ticket ('T') and shop ('S') orders. */
export function newCardOrderNo(now: Date, timeZone: string): string {
  const digits = crypto.randomInt(0, 10_000_000_000).toString().padStart(10, '0');
  return `C${areaDay(now, timeZone).replaceAll('-', '')}${digits}`;
}

// no 0/O and 1/I: typed from a printed card without doubt; 32 letters, 5 bits each
const CARD_NO_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** A new card number: 16 characters of a 32-letter alphabet, 80 random bits (not guessable). */
export function newCardNo(): string {
  return [...crypto.randomBytes(16)].map((b) => CARD_NO_ALPHABET[b & 31]).join('');
}

/** A card of the area, 404 otherwise. */
export async function cardOfArea(db: Db, scenicId: number, id: number): Promise<Card> {
  const [card] = await db
    .select()
    .from(cards)
    .where(and(eq(cards.id, id), eq(cards.scenicId, scenicId)));
  if (!card) throw new AppError(404, 'recordNotFound');
  return card;
}

/** A card order of the area, 404 otherwise. */
export async function orderOfArea(db: Db, scenicId: number, id: number): Promise<CardOrder> {
  const [order] = await db
    .select()
    .from(cardOrders)
    .where(and(eq(cardOrders.id, id), eq(cardOrders.scenicId, scenicId)));
  if (!order) throw new AppError(404, 'recordNotFound');
  return order;
}

/** docs/domain.md "Travel card": a kind with cards sold (or redeem codes) is never deleted (409), only taken off the shelf. */
export async function keepSoldKind(tx: Db, kindId: number): Promise<void> {
  const [sold] = await tx.select({ n: count() }).from(cardOrders).where(eq(cardOrders.kindId, kindId));
  if (sold && sold.n > 0) throw new AppError(409, 'cardKindHasOrders', { params: { count: sold.n } });
  const [batches] = await tx
    .select({ n: count() })
    .from(cardCodeBatches)
    .where(eq(cardCodeBatches.kindId, kindId));
  if (batches && batches.n > 0) throw new AppError(409, 'cardKindHasCodes');
}

const kindOf = async (db: Db, id: number) =>
  (await db.select().from(cardKinds).where(eq(cardKinds.id, id)))[0]!;

/**
 * The kind's real-name rule (1 required: name and ID number; 2 not needed; 3 the visitor chooses,
 * checked by the schema when given) and its photo rule, else a 400 naming the holder's field.
 */
export function checkHolder(kind: CardKind, holder: CardHolder, prefix = 'holder'): void {
  if (kind.realName === 1) {
    if (!holder.name) throw new FieldError(`${prefix}.name`, CardFieldReason.realNameRequired);
    if (!holder.idNumber) throw new FieldError(`${prefix}.idNumber`, CardFieldReason.realNameRequired);
  }
  if (kind.photoRequired && !holder.facePhoto)
    throw new FieldError(`${prefix}.facePhoto`, CardFieldReason.photoRequired);
}

/** The card's validity activated today: days from today, the kind's fixed dates (today within them), or permanent. */
function validityFrom(kind: CardKind, today: string): { validFrom: string; validUntil: string | null } {
  if (kind.validityType === CARD_VALIDITY.permanent) return { validFrom: today, validUntil: null };
  if (kind.validDays != null) return { validFrom: today, validUntil: addDays(today, kind.validDays - 1) };
  const from = kind.validFrom!;
  const to = kind.validTo!;
  if (today < from || today > to)
    throw new AppError(409, 'cardOutsideDates', { params: { from, to, today } });
  return { validFrom: from, validUntil: to };
}

export const holderColumns = (h: CardHolder) => ({
  holderName: h.name,
  holderIdNumber: h.idNumber,
  holderPhone: h.phone,
  facePhoto: h.facePhoto,
});

/**
 * C5: the holder recorded, the card 1 → 2 and its order 201 → 301, each by compare-and-set (409 when
 * either moved meanwhile); valid from today in the area's time zone.
 */
export async function activateCard(
  tx: Db,
  input: { scenicId: number; id: number; holder: CardHolder },
  now = new Date(),
): Promise<Card> {
  const card = await cardOfArea(tx, input.scenicId, input.id);
  if (card.state !== CARD_STATE.notActivated) throw new AppError(409, 'cardMoved');
  const kind = await kindOf(tx, card.kindId);
  checkHolder(kind, input.holder);
  const today = areaDay(now, await areaTimeZone(tx, input.scenicId));
  const [activated] = await tx
    .update(cards)
    .set({
      ...holderColumns(input.holder),
      ...validityFrom(kind, today),
      state: CARD_STATE.active,
      activatedAt: now,
      updatedAt: now,
    })
    .where(and(eq(cards.id, card.id), eq(cards.state, CARD_STATE.notActivated)))
    .returning();
  if (!activated) throw new AppError(409, 'cardMoved');
  await transitionCardOrder(tx, { id: card.orderId, transition: 'C5', now });
  // R3: the code this card's order was redeemed with (if any) 201 → 301; the code keeps the card it
  // became, which a replacement (same order, new number) may since have succeeded
  await tx
    .update(cardCodes)
    .set({ status: CARD_CODE_STATUS.activated })
    .where(
      and(
        inArray(
          cardCodes.cardId,
          tx.select({ id: cards.id }).from(cards).where(eq(cards.orderId, card.orderId)),
        ),
        eq(cardCodes.status, CARD_CODE_STATUS.notActivated),
      ),
    );
  return activated;
}

/** A sale: paid at the back office (CardOrderCreate), or by a redeem code (R2: pay way 0, amount 0). */
export type CardSale = Omit<CardOrderCreate, 'payWay'> & {
  payWay: CardOrderCreate['payWay'] | typeof CARD_PAY_WAY_CODE;
};

/**
 * C2 from the back office: a kind of the area, on shelf and sold by `backstageManagement`; one order
 * paid at once (cash, POS, on account) and its card not activated, SMS template 4 queued; with a
 * holder the card is activated (C5) in the same transaction. Paid by a redeem code (R2) the kind
 * only needs to be the area's (the code was generated for it) and the amount is 0.
 */
export async function sellCard(
  tx: Db,
  input: CardSale & Acting,
  now = new Date(),
): Promise<{ order: CardOrder; card: Card }> {
  const [kind] = await tx
    .select()
    .from(cardKinds)
    .where(and(eq(cardKinds.id, input.kindId), eq(cardKinds.scenicId, input.scenicId)));
  const byCode = input.payWay === CARD_PAY_WAY_CODE;
  if (!kind || (!byCode && (kind.status !== 1 || !kind.channels.includes('backstageManagement'))))
    throw new FieldError('kindId', CardFieldReason.kindNotSellable);
  const [order] = await tx
    .insert(cardOrders)
    .values({
      scenicId: input.scenicId,
      orderNo: newCardOrderNo(now, await areaTimeZone(tx, input.scenicId)),
      kindId: kind.id,
      buyerName: input.buyer.name,
      buyerPhone: input.buyer.phone,
      source: 'backstageManagement',
      payWay: input.payWay,
      amount: byCode ? 0 : kind.price,
      status: CARD_ORDER_STATUS.paid,
      paidAt: now,
      createdBy: input.adminId,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  const [card] = await tx
    .insert(cards)
    .values({
      scenicId: input.scenicId,
      cardNo: newCardNo(),
      orderId: order!.id,
      kindId: kind.id,
      createdAt: now,
      updatedAt: now,
    })
    .returning();
  await queueCardMessage(tx, order!, { template: 4, amount: order!.amount, at: now });
  if (!input.holder) return { order: order!, card: card! };
  const activated = await activateCard(
    tx,
    { scenicId: input.scenicId, id: card!.id, holder: input.holder },
    now,
  );
  return { order: { ...order!, status: CARD_ORDER_STATUS.effective }, card: activated };
}
