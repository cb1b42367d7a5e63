import { asc, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { CardKindRow, CardOrderRow, CardRow } from '../../../shared/api/cards.ts';
import { maskIdNumber, maskPhone } from '../../../shared/api/reservations.ts';
import { hasPermission } from '../../../shared/perms.ts';
import type { Db } from '../../db/client.ts';
import { cards, type Card, type CardOrder } from './card-orders.table.ts';
import { refundStatesOf } from './card-refunds.service.ts';
import { cardKinds, type CardKind } from './cards.table.ts';

/** How personal data shows to a caller (docs/decisions.md "Members"): in full only with the permission. */
export interface Masks {
  phone: (v: string) => string;
  idNumber: (v: string) => string;
}

/** Phones as 138****1234 unless admin:user:phone; ID numbers as 1101**********1234 unless admin:traveler:idNumber. */
export function masksOf(req: FastifyRequest): Masks {
  const granted = req.auth?.permissions ?? [];
  const fullPhone = hasPermission(granted, 'admin:user:phone');
  const fullId = hasPermission(granted, 'admin:traveler:idNumber');
  return {
    phone: (v) => (v && !fullPhone ? maskPhone(v) : v),
    idNumber: (v) => (fullId ? v : maskIdNumber(v)),
  };
}

/** Card kind names by id. */
export async function kindNames(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  const wanted = [...new Set(ids)];
  if (!wanted.length) return new Map();
  const rows = await db
    .select({ id: cardKinds.id, name: cardKinds.name })
    .from(cardKinds)
    .where(inArray(cardKinds.id, wanted));
  return new Map(rows.map((r) => [r.id, r.name]));
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** A card kind as the console's lists answer it (the member and selling APIs answer part of it). */
export const kindRowOf = (k: CardKind): CardKindRow => ({
  id: k.id,
  name: k.name,
  cover: k.cover,
  description: k.description,
  price: k.price,
  validityType: k.validityType,
  validDays: k.validDays,
  validFrom: k.validFrom,
  validTo: k.validTo,
  productIds: k.productIds,
  perDayEntries: k.perDayEntries,
  totalEntries: k.totalEntries,
  blackoutDates: k.blackoutDates,
  photoRequired: k.photoRequired,
  realName: k.realName,
  status: k.status,
  channels: k.channels,
  createTime: k.createdAt.toISOString(),
  updateTime: k.updatedAt.toISOString(),
});

export const toCardRow = (c: Card, kindName: string, masks: Masks): CardRow => ({
  id: c.id,
  cardNo: c.cardNo,
  orderId: c.orderId,
  kindId: c.kindId,
  kindName,
  state: c.state,
  holderName: c.holderName,
  holderIdNumber: masks.idNumber(c.holderIdNumber),
  holderPhone: masks.phone(c.holderPhone),
  facePhoto: c.facePhoto,
  activatedAt: iso(c.activatedAt),
  validFrom: c.validFrom,
  validUntil: c.validUntil,
  entriesUsed: c.entriesUsed,
  entriesToday: c.entriesToday,
  lastEntryDay: c.lastEntryDay,
  replacedBy: c.replacedBy,
  icNo: c.icNo ?? '',
  createTime: c.createdAt.toISOString(),
  updateTime: c.updatedAt.toISOString(),
});

export const toOrderRow = (o: CardOrder, kindName: string, masks: Masks, cardNo = ''): CardOrderRow => ({
  id: o.id,
  orderNo: o.orderNo,
  kindId: o.kindId,
  kindName,
  cardNo,
  buyerName: o.buyerName,
  buyerPhone: masks.phone(o.buyerPhone),
  source: o.source,
  payWay: o.payWay,
  amount: o.amount,
  status: o.status,
  paidAt: iso(o.paidAt),
  refundedAmount: o.refundedAmount,
  reason: o.reason,
  clientId: o.clientId ?? '',
  memberId: o.memberId,
  expiresAt: iso(o.expiresAt),
  couponDiscount: o.couponDiscount,
  refundStatus: null,
  refundFailReason: '',
  createdBy: o.createdBy,
  createTime: o.createdAt.toISOString(),
  updateTime: o.updatedAt.toISOString(),
});

/** The response rows of cards (kind names read once). */
export async function cardRows(db: Db, masks: Masks, records: readonly Card[]): Promise<CardRow[]> {
  const names = await kindNames(
    db,
    records.map((c) => c.kindId),
  );
  return records.map((c) => toCardRow(c, names.get(c.kindId) ?? '', masks));
}

/** The number each order's card goes by now: a replaced card's successor (the newest card of the order). */
async function currentCardNos(db: Db, orderIds: readonly number[]): Promise<Map<number, string>> {
  if (!orderIds.length) return new Map();
  const rows = await db
    .select({ orderId: cards.orderId, cardNo: cards.cardNo })
    .from(cards)
    .where(inArray(cards.orderId, [...new Set(orderIds)]))
    .orderBy(asc(cards.id));
  return new Map(rows.map((r) => [r.orderId, r.cardNo]));
}

/** The response rows of card orders (kind names and card numbers read once). */
export async function orderRows(
  db: Db,
  masks: Masks,
  records: readonly CardOrder[],
): Promise<CardOrderRow[]> {
  const [names, cardNos, refunds] = await Promise.all([
    kindNames(
      db,
      records.map((o) => o.kindId),
    ),
    currentCardNos(
      db,
      records.map((o) => o.id),
    ),
    refundStatesOf(
      db,
      records.map((o) => o.id),
    ),
  ]);
  return records.map((o) => ({
    ...toOrderRow(o, names.get(o.kindId) ?? '', masks, cardNos.get(o.id)),
    // the money of a refund through a provider (card-refunds.service.ts)
    refundStatus: refunds.get(o.id)?.status ?? null,
    refundFailReason: refunds.get(o.id)?.failReason ?? '',
  }));
}
