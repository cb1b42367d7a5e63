import { asc, eq } from 'drizzle-orm';
import { idNumberCheckChar } from '../../../shared/api/staff-cards.ts';
import {
  CARD_ORDER_STATUS,
  CARD_STATE,
  type CardOrderStatusCode,
  type CardSaleSourceCode,
  type CardStateCode,
} from '../../../shared/dict/cards.ts';
import type { Db } from '../../db/client.ts';
import { addDays, areaDay, areaInstant, areaTimeZone } from '../../lib/area-clock.ts';
import { DEMO_PICTURES } from '../../lib/demo-pictures.ts';
import { seededRandom, type SeededRandom } from '../../lib/seeded-random.ts';
import { seedDemoCardKinds } from './card-kinds.seed.ts';
import { newCardNo, newCardOrderNo } from './card-issue.service.ts';
import { cardOrders, cards } from './card-orders.table.ts';
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

/** A valid-format mainland ID number (GB 11643 check character), born 1955-2005. */
function demoIdNumber(r: SeededRandom): string {
  const birth = new Date(Date.UTC(1955, 0, 1) + r.int(0, 18_000) * 86_400_000);
  const first17 = `${r.pick(REGIONS)}${birth.toISOString().slice(0, 10).replaceAll('-', '')}${String(r.int(0, 999)).padStart(3, '0')}`;
  return first17 + idNumberCheckChar(first17);
}

const demoPhone = (r: SeededRandom) => `${r.pick(PREFIXES)}${String(r.int(0, 99_999_999)).padStart(8, '0')}`;

/** What happened to one demo order: its status, the card's state, entries, a replacement. */
interface Outcome {
  status: CardOrderStatusCode;
  state: CardStateCode;
  used: boolean;
  replaced?: boolean;
  /** C8: part of the amount given back by staff after use */
  partial?: boolean;
}

const { effective, inUse, paid, refunded, invalid, expired } = CARD_ORDER_STATUS;
const { notActivated, active, frozen, dead } = CARD_STATE;

/** 60 outcomes: mostly effective and in use, some paid, refunded, void and expired; 3 frozen, 1 replaced. */
const OUTCOMES: Outcome[] = [
  ...Array.from({ length: 18 }, (): Outcome => ({ status: inUse, state: active, used: true })),
  ...Array.from({ length: 3 }, (): Outcome => ({ status: inUse, state: frozen, used: true })),
  { status: inUse, state: active, used: true, replaced: true },
  ...Array.from({ length: 16 }, (): Outcome => ({ status: effective, state: active, used: false })),
  ...Array.from({ length: 7 }, (): Outcome => ({ status: paid, state: notActivated, used: false })),
  ...Array.from({ length: 3 }, (): Outcome => ({ status: refunded, state: dead, used: false })),
  ...Array.from({ length: 2 }, (): Outcome => ({ status: refunded, state: dead, used: true, partial: true })),
  ...Array.from({ length: 4 }, (): Outcome => ({ status: invalid, state: dead, used: false })),
  ...Array.from({ length: 6 }, (): Outcome => ({ status: expired, state: CARD_STATE.expired, used: true })),
];

/** The kind of an outcome: the 90-day card for the expired ones, else by turns. */
function kindFor(kinds: CardKind[], o: Outcome, i: number): CardKind {
  const seasonal = kinds.find((k) => k.validDays === 90) ?? kinds[0]!;
  if (o.status === expired) return seasonal;
  return kinds[[0, 1, 0, 2, 0, 1, 2, 3][i % 8]! % kinds.length]!;
}

/** The day it was paid: within the validity still running today (the expired ones long ago). */
function paidDayFor(kind: CardKind, o: Outcome, today: string, r: SeededRandom): string {
  if (o.status === expired) return addDays(today, -r.int(100, 175));
  if (kind.validFrom) {
    const sinceStart = Math.round((Date.parse(today) - Date.parse(kind.validFrom)) / 86_400_000);
    return addDays(today, -r.int(0, Math.max(0, Math.min(170, sinceStart))));
  }
  return addDays(today, -r.int(0, kind.validDays ? Math.min(170, kind.validDays - 10) : 170));
}

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/** The card of an activated order: holder, validity and entries consistent with the outcome. */
function activatedCard(
  kind: CardKind,
  o: Outcome,
  paidDay: string,
  today: string,
  r: SeededRandom,
  zone: string,
) {
  const day = paidDay < today && r.next() < 0.4 ? addDays(paidDay, 1) : paidDay;
  const validFrom = kind.validFrom ?? day;
  const validUntil = kind.validTo ?? (kind.validDays ? addDays(day, kind.validDays - 1) : null);
  const lastDay = validUntil && validUntil < today ? validUntil : today;
  const span = daysBetween(day, lastDay) + 1;
  const cap = Math.min(span * (kind.perDayEntries || 2), kind.totalEntries || 80, 40);
  const entriesUsed = o.used ? r.int(1, Math.max(1, cap)) : 0;
  const realName = kind.realName === 1 || r.next() < 0.5;
  return {
    holderName: `${r.pick(SURNAMES)}${r.pick(GIVEN)}`,
    holderIdNumber: realName ? demoIdNumber(r) : '',
    holderPhone: demoPhone(r),
    facePhoto: kind.photoRequired ? DEMO_PICTURES[r.int(0, DEMO_PICTURES.length - 1)]! : '',
    activatedAt: areaInstant(
      day,
      `${String(r.int(9, 16)).padStart(2, '0')}:${String(r.int(0, 59)).padStart(2, '0')}`,
      zone,
    ),
    validFrom,
    validUntil,
    entriesUsed,
    entriesToday: entriesUsed ? 1 : 0,
    lastEntryDay: entriesUsed ? addDays(day, r.int(0, span - 1)) : null,
  };
}

const SOURCES_PAY: Record<CardSaleSourceCode, readonly number[]> = {
  winManagement: [1, 99],
  backstageManagement: [1, 99, 98],
  // the mini-program's own pay way (WeChat Pay) comes with C1/C3
  weixinManagement: [2],
};

/**
 * The demo area's card orders (docs/domain.md "Travel card"): 60 over the kinds in every status, the
 * activated ones with holders and entries that agree with their status (in use: entries; effective:
 * none), paid over the last months; three cards frozen and one replaced.
 */
export async function seedDemoCardOrders(tx: Db, scenicId: number, now = new Date()): Promise<void> {
  const zone = await areaTimeZone(tx, scenicId);
  const today = areaDay(now, zone);
  const kinds = await tx
    .select()
    .from(cardKinds)
    .where(eq(cardKinds.scenicId, scenicId))
    .orderBy(asc(cardKinds.id));
  if (!kinds.length) return;
  const r = seededRandom(32);
  for (const [i, o] of OUTCOMES.entries()) {
    const kind = kindFor(kinds, o, i);
    const paidDay = paidDayFor(kind, o, today, r);
    const paidAt = areaInstant(
      paidDay,
      `${String(r.int(8, 17)).padStart(2, '0')}:${String(r.int(0, 59)).padStart(2, '0')}`,
      zone,
    );
    const source = r.pick(kind.channels);
    const activated = o.status !== paid && (o.used || o.status === effective || r.next() < 0.5);
    const card = activated ? activatedCard(kind, o, paidDay, today, r, zone) : null;
    const [order] = await tx
      .insert(cardOrders)
      .values({
        scenicId,
        orderNo: newCardOrderNo(paidAt, zone),
        kindId: kind.id,
        buyerName: card?.holderName ?? `${r.pick(SURNAMES)}${r.pick(GIVEN)}`,
        buyerPhone: card?.holderPhone ?? demoPhone(r),
        source,
        payWay: r.pick(SOURCES_PAY[source]),
        amount: kind.price,
        status: o.status,
        paidAt,
        refundedAmount: o.status === refunded ? (o.partial ? Math.round(kind.price / 2) : kind.price) : 0,
        reason: o.status === refunded ? '游客申请退卡' : o.status === invalid ? '误操作重复售卡' : '',
        createdAt: paidAt,
        updatedAt: paidAt,
      })
      .returning({ id: cardOrders.id });
    const values = {
      scenicId,
      orderId: order!.id,
      kindId: kind.id,
      ...card,
      createdAt: paidAt,
      updatedAt: paidAt,
    };
    if (!o.replaced) {
      await tx.insert(cards).values({ ...values, cardNo: newCardNo(), state: o.state });
      continue;
    }
    const [fresh] = await tx
      .insert(cards)
      .values({ ...values, cardNo: newCardNo(), state: active })
      .returning();
    await tx
      .insert(cards)
      .values({ ...values, cardNo: newCardNo(), state: CARD_STATE.replaced, replacedBy: fresh!.id });
  }
}

/** The module's demo: the card kinds, then their orders and cards. */
export async function seedDemoCards(tx: Db, scenicId: number): Promise<void> {
  await seedDemoCardKinds(tx, scenicId);
  await seedDemoCardOrders(tx, scenicId);
}
