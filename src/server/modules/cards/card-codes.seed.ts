import {
  CARD_CODE_STATUS,
  CARD_ORDER_STATUS,
  CARD_PAY_WAY_CODE,
  CARD_STATE,
} from '../../../shared/dict/cards.ts';
import type { Db } from '../../db/client.ts';
import { addDays } from '../../lib/area-clock.ts';
import { seededRandom } from '../../lib/seeded-random.ts';
import { newCardNo } from './card-issue.service.ts';
import { cardCodeBatches, cardCodes } from './card-codes.table.ts';
import {
  demoActivation,
  demoArea,
  demoInstant,
  demoName,
  demoPhone,
  writeCardPlans,
  type CardPlan,
} from './card-seed-plans.ts';

/** The first batch's size and how many of its codes visitors redeemed (R2), most of them activated (R3). */
const REDEEMED_BATCH = { count: 200, redeemed: 60, activated: 48 };
const OPEN_BATCH = { count: 100 };

/**
 * The demo's redeem codes (docs/domain.md "Redeem codes"): a batch of season cards given to a
 * partner forty days ago, partly redeemed into cards (card orders of amount 0 paid by the code,
 * C2, most activated since: the code 301), and a newer batch of year cards nobody redeemed yet.
 */
export async function seedDemoCardCodes(tx: Db, scenicId: number, now = new Date()): Promise<void> {
  const { zone, today, kinds } = await demoArea(tx, scenicId, now);
  const season = kinds.find((k) => k.validDays === 90);
  const year = kinds.find((k) => k.validDays === 365);
  if (!season || !year) return;
  const r = seededRandom(3201);
  const issuedDay = addDays(today, -40);
  const issuedAt = demoInstant(issuedDay, r, zone, 9, 11);
  const [batch, open] = await tx
    .insert(cardCodeBatches)
    .values([
      {
        scenicId,
        kindId: season.id,
        count: REDEEMED_BATCH.count,
        note: '合作旅行社员工福利',
        createdAt: issuedAt,
      },
      {
        scenicId,
        kindId: year.id,
        count: OPEN_BATCH.count,
        note: '年会抽奖奖品',
        createdAt: demoInstant(addDays(today, -7), r, zone, 9, 11),
      },
    ])
    .returning();

  // R2 for the first codes: an order of amount 0 paid by the code, its card; activated later (R3)
  const plans = Array.from({ length: REDEEMED_BATCH.redeemed }, (_, i): CardPlan => {
    const day = addDays(issuedDay, r.int(1, 35));
    const at = demoInstant(day, r, zone, 9, 20);
    const activated = i < REDEEMED_BATCH.activated;
    const activation = activated ? demoActivation(season, day, r, zone) : null;
    return {
      kind: season,
      createdAt: at,
      paidAt: at,
      updatedAt: at,
      source: 'backstageManagement',
      payWay: CARD_PAY_WAY_CODE,
      amount: 0,
      buyer: activation
        ? { name: activation.holderName, phone: activation.holderPhone }
        : { name: demoName(r), phone: demoPhone(r) },
      path: activated
        ? [CARD_ORDER_STATUS.paid, CARD_ORDER_STATUS.effective, CARD_ORDER_STATUS.inUse]
        : [CARD_ORDER_STATUS.paid],
      card: { state: activated ? CARD_STATE.active : CARD_STATE.notActivated, activation },
    };
  });
  const cardIds = await writeCardPlans(tx, scenicId, plans, zone, r);

  const codes = new Set<string>();
  while (codes.size < REDEEMED_BATCH.count + OPEN_BATCH.count) codes.add(newCardNo());
  const all = [...codes];
  await tx.insert(cardCodes).values([
    ...all.slice(0, REDEEMED_BATCH.count).map((code, i) => {
      const plan = plans[i];
      return {
        scenicId,
        batchId: batch!.id,
        kindId: season.id,
        code,
        createdAt: issuedAt,
        ...(plan
          ? {
              status: plan.card!.activation ? CARD_CODE_STATUS.activated : CARD_CODE_STATUS.notActivated,
              cardId: cardIds[i]!,
              redeemedAt: plan.paidAt,
            }
          : {}),
      };
    }),
    ...all.slice(REDEEMED_BATCH.count).map((code) => ({
      scenicId,
      batchId: open!.id,
      kindId: year.id,
      code,
      createdAt: open!.createdAt,
    })),
  ]);
}
