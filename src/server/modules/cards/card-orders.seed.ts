import {
  CARD_ORDER_STATUS,
  CARD_STATE,
  CARD_VALIDITY,
  type CardOrderStatusCode,
  type CardSaleSourceCode,
} from '../../../shared/dict/cards.ts';
import type { Db } from '../../db/client.ts';
import { addDays } from '../../lib/area-clock.ts';
import { seededRandom, type SeededRandom } from '../../lib/seeded-random.ts';
import { seedDemoCardCodes } from './card-codes.seed.ts';
import { seedDemoCardKinds } from './card-kinds.seed.ts';
import { seedDemoCardEntries } from './card-entries.seed.ts';
import {
  demoActivation,
  demoArea,
  demoInstant,
  demoName,
  demoPhone,
  writeCardPlans,
  type CardPlan,
} from './card-seed-plans.ts';
import type { CardKind } from './cards.table.ts';

/** How many card orders the demo has paid (plus some never paid): about 2,000 cards with the codes'. */
export const DEMO_PAID_CARD_ORDERS = 1_900;
const DEMO_CANCELLED = 30;
const DEMO_UNPAID = 4;

const { unpaid, paid, refunded, effective, inUse, invalid, expired } = CARD_ORDER_STATUS;

/** The pay ways of each source: the window and back office take money offline, the mini-program WeChat Pay. */
const SOURCES_PAY: Record<CardSaleSourceCode, readonly number[]> = {
  winManagement: [1, 99],
  backstageManagement: [1, 99, 98],
  weixinManagement: [2],
};

const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000);

/** The demo's four kinds by what they are (the seed of card-kinds.seed.ts), sold about 8 : 6 : 4 : 1. */
function kindPicker(kinds: CardKind[], today: string, r: SeededRandom) {
  const year = kinds.find((k) => k.validDays === 365) ?? kinds[0]!;
  const season = kinds.find((k) => k.validDays === 90) ?? year;
  const dated = kinds.find((k) => k.validFrom) ?? year;
  const permanent = kinds.find((k) => k.validityType === CARD_VALIDITY.permanent) ?? year;
  return (): { kind: CardKind; day: string } => {
    const u = r.next();
    // more sales lately: days back weighted towards today
    const back = Math.floor(364 * r.next() ** 1.4);
    const day = addDays(today, -back);
    const kind = u < 0.42 ? year : u < 0.74 ? season : u < 0.95 ? dated : permanent;
    // the dated kind sells only within its dates
    if (kind.validFrom && (day < kind.validFrom || day > kind.validTo!)) return { kind: year, day };
    return { kind, day };
  };
}

/** A paid order's story after the sale: refunded, voided, waiting, or activated and then used, frozen, replaced, expired. */
function paidPlan(
  kind: CardKind,
  paidDay: string,
  today: string,
  r: SeededRandom,
  zone: string,
  now: Date,
): CardPlan {
  const paidAt =
    paidDay === today ? new Date(now.getTime() - r.int(5, 240) * 60_000) : demoInstant(paidDay, r, zone);
  const source = r.pick(kind.channels);
  const buyer = { name: demoName(r), phone: demoPhone(r) };
  const payWay = r.pick(SOURCES_PAY[source]);
  // paid online: placed unpaid a few minutes before (C1), then the provider's payment (C3)
  const online = payWay === 2;
  const base = {
    kind,
    createdAt: online ? new Date(paidAt.getTime() - r.int(1, 10) * 60_000) : paidAt,
    paidAt,
    updatedAt: paidAt,
    source,
    payWay,
    amount: kind.price,
    buyer,
  };
  const sold: CardOrderStatusCode[] = online ? [unpaid, paid] : [paid];
  const fate = r.next();
  const age = daysBetween(paidDay, today);
  const later = (maxDays: number) => {
    const day = addDays(paidDay, r.int(0, Math.max(0, Math.min(maxDays, age))));
    const at = day === today ? now : demoInstant(day, r, zone, 10, 17);
    return at < paidAt ? paidAt : at;
  };
  // not activated yet: bought lately, or refunded / voided before activation
  if (fate < 0.05 || (age <= 60 && fate < 0.12)) {
    if (fate < 0.02)
      return {
        ...base,
        path: [...sold, refunded],
        refundedAmount: kind.price,
        reason: '游客申请退卡',
        updatedAt: later(20),
        card: { state: CARD_STATE.dead, activation: null },
      };
    if (fate < 0.025)
      return {
        ...base,
        path: [...sold, invalid],
        reason: '误操作重复售卡',
        updatedAt: later(3),
        card: { state: CARD_STATE.dead, activation: null },
      };
    return { ...base, path: sold, card: { state: CARD_STATE.notActivated, activation: null } };
  }
  const actDay = r.next() < 0.7 || age === 0 ? paidDay : addDays(paidDay, r.int(1, Math.min(3, age)));
  const activation = demoActivation(kind, actDay, r, zone);
  if (activation.activatedAt > now) activation.activatedAt = paidAt;
  const person = { name: activation.holderName, phone: activation.holderPhone };
  const used = actDay < today && r.next() < 0.75;
  // a used card's entries (the gate log's seed writes them, up to the order's last move)
  const entriesUsed = used ? r.int(1, 12) : 0;
  const card = (state: (typeof CARD_STATE)[keyof typeof CARD_STATE]) => ({ state, activation, entriesUsed });
  const after = r.next();
  // a refund or void after activation: a day after it at the earliest when used, within the validity
  const afterActivation = () => {
    const room = Math.min(
      30,
      daysBetween(actDay, today),
      activation.validUntil ? daysBetween(actDay, activation.validUntil) : 30,
    );
    const day = addDays(actDay, r.int(Math.min(used ? 1 : 0, room), Math.max(0, room)));
    const at = day === today ? now : demoInstant(day, r, zone, 10, 17);
    return at < activation.activatedAt ? activation.activatedAt : at;
  };
  // refunds after activation: unused (C7, all of it) or used (C8, half by staff's override); voids (C10)
  if (after < 0.03)
    return {
      ...base,
      buyer: person,
      path: used ? [...sold, effective, inUse, refunded] : [...sold, effective, refunded],
      refundedAmount: used ? Math.round(kind.price / 2) : kind.price,
      reason: used ? '游客身体原因，协商退一半' : '游客申请退卡',
      updatedAt: afterActivation(),
      card: card(CARD_STATE.dead),
    };
  if (after < 0.037)
    return {
      ...base,
      buyer: person,
      path: used ? [...sold, effective, inUse, invalid] : [...sold, effective, invalid],
      reason: '冒用他人身份信息',
      updatedAt: afterActivation(),
      card: card(CARD_STATE.dead),
    };
  const moved: CardOrderStatusCode[] = used ? [...sold, effective, inUse] : [...sold, effective];
  // C9: validity over before today
  if (activation.validUntil && activation.validUntil < today) {
    const end = demoInstant(addDays(activation.validUntil, 1), r, zone, 0, 0);
    return {
      ...base,
      buyer: person,
      path: [...moved, expired],
      updatedAt: end,
      card: card(CARD_STATE.expired),
    };
  }
  const plan: CardPlan = { ...base, buyer: person, path: moved, card: card(CARD_STATE.active) };
  const u = r.next();
  if (u < 0.04) plan.card = card(CARD_STATE.frozen);
  else if (u < 0.07) plan.card = { ...card(CARD_STATE.active), replaced: true };
  if (r.next() < 0.05 && actDay < today)
    plan.holderChange = {
      at: demoInstant(addDays(actDay, r.int(1, daysBetween(actDay, today))), r, zone, 9, 17),
      phone: demoPhone(r),
    };
  if (plan.holderChange && plan.holderChange.at > now) plan.holderChange.at = now;
  return plan;
}

/** The mini-program's orders never paid: a few waiting now (C1), more cancelled at their deadline (C4). */
function unpaidPlans(kinds: CardKind[], today: string, r: SeededRandom, zone: string, now: Date): CardPlan[] {
  const online = kinds.filter((k) => k.status === 1 && k.channels.includes('weixinManagement'));
  if (!online.length) return [];
  return Array.from({ length: DEMO_CANCELLED + DEMO_UNPAID }, (_, i): CardPlan => {
    const kind = r.pick(online);
    const waiting = i < DEMO_UNPAID;
    const createdAt = waiting
      ? new Date(now.getTime() - r.int(1, 10) * 60_000)
      : demoInstant(addDays(today, -r.int(1, 200)), r, zone, 8, 21);
    const plan = {
      kind,
      createdAt,
      paidAt: null,
      source: 'weixinManagement' as const,
      // no pay way until a payment names one
      payWay: null,
      amount: kind.price,
      buyer: { name: demoName(r), phone: demoPhone(r) },
      card: null,
    };
    return waiting
      ? { ...plan, updatedAt: createdAt, path: [unpaid] }
      : { ...plan, updatedAt: new Date(createdAt.getTime() + 15 * 60_000), path: [unpaid, invalid] };
  });
}

/**
 * The demo area's card orders (docs/domain.md "Travel card"): about 1,900 paid over the last year
 * across the four kinds, every channel and pay way, each having gone along C1-C10 as its dates say
 * (most effective or in use; expired by C9 where the validity is over; some frozen, replaced,
 * refunded, voided; some not activated yet), plus the mini-program's unpaid and cancelled ones.
 * The mini-program's orders go C1 → C3 (`expires_at`, `client_id` as the member API leaves them);
 * unpaid ones have no pay way. A card used before its order was refunded, voided or expired gets
 * a count of entries that the gate log's demo entries write out (and set again from the log).
 */
export async function seedDemoCardOrders(tx: Db, scenicId: number, now = new Date()): Promise<void> {
  const { zone, today, kinds } = await demoArea(tx, scenicId, now);
  if (!kinds.length) return;
  const r = seededRandom(32);
  const pick = kindPicker(kinds, today, r);
  const plans: CardPlan[] = [];
  for (let i = 0; i < DEMO_PAID_CARD_ORDERS; i++) {
    const { kind, day } = pick();
    plans.push(paidPlan(kind, day, today, r, zone, now));
  }
  plans.push(...unpaidPlans(kinds, today, r, zone, now));
  await writeCardPlans(tx, scenicId, plans, zone, r);
}

/** The module's demo: the card kinds, their orders and cards, then the redeem code batches. */
export async function seedDemoCards(tx: Db, scenicId: number): Promise<void> {
  await seedDemoCardKinds(tx, scenicId);
  await seedDemoCardOrders(tx, scenicId);
  await seedDemoCardCodes(tx, scenicId);
  await seedDemoCardEntries(tx, scenicId, new Date());
}
