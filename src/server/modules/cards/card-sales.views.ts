import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { CardSaleCard, CardSaleKind, CardSaleOrder } from '../../../shared/api/card-sales.ts';
import { CARD_STATE, type CardSaleSourceCode } from '../../../shared/dict/cards.ts';
import type { Db } from '../../db/client.ts';
import { kindNames, kindRowOf } from './card-rows.ts';
import { refundStatesOf } from './card-refunds.service.ts';
import { cardOrders, cards, type Card, type CardOrder } from './card-orders.table.ts';
import { cardKinds, type CardKind } from './cards.table.ts';

/** What the member and selling APIs answer about kinds, orders and cards (the buyer's own view). */

const iso = (d: Date | null) => d?.toISOString() ?? null;

export const saleKindOf = (k: CardKind): CardSaleKind => {
  // the console's row less what only staff see: products, blackout days, shelf, channels, times
  const {
    productIds: _p,
    blackoutDates: _b,
    status: _s,
    channels: _c,
    createTime: _ct,
    updateTime: _ut,
    ...sale
  } = kindRowOf(k);
  return sale;
};

/** The area's kinds on shelf sold through `source`, cheapest first. */
export async function kindsOnSale(
  db: Db,
  scenicId: number,
  source: CardSaleSourceCode,
): Promise<CardSaleKind[]> {
  const rows = await db
    .select()
    .from(cardKinds)
    .where(
      and(
        eq(cardKinds.scenicId, scenicId),
        eq(cardKinds.status, 1),
        sql`${cardKinds.channels} @> ${JSON.stringify([source])}::jsonb`,
      ),
    )
    .orderBy(asc(cardKinds.price), asc(cardKinds.id));
  return rows.map(saleKindOf);
}

const saleCardOf = (c: Card, orderNo: string, kindName: string): CardSaleCard => ({
  id: c.id,
  cardNo: c.cardNo,
  orderNo,
  kindId: c.kindId,
  kindName,
  state: c.state,
  holderName: c.holderName,
  activatedAt: iso(c.activatedAt),
  validFrom: c.validFrom,
  validUntil: c.validUntil,
  entriesUsed: c.entriesUsed,
});

/** The orders as their buyer sees them, each with its live card (a replaced one's successor). */
export async function saleOrdersOf(db: Db, orders: readonly CardOrder[]): Promise<CardSaleOrder[]> {
  const ids = orders.map((o) => o.id);
  const [names, refunds, issued] = await Promise.all([
    kindNames(
      db,
      orders.map((o) => o.kindId),
    ),
    refundStatesOf(db, ids),
    ids.length
      ? db
          .select()
          .from(cards)
          .where(and(inArray(cards.orderId, ids), ne(cards.state, CARD_STATE.replaced)))
      : Promise.resolve([] as Card[]),
  ]);
  const cardOf = new Map(issued.map((c) => [c.orderId, c]));
  return orders.map((o) => {
    const kindName = names.get(o.kindId) ?? '';
    const card = cardOf.get(o.id);
    return {
      orderNo: o.orderNo,
      kindId: o.kindId,
      kindName,
      status: o.status,
      source: o.source,
      payWay: o.payWay,
      amount: o.amount,
      couponDiscount: o.couponDiscount,
      paidAt: iso(o.paidAt),
      expiresAt: iso(o.expiresAt),
      refundedAmount: o.refundedAmount,
      refundStatus: refunds.get(o.id)?.status ?? null,
      createTime: o.createdAt.toISOString(),
      card: card ? saleCardOf(card, o.orderNo, kindName) : null,
    };
  });
}

export const saleOrderOf = async (db: Db, order: CardOrder) => (await saleOrdersOf(db, [order]))[0]!;

/** A member's card orders, newest first (the last 100). */
export async function memberCardOrders(db: Db, scenicId: number, memberId: number): Promise<CardOrder[]> {
  return db
    .select()
    .from(cardOrders)
    .where(and(eq(cardOrders.scenicId, scenicId), eq(cardOrders.memberId, memberId)))
    .orderBy(desc(cardOrders.createdAt), desc(cardOrders.id))
    .limit(100);
}

/** A member's cards in hand (not replaced), newest first. */
export async function memberCards(db: Db, scenicId: number, memberId: number): Promise<CardSaleCard[]> {
  const rows = await db
    .select({ card: cards, orderNo: cardOrders.orderNo })
    .from(cards)
    .innerJoin(cardOrders, eq(cardOrders.id, cards.orderId))
    .where(
      and(
        eq(cards.scenicId, scenicId),
        eq(cardOrders.memberId, memberId),
        ne(cards.state, CARD_STATE.replaced),
      ),
    )
    .orderBy(desc(cards.id))
    .limit(100);
  const names = await kindNames(
    db,
    rows.map((r) => r.card.kindId),
  );
  return rows.map((r) => saleCardOf(r.card, r.orderNo, names.get(r.card.kindId) ?? ''));
}

/** The member's own card in the area (404 for anyone else's, as a missing one). */
export async function memberCard(
  db: Db,
  scenicId: number,
  memberId: number,
  cardId: number,
): Promise<Card | null> {
  const [row] = await db
    .select({ card: cards })
    .from(cards)
    .innerJoin(cardOrders, eq(cardOrders.id, cards.orderId))
    .where(and(eq(cards.id, cardId), eq(cards.scenicId, scenicId), eq(cardOrders.memberId, memberId)));
  return row?.card ?? null;
}
