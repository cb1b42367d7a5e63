import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import type { CardCodeGenerate, CardCodeRedeem, CardCodeVoid } from '../../../shared/api/cards.ts';
import { CARD_CODE_STATUS, CARD_ORDER_STATUS, CARD_PAY_WAY_CODE } from '../../../shared/dict/cards.ts';
import type { Db } from '../../db/client.ts';
import { AppError, FieldError } from '../../http/errors.ts';
import { activateCard, newCardNo, sellCard, type Acting } from './card-issue.service.ts';
import { cardCodeBatches, cardCodes, type CardCode } from './card-codes.table.ts';
import { CardFieldReason } from './cards.messages.ts';
import { cardKinds } from './cards.table.ts';

/** R1: a batch of `count` unguessable codes of a kind of the area, written by one multi-row insert. */
export async function generateCodes(tx: Db, input: CardCodeGenerate & Acting, now = new Date()) {
  const [kind] = await tx
    .select({ id: cardKinds.id })
    .from(cardKinds)
    .where(and(eq(cardKinds.id, input.kindId), eq(cardKinds.scenicId, input.scenicId)));
  if (!kind) throw new FieldError('kindId', CardFieldReason.kindOfArea);
  const [batch] = await tx
    .insert(cardCodeBatches)
    .values({
      scenicId: input.scenicId,
      kindId: kind.id,
      count: input.count,
      note: input.note,
      createdBy: input.adminId,
      createdAt: now,
    })
    .returning();
  // 80 random bits a code: a repeat (about 1 in 10^16 for a full batch) fails the unique index, nothing is kept
  const codes = new Set<string>();
  while (codes.size < input.count) codes.add(newCardNo());
  await tx.insert(cardCodes).values(
    [...codes].map((code) => ({
      scenicId: input.scenicId,
      batchId: batch!.id,
      kindId: kind.id,
      code,
      createdAt: now,
    })),
  );
  return batch!;
}

const open = and(eq(cardCodes.status, CARD_CODE_STATUS.notRedeemed), isNull(cardCodes.voidedAt));

/**
 * R4: a batch (its codes not redeemed; the batch marked voided, 409 when it already was) or the
 * codes named, all not redeemed and not voided, else 409 and nothing changes; another area's 404.
 * The audit rows: one a batch touched.
 */
export async function voidCodes(tx: Db, input: CardCodeVoid & Acting, now = new Date()) {
  if ('batchId' in input) {
    const [batch] = await tx
      .select()
      .from(cardCodeBatches)
      .where(and(eq(cardCodeBatches.id, input.batchId), eq(cardCodeBatches.scenicId, input.scenicId)));
    if (!batch) throw new AppError(404, 'recordNotFound');
    const [marked] = await tx
      .update(cardCodeBatches)
      .set({ voidedAt: now })
      .where(and(eq(cardCodeBatches.id, batch.id), isNull(cardCodeBatches.voidedAt)))
      .returning();
    if (!marked) throw new AppError(409, 'cardCodeBatchVoided');
    const voided = await tx
      .update(cardCodes)
      .set({ voidedAt: now })
      .where(and(eq(cardCodes.batchId, batch.id), open))
      .returning({ id: cardCodes.id });
    return {
      voided: voided.length,
      audit: [{ targetId: batch.id, before: batch, after: { ...marked, voided: voided.length } }],
    };
  }
  const ids = [...new Set(input.ids)];
  const [mine] = await tx
    .select({ n: count() })
    .from(cardCodes)
    .where(and(inArray(cardCodes.id, ids), eq(cardCodes.scenicId, input.scenicId)));
  if ((mine?.n ?? 0) !== ids.length) throw new AppError(404, 'recordNotFound');
  const voided = await tx
    .update(cardCodes)
    .set({ voidedAt: now })
    .where(and(inArray(cardCodes.id, ids), open))
    .returning({ id: cardCodes.id, batchId: cardCodes.batchId });
  // all or none: the transaction is rolled back by the error
  if (voided.length !== ids.length) throw new AppError(409, 'cardCodeUsed');
  const batches = [...new Set(voided.map((c) => c.batchId))];
  return {
    voided: voided.length,
    audit: batches.map((batchId) => ({
      targetId: batchId,
      action: 'cardCode.voidCodes',
      after: { ids: voided.filter((c) => c.batchId === batchId).map((c) => c.id) },
    })),
  };
}

/** A code of the area (404 otherwise), as typed: trimmed and upper case by the schema. */
async function codeOfArea(tx: Db, scenicId: number, code: string): Promise<CardCode> {
  const [row] = await tx
    .select()
    .from(cardCodes)
    .where(and(eq(cardCodes.code, code), eq(cardCodes.scenicId, scenicId)));
  if (!row) throw new AppError(404, 'cardCodeNotFound');
  return row;
}

/**
 * R2 (from the back office on behalf of a visitor): a card order of amount 0 paid by the code (pay
 * way 0) through the sale path (C2) and its card; the code 101 → 201 by compare-and-set, so of two
 * redemptions at once the second answers 409 and its sale is rolled back. With a holder the card is
 * activated at once (C5), which moves the code 201 → 301 (R3) in the same transaction.
 */
export async function redeemCode(tx: Db, input: CardCodeRedeem & Acting, now = new Date()) {
  // the member API's redemption (a member in the mini-program) plugs in here with its memberId
  const before = await codeOfArea(tx, input.scenicId, input.code);
  if (before.voidedAt) throw new AppError(409, 'cardCodeVoided');
  if (before.status !== CARD_CODE_STATUS.notRedeemed) throw new AppError(409, 'cardCodeUsed');
  const sale = await sellCard(
    tx,
    { ...input, kindId: before.kindId, payWay: CARD_PAY_WAY_CODE, holder: undefined },
    now,
  );
  const [taken] = await tx
    .update(cardCodes)
    .set({ status: CARD_CODE_STATUS.notActivated, cardId: sale.card.id, redeemedAt: now })
    .where(and(eq(cardCodes.id, before.id), open))
    .returning();
  if (!taken) throw new AppError(409, 'cardCodeUsed');
  if (!input.holder) return { before, code: taken, ...sale };
  const card = await activateCard(
    tx,
    { scenicId: input.scenicId, id: sale.card.id, holder: input.holder },
    now,
  );
  return {
    before,
    code: { ...taken, status: CARD_CODE_STATUS.activated },
    order: { ...sale.order, status: CARD_ORDER_STATUS.effective },
    card,
  };
}
