import { and, asc, desc, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  cardCodeApi,
  CardCodeBatchPageSchema,
  CardCodeBatchRowSchema,
  CardCodeGenerateSchema,
  CardCodePageSchema,
  CardCodeRedeemSchema,
  CardCodeRowSchema,
  CardCodeVoidResultSchema,
  CardCodeVoidSchema,
  CardOrderDetailSchema,
  type CardCodeBatchPage,
  type CardCodePage,
  type CardCodeRow,
} from '../../../shared/api/cards.ts';
import {
  CARD_CODE_STATUS,
  CardCodeField,
  CardCodeStatus,
  CardCodeText,
  CardField,
  CardText,
} from '../../../shared/dict/cards.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import type { Db } from '../../db/client.ts';
import { perm } from '../../http/access.ts';
import { audited, registerAction } from '../../http/action.ts';
import type { ExportColumn } from '../../http/export.ts';
import { registerListResource } from '../../http/list-resource.ts';
import { likeContains } from '../../http/paging.ts';
import { writeAudit } from '../audit/index.ts';
import { generateCodes, redeemCode, voidCodes } from './card-codes.service.ts';
import { cardCodeBatches, cardCodes, type CardCode, type CardCodeBatch } from './card-codes.table.ts';
import { cards } from './card-orders.table.ts';
import { cardRows, kindNames, masksOf, orderRows } from './card-rows.ts';

const QUERY = 'admin:card:code:query';
const UPDATE = 'admin:card:code:update';
const iso = (d: Date | null) => d?.toISOString() ?? null;

const batchWhere = (scenicId: number, q: CardCodeBatchPage) =>
  and(eq(cardCodeBatches.scenicId, scenicId), q.kindId ? eq(cardCodeBatches.kindId, q.kindId) : undefined);

const codeWhere = (scenicId: number, q: CardCodePage) =>
  and(
    eq(cardCodes.scenicId, scenicId),
    q.batchId ? eq(cardCodes.batchId, q.batchId) : undefined,
    q.kindId ? eq(cardCodes.kindId, q.kindId) : undefined,
    q.status ? eq(cardCodes.status, q.status) : undefined,
    q.code ? sql`${cardCodes.code} like ${likeContains(q.code.toUpperCase())}` : undefined,
    q.voided === undefined
      ? undefined
      : q.voided
        ? isNotNull(cardCodes.voidedAt)
        : isNull(cardCodes.voidedAt),
  );

/** The batches' rows with their kind names and how many of their codes were redeemed. */
async function batchRows(db: Db, records: readonly CardCodeBatch[]) {
  const ids = records.map((b) => b.id);
  const [names, redeemed] = await Promise.all([
    kindNames(
      db,
      records.map((b) => b.kindId),
    ),
    ids.length
      ? db
          .select({ batchId: cardCodes.batchId, n: sql<number>`count(*)::int` })
          .from(cardCodes)
          .where(and(inArray(cardCodes.batchId, ids), ne(cardCodes.status, CARD_CODE_STATUS.notRedeemed)))
          .groupBy(cardCodes.batchId)
      : [],
  ]);
  const counts = new Map(redeemed.map((r) => [r.batchId, r.n]));
  return records.map((b) => ({
    id: b.id,
    kindId: b.kindId,
    kindName: names.get(b.kindId) ?? '',
    count: b.count,
    redeemed: counts.get(b.id) ?? 0,
    note: b.note,
    createdBy: b.createdBy,
    voidedAt: iso(b.voidedAt),
    createTime: b.createdAt.toISOString(),
  }));
}

/** The codes' rows with their kind names and the numbers of the cards they became. */
async function codeRows(db: Db, records: readonly CardCode[]): Promise<CardCodeRow[]> {
  const cardIds = records.flatMap((c) => (c.cardId == null ? [] : [c.cardId]));
  const [names, issued] = await Promise.all([
    kindNames(
      db,
      records.map((c) => c.kindId),
    ),
    cardIds.length
      ? db.select({ id: cards.id, cardNo: cards.cardNo }).from(cards).where(inArray(cards.id, cardIds))
      : [],
  ]);
  const cardNos = new Map(issued.map((c) => [c.id, c.cardNo]));
  return records.map((c) => ({
    id: c.id,
    batchId: c.batchId,
    kindId: c.kindId,
    kindName: names.get(c.kindId) ?? '',
    code: c.code,
    status: c.status,
    voided: c.voidedAt != null,
    voidedAt: iso(c.voidedAt),
    cardId: c.cardId,
    cardNo: c.cardId == null ? '' : (cardNos.get(c.cardId) ?? ''),
    memberId: c.memberId,
    redeemedAt: iso(c.redeemedAt),
    createTime: c.createdAt.toISOString(),
  }));
}

const yesNo = (v: boolean, lang: 'zh' | 'en') => (v ? CardText.yes : CardText.no)[lang];

const CODE_EXPORT: ExportColumn<CardCodeRow>[] = [
  { header: CardCodeField.code, value: (r) => r.code, kind: 'text', width: 20 },
  { header: CardField.kindName, value: (r) => r.kindName, width: 18 },
  { header: CardCodeField.batchId, value: (r) => r.batchId },
  { header: CardCodeField.status, value: (r, lang) => dictLabel(CardCodeStatus, r.status, lang) },
  { header: CardCodeField.voided, value: (r, lang) => yesNo(r.voided, lang) },
  { header: CardField.cardNo, value: (r) => r.cardNo, kind: 'text', width: 20 },
  { header: CardCodeField.redeemedAt, value: (r) => r.redeemedAt, kind: 'datetime', width: 20 },
  { header: CardCodeField.createTime, value: (r) => r.createTime, kind: 'datetime', width: 20 },
];

/** docs/domain.md "Redeem codes": batches generated (R1) and voided (R4), codes listed, exported and redeemed (R2). */
export async function cardCodeRoutes(root: FastifyInstance) {
  registerAction(root, {
    url: cardCodeApi.generate,
    access: perm(UPDATE),
    tag: 'cards',
    summary: 'Generate a batch of 1-10,000 unguessable redeem codes (R1) for a card kind of the area',
    body: CardCodeGenerateSchema,
    response: CardCodeBatchRowSchema,
    audit: { write: writeAudit, module: 'cards', action: 'cardCode.generate', targetType: 'cardCodeBatch' },
    run: async (tx, input) => {
      const batch = await generateCodes(tx, input);
      return audited((await batchRows(tx, [batch]))[0]!, { targetId: batch.id, after: batch });
    },
  });

  registerAction(root, {
    url: cardCodeApi.void,
    access: perm(UPDATE),
    tag: 'cards',
    summary:
      'Void a batch (its codes not redeemed) or some codes (R4): only codes not redeemed; all change or none (409)',
    body: CardCodeVoidSchema,
    response: CardCodeVoidResultSchema,
    audit: { write: writeAudit, module: 'cards', action: 'cardCode.void', targetType: 'cardCodeBatch' },
    run: async (tx, input) => {
      const { voided, audit } = await voidCodes(tx, input);
      return audited({ voided }, audit);
    },
  });

  registerAction(root, {
    url: cardCodeApi.redeem,
    access: perm('admin:card:order:create'),
    tag: 'cards',
    summary:
      'Redeem a code for a visitor (R2): a card order of amount 0 (pay way 0) and its card; with a holder activated at once (R3)',
    body: CardCodeRedeemSchema,
    response: CardOrderDetailSchema,
    audit: { write: writeAudit, module: 'cards', action: 'cardCode.redeem', targetType: 'cardCode' },
    run: async (tx, input, req) => {
      const { before, code, order, card } = await redeemCode(tx, input);
      const masks = masksOf(req);
      const answer = {
        ...(await orderRows(tx, masks, [order]))[0]!,
        cards: await cardRows(tx, masks, [card]),
      };
      return audited(answer, { targetId: code.id, before, after: { code, order: order.id, card: card.id } });
    },
  });

  registerListResource(root, {
    tag: 'cards',
    api: { page: cardCodeApi.batches },
    perms: { page: QUERY },
    table: cardCodeBatches,
    where: batchWhere,
    sort: { createTime: cardCodeBatches.createdAt },
    order: [desc(cardCodeBatches.createdAt), desc(cardCodeBatches.id)],
    rowSchema: CardCodeBatchRowSchema,
    rows: (records, { db }) => batchRows(db, records),
    page: { summary: 'Redeem code batches of the acting area, newest first', body: CardCodeBatchPageSchema },
  });

  registerListResource(root, {
    tag: 'cards',
    api: { page: cardCodeApi.page, export: cardCodeApi.export },
    perms: { page: QUERY },
    table: cardCodes,
    where: codeWhere,
    sort: { createTime: cardCodes.id, redeemedAt: cardCodes.redeemedAt },
    order: [asc(cardCodes.id)],
    rowSchema: CardCodeRowSchema,
    rows: (records, { db }) => codeRows(db, records),
    page: { summary: 'Redeem codes of the acting area, in the order generated', body: CardCodePageSchema },
    export: {
      summary: 'The codes of the current filter (all pages) as .xlsx: how they are handed out',
      fileName: CardCodeText.exportCodes,
      columns: CODE_EXPORT,
    },
  });
}
