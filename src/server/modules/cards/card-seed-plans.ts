// What the demo's card orders, cards and redeem codes share: the visitors, and one writer that puts
// planned orders and their cards into the database in a few multi-row statements.
import { asc, eq, inArray } from 'drizzle-orm';
import { idNumberCheckChar } from '../../../shared/api/staff-cards.ts';
import {
  CARD_STATE,
  type CardOrderStatusCode,
  type CardSaleSourceCode,
  type CardStateCode,
} from '../../../shared/dict/cards.ts';
import { allowedCardOrderPairs } from '../../../shared/domain/card-order-transitions.ts';
import type { Db } from '../../db/client.ts';
import { addDays, areaDay, areaInstant, areaTimeZone } from '../../lib/area-clock.ts';
import { DEMO_PICTURES } from '../../lib/demo-pictures.ts';
import type { SeededRandom } from '../../lib/seeded-random.ts';
import { newCardNo, newCardOrderNo } from './card-issue.service.ts';
import { cardHolderChanges, cardOrders, cardRefunds, cards } from './card-orders.table.ts';
import { cardKinds, type CardKind } from './cards.table.ts';

const SURNAMES = [
  '王',
  '李',
  '张',
  '刘',
  '陈',
  '杨',
  '黄',
  '赵',
  '周',
  '吴',
  '徐',
  '孙',
  '胡',
  '朱',
  '高',
  '林',
];
const GIVEN = [
  '建华',
  '秀英',
  '志强',
  '晓燕',
  '子涵',
  '浩然',
  '雨桐',
  '思远',
  '佳怡',
  '俊杰',
  '丽娟',
  '国强',
  '梦琪',
  '文博',
];
const REGIONS = ['330106', '330102', '330110', '310104', '320102', '110105', '440305', '510107'];
const PREFIXES = ['139', '138', '137', '158', '159', '186', '188', '177', '135'];

/** The demo area's time zone, its today and its card kinds (oldest first). */
export async function demoArea(tx: Db, scenicId: number, now: Date) {
  const zone = await areaTimeZone(tx, scenicId);
  const kinds = await tx
    .select()
    .from(cardKinds)
    .where(eq(cardKinds.scenicId, scenicId))
    .orderBy(asc(cardKinds.id));
  return { zone, today: areaDay(now, zone), kinds };
}

export const demoName = (r: SeededRandom) => `${r.pick(SURNAMES)}${r.pick(GIVEN)}`;
export const demoPhone = (r: SeededRandom) =>
  `${r.pick(PREFIXES)}${String(r.int(0, 99_999_999)).padStart(8, '0')}`;

/** A valid-format mainland ID number (GB 11643 check character), born 1955-2005. */
export function demoIdNumber(r: SeededRandom): string {
  const birth = new Date(Date.UTC(1955, 0, 1) + r.int(0, 18_000) * 86_400_000);
  const first17 = `${r.pick(REGIONS)}${birth.toISOString().slice(0, 10).replaceAll('-', '')}${String(r.int(0, 999)).padStart(3, '0')}`;
  return first17 + idNumberCheckChar(first17);
}

/** An instant of the area's day between `from` and `to` o'clock. */
export const demoInstant = (day: string, r: SeededRandom, zone: string, from = 8, to = 17) =>
  areaInstant(
    day,
    `${String(r.int(from, to)).padStart(2, '0')}:${String(r.int(0, 59)).padStart(2, '0')}`,
    zone,
  );

/** The holder and validity of a card activated on `day` (C5): the kind's days, its dates, or permanent. */
export function demoActivation(kind: CardKind, day: string, r: SeededRandom, zone: string) {
  const realName = kind.realName === 1 || r.next() < 0.5;
  return {
    holderName: demoName(r),
    holderIdNumber: realName ? demoIdNumber(r) : '',
    holderPhone: demoPhone(r),
    facePhoto: kind.photoRequired ? DEMO_PICTURES[r.int(0, DEMO_PICTURES.length - 1)]! : '',
    activatedAt: demoInstant(day, r, zone, 9, 16),
    validFrom: kind.validFrom ?? day,
    validUntil: kind.validTo ?? (kind.validDays ? addDays(day, kind.validDays - 1) : null),
  };
}

export type DemoActivation = ReturnType<typeof demoActivation>;

/**
 * One demo order as it happened: the statuses it went through along C1-C10 (the first 101 or 201),
 * its card (none for an order never paid) and what followed.
 */
export interface CardPlan {
  kind: CardKind;
  createdAt: Date;
  paidAt: Date | null;
  /** when the last move happened (a refund, a void, the expiry) */
  updatedAt: Date;
  source: CardSaleSourceCode;
  /** null while unpaid (C1) and when cancelled unpaid (C4) */
  payWay: number | null;
  amount: number;
  path: CardOrderStatusCode[];
  refundedAmount?: number;
  reason?: string;
  /** the buyer; the holder when the card was activated */
  buyer: { name: string; phone: string };
  card: {
    state: CardStateCode;
    activation: DemoActivation | null;
    replaced?: boolean;
    /** entries the card had at the gates (its order went through 401): the gate log's seed writes them */
    entriesUsed?: number;
  } | null;
  /** the holder's phone changed by staff once (card_holder_changes) */
  holderChange?: { at: Date; phone: string };
}

const CHUNK = 500;
const chunks = <T>(items: readonly T[]) =>
  Array.from({ length: Math.ceil(items.length / CHUNK) }, (_, i) => items.slice(i * CHUNK, (i + 1) * CHUNK));

const providerTxnId = (r: SeededRandom) => `4200${Array.from({ length: 24 }, () => r.int(0, 9)).join('')}`;

/** Inserts the orders at the first status of their paths; answers their ids in plan order. */
async function insertOrders(tx: Db, scenicId: number, plans: CardPlan[], zone: string, r: SeededRandom) {
  const ids: number[] = [];
  for (const part of chunks(plans)) {
    const rows = part.map((p) => ({
      scenicId,
      orderNo: newCardOrderNo(p.createdAt, zone),
      kindId: p.kind.id,
      buyerName: p.buyer.name,
      buyerPhone: p.buyer.phone,
      source: p.source,
      // the selling client, as the selling and member APIs keep it; none from the back office
      clientId: p.source === 'backstageManagement' ? null : p.source,
      payWay: p.payWay,
      amount: p.amount,
      status: p.path[0]!,
      paidAt: p.paidAt,
      refundedAmount: p.refundedAmount ?? 0,
      reason: p.reason ?? '',
      // C1 orders of the mini-program: 15 minutes to pay; paid online through WeChat Pay
      expiresAt: p.path[0] === 101 ? new Date(p.createdAt.getTime() + 15 * 60_000) : null,
      provider: p.payWay === 2 && p.paidAt ? 'wechat' : null,
      providerTxnId: p.payWay === 2 && p.paidAt ? providerTxnId(r) : null,
      createdAt: p.createdAt,
      updatedAt: p.updatedAt,
    }));
    const written = await tx
      .insert(cardOrders)
      .values(rows)
      .returning({ id: cardOrders.id, no: cardOrders.orderNo });
    const byNo = new Map(written.map((w) => [w.no, w.id]));
    ids.push(...rows.map((row) => byNo.get(row.orderNo)!));
  }
  return ids;
}

/**
 * Moves the orders along their paths, one UPDATE per step and target: each move is an edge of the
 * transition table, which the database's trigger checks as for any other writer.
 */
async function walkPaths(tx: Db, plans: CardPlan[], ids: number[]) {
  const allowed = new Set(allowedCardOrderPairs().map(([a, b]) => `${a}>${b}`));
  const longest = Math.max(0, ...plans.map((p) => p.path.length));
  for (let step = 1; step < longest; step++) {
    const byTarget = new Map<number, number[]>();
    plans.forEach((p, i) => {
      const to = p.path[step];
      if (to === undefined) return;
      if (!allowed.has(`${p.path[step - 1]}>${to}`))
        throw new Error(`demo card order path ${p.path.join('>')}`);
      byTarget.set(to, [...(byTarget.get(to) ?? []), ids[i]!]);
    });
    for (const [to, orderIds] of byTarget)
      for (const part of chunks(orderIds))
        await tx
          .update(cardOrders)
          .set({ status: to as CardOrderStatusCode })
          .where(inArray(cardOrders.id, part));
  }
}

const EMPTY_HOLDER = { holderName: '', holderIdNumber: '', holderPhone: '', facePhoto: '' };

/** The cards of the plans (a replaced one: the new card, then the old one pointing to it). */
async function insertCards(tx: Db, scenicId: number, plans: CardPlan[], ids: number[]) {
  const cardOf = new Map<number, number>();
  const rows = plans.flatMap((p, i) =>
    p.card
      ? [
          {
            scenicId,
            cardNo: newCardNo(),
            orderId: ids[i]!,
            kindId: p.kind.id,
            state: p.card.state,
            entriesUsed: p.card.entriesUsed ?? 0,
            ...(p.card.activation ?? EMPTY_HOLDER),
            createdAt: p.paidAt ?? p.createdAt,
            updatedAt: p.updatedAt,
          },
        ]
      : [],
  );
  for (const part of chunks(rows)) {
    const written = await tx.insert(cards).values(part).returning({ id: cards.id, orderId: cards.orderId });
    for (const w of written) cardOf.set(w.orderId, w.id);
  }
  const withCards = plans.filter((p) => p.card);
  const replaced = rows.filter((_, i) => withCards[i]!.card!.replaced);
  for (const part of chunks(replaced))
    await tx.insert(cards).values(
      part.map((row) => ({
        ...row,
        cardNo: newCardNo(),
        state: CARD_STATE.replaced,
        replacedBy: cardOf.get(row.orderId)!,
      })),
    );
  return cardOf;
}

/** Staff's change of a holder's phone, kept as card_holder_changes rows. */
async function insertHolderChanges(tx: Db, plans: CardPlan[], ids: number[], cardOf: Map<number, number>) {
  const rows = plans.flatMap((p, i) => {
    const a = p.card?.activation;
    if (!p.holderChange || !a) return [];
    const before = {
      name: a.holderName,
      idNumber: a.holderIdNumber,
      phone: p.holderChange.phone,
      facePhoto: a.facePhoto,
    };
    return [
      {
        cardId: cardOf.get(ids[i]!)!,
        adminId: null,
        before,
        after: { ...before, phone: a.holderPhone },
        reason: '持卡人更换手机号',
        createdAt: p.holderChange.at,
      },
    ];
  });
  for (const part of chunks(rows)) await tx.insert(cardHolderChanges).values(part);
}

/** The money given back online, as the refund sender leaves it (card_refunds done). */
async function insertRefunds(tx: Db, scenicId: number, plans: CardPlan[], ids: number[]) {
  const rows = plans.flatMap((p, i) =>
    p.path.at(-1) === 203 && p.payWay === 2 && p.refundedAmount
      ? [{ i, amount: p.refundedAmount, reason: p.reason ?? '', at: p.updatedAt }]
      : [],
  );
  if (!rows.length) return;
  const txns = new Map(
    (
      await tx
        .select({ id: cardOrders.id, txn: cardOrders.providerTxnId })
        .from(cardOrders)
        .where(
          inArray(
            cardOrders.id,
            rows.map((row) => ids[row.i]!),
          ),
        )
    ).map((o) => [o.id, o.txn]),
  );
  await tx.insert(cardRefunds).values(
    rows.map((row) => ({
      scenicId,
      orderId: ids[row.i]!,
      payWay: 2,
      provider: 'wechat',
      providerTxnId: txns.get(ids[row.i]!) ?? '',
      amount: row.amount,
      status: 'done',
      reason: row.reason,
      providerRefundId: `50${String(ids[row.i]).padStart(18, '0')}`,
      doneAt: row.at,
      createdAt: row.at,
      updatedAt: row.at,
    })),
  );
}

/**
 * Writes planned orders with their cards, holder changes and online refunds in a few multi-row
 * statements; answers each plan's card id (the live one; undefined without a card).
 */
export async function writeCardPlans(
  tx: Db,
  scenicId: number,
  plans: CardPlan[],
  zone: string,
  r: SeededRandom,
): Promise<(number | undefined)[]> {
  if (!plans.length) return [];
  const ids = await insertOrders(tx, scenicId, plans, zone, r);
  await walkPaths(tx, plans, ids);
  const cardOf = await insertCards(tx, scenicId, plans, ids);
  await insertHolderChanges(tx, plans, ids, cardOf);
  await insertRefunds(tx, scenicId, plans, ids);
  return ids.map((id) => cardOf.get(id));
}
