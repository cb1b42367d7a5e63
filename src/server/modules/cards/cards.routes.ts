import { and, desc, eq, gte, ilike, lte } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import {
  CardActivateSchema,
  cardApi,
  CardDetailSchema,
  CardExtendSchema,
  CardHolderUpdateSchema,
  CardPageSchema,
  CardReasonSchema,
  CardRowSchema,
  type CardPage,
  type CardRow,
} from '../../../shared/api/cards.ts';
import { envelopeSchema } from '../../../shared/api/common.ts';
import { IdQuerySchema } from '../../../shared/api/general.ts';
import { CardField, CardState, CardText } from '../../../shared/dict/cards.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import type { Db } from '../../db/client.ts';
import { perm, scenicScope } from '../../http/access.ts';
import { audited, registerAction, type ActingStaff } from '../../http/action.ts';
import { ok } from '../../http/envelope.ts';
import type { ExportColumn } from '../../http/export.ts';
import { registerListResource } from '../../http/list-resource.ts';
import { likeContains } from '../../http/paging.ts';
import { writeAudit } from '../audit/index.ts';
import { extendCard, freezeCard, replaceCard, unfreezeCard, updateHolder } from './card-actions.service.ts';
import { activateCard, cardOfArea, orderOfArea } from './card-issue.service.ts';
import { cardHolderChanges, cards, type Card } from './card-orders.table.ts';
import { cardRows, masksOf, orderRows } from './card-rows.ts';

const cardWhere = (scenicId: number, q: CardPage) =>
  and(
    eq(cards.scenicId, scenicId),
    q.cardNo ? eq(cards.cardNo, q.cardNo.toUpperCase()) : undefined,
    q.kindId ? eq(cards.kindId, q.kindId) : undefined,
    q.state ? eq(cards.state, q.state) : undefined,
    q.holderName ? ilike(cards.holderName, likeContains(q.holderName)) : undefined,
    q.holderPhone ? eq(cards.holderPhone, q.holderPhone) : undefined,
    q.holderIdNumber ? eq(cards.holderIdNumber, q.holderIdNumber) : undefined,
    q.activatedFrom ? gte(cards.activatedAt, new Date(q.activatedFrom)) : undefined,
    q.activatedTo ? lte(cards.activatedAt, new Date(q.activatedTo)) : undefined,
  );

const CARD_EXPORT: ExportColumn<CardRow>[] = [
  { header: CardField.cardNo, value: (r) => r.cardNo, width: 20 },
  { header: CardField.kindName, value: (r) => r.kindName, width: 18 },
  { header: CardField.state, value: (r, lang) => dictLabel(CardState, r.state, lang) },
  { header: CardField.holderName, value: (r) => r.holderName },
  { header: CardField.holderIdNumber, value: (r) => r.holderIdNumber, width: 22 },
  { header: CardField.holderPhone, value: (r) => r.holderPhone, width: 14 },
  { header: CardField.activatedAt, value: (r) => r.activatedAt, kind: 'datetime', width: 20 },
  { header: CardField.validFrom, value: (r) => r.validFrom ?? '' },
  {
    header: CardField.validUntil,
    value: (r, lang) => r.validUntil ?? (r.validFrom ? CardText.permanentUntil[lang] : ''),
  },
  { header: CardField.entriesUsed, value: (r) => r.entriesUsed },
  { header: CardField.createTime, value: (r) => r.createTime, kind: 'datetime', width: 20 },
];

/** One card's answer row as the caller may see it. */
const cardRow = async (db: Db, req: FastifyRequest, card: Card) =>
  (await cardRows(db, masksOf(req), [card]))[0]!;

/** The card, its order and the holder's changes (its gate entries are card/entries', card-gate.routes.ts). */
async function cardDetail(db: Db, req: FastifyRequest, scenicId: number, id: number) {
  const card = await cardOfArea(db, scenicId, id);
  const masks = masksOf(req);
  const order = await orderOfArea(db, scenicId, card.orderId);
  const changes = await db
    .select()
    .from(cardHolderChanges)
    .where(eq(cardHolderChanges.cardId, card.id))
    .orderBy(desc(cardHolderChanges.id));
  const shown = (h: Record<string, string>) => ({
    ...h,
    ...(h.idNumber !== undefined ? { idNumber: masks.idNumber(h.idNumber) } : {}),
    ...(h.phone !== undefined ? { phone: masks.phone(h.phone) } : {}),
  });
  return {
    card: (await cardRows(db, masks, [card]))[0]!,
    order: (await orderRows(db, masks, [order]))[0]!,
    holderChanges: changes.map((c) => ({
      id: c.id,
      adminId: c.adminId,
      before: shown(c.before),
      after: shown(c.after),
      reason: c.reason,
      createTime: c.createdAt.toISOString(),
    })),
  };
}

type CardMove<I> = (tx: Db, input: I & ActingStaff) => Promise<{ before: Card; after: Card }>;

/** docs/product.md §2 /VipCard: the issued cards of the acting area and staff's moves on them. */
export async function cardRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  registerListResource(root, {
    tag: 'cards',
    api: { page: cardApi.page, export: cardApi.export },
    perms: { page: 'admin:card:query' },
    table: cards,
    where: cardWhere,
    sort: { createTime: cards.createdAt, validUntil: cards.validUntil, entriesUsed: cards.entriesUsed },
    order: [desc(cards.createdAt), desc(cards.id)],
    rowSchema: CardRowSchema,
    rows: (records, { db: d, req }) => cardRows(d, masksOf(req), records),
    page: { summary: 'Issued travel cards of the acting area, newest first', body: CardPageSchema },
    export: {
      summary: 'The cards of the current filter (all pages) as .xlsx',
      fileName: CardText.exportCards,
      columns: CARD_EXPORT,
    },
  });

  // hand-registered: a detail read joining the card's order and holder changes, not a list row
  app.get(
    cardApi.query,
    {
      config: { access: perm('admin:card:query') },
      schema: {
        tags: ['cards'],
        summary: 'One card of the acting area: its order and its holder changes (entries: card/entries)',
        querystring: IdQuerySchema,
        response: { 200: envelopeSchema(CardDetailSchema) },
      },
    },
    async (req) => ok(req, await cardDetail(db, req, scenicScope(req), req.query.id)),
  );

  /** One staff move on a card: compare-and-set on its state (409), audited with the record before and after. */
  function cardAction<B extends z.ZodObject>(def: {
    url: string;
    summary: string;
    body: B;
    action: string;
    move: CardMove<z.infer<B>>;
  }) {
    registerAction(root, {
      url: def.url,
      access: perm('admin:card:update'),
      tag: 'cards',
      summary: def.summary,
      body: def.body,
      response: CardRowSchema,
      audit: { write: writeAudit, module: 'cards', action: def.action, targetType: 'card' },
      run: async (tx, input, req) => {
        const { before, after } = await def.move(tx, input);
        const { id: _id, scenicId: _s, adminId: _a, ...sent } = input as Record<string, unknown>;
        return audited(await cardRow(tx, req, after), {
          targetId: before.id,
          before,
          after: { ...after, input: sent },
        });
      },
    });
  }

  cardAction({
    url: cardApi.activate,
    summary:
      "Activate a card (C5): the holder by the kind's real-name and photo rules; card 1 → 2, order 201 → 301; valid from today",
    body: CardActivateSchema,
    action: 'card.activate',
    move: async (tx, input) => ({
      before: await cardOfArea(tx, input.scenicId, input.id),
      after: await activateCard(tx, input),
    }),
  });
  cardAction({
    url: cardApi.freeze,
    summary: 'Freeze an active card (2 → 3) with a reason',
    body: CardReasonSchema,
    action: 'card.freeze',
    move: freezeCard,
  });
  cardAction({
    url: cardApi.unfreeze,
    summary: 'Unfreeze a frozen card (3 → 2) with a reason',
    body: CardReasonSchema,
    action: 'card.unfreeze',
    move: unfreezeCard,
  });
  cardAction({
    url: cardApi.replace,
    summary:
      'Replace a lost card: a new number with the same holder, validity and entries; the old one replaced (4). Answers the new card',
    body: CardReasonSchema,
    action: 'card.replace',
    move: async (tx, input) => {
      const { old, card } = await replaceCard(tx, input);
      return { before: old, after: card };
    },
  });
  cardAction({
    url: cardApi.extend,
    summary: 'Extend a timed card, active or frozen, by 1-3650 days with a reason',
    body: CardExtendSchema,
    action: 'card.extend',
    move: extendCard,
  });
  cardAction({
    url: cardApi.updateHolder,
    summary: "Change the holder's data (the kind's rules still met); the change is kept on the card",
    body: CardHolderUpdateSchema,
    action: 'card.updateHolder',
    move: updateHolder,
  });
}
