import { and, asc, count, desc, eq, inArray, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CardBindIcSchema,
  CardEntriesQuerySchema,
  CardEntryRowSchema,
  cardGateApi,
  type CardEntryRow,
} from '../../../shared/api/card-gate.ts';
import { CardRowSchema } from '../../../shared/api/cards.ts';
import { envelopeSchema, pageResultSchema } from '../../../shared/api/common.ts';
import { CARD_STATE } from '../../../shared/dict/cards.ts';
import type { Db } from '../../db/client.ts';
import { perm, scenicScope } from '../../http/access.ts';
import { audited, registerAction } from '../../http/action.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { writeAudit } from '../audit/index.ts';
import { gateEvents } from '../checkin/index.ts';
import { gates } from '../gates/index.ts';
import { cardOfArea } from './card-issue.service.ts';
import { cards, type Card } from './card-orders.table.ts';
import { cardRows, masksOf } from './card-rows.ts';

/** The numbers a card's entries were read under: its own and those of the cards it replaced (same order, older). */
async function numbersOf(db: Db, card: Card): Promise<string[]> {
  const rows = await db
    .select({ cardNo: cards.cardNo })
    .from(cards)
    .where(and(eq(cards.orderId, card.orderId), lte(cards.id, card.id)))
    .orderBy(asc(cards.id));
  return rows.map((r) => r.cardNo);
}

/** One page of a card's gate events (entries, exits and refusals), newest first. */
async function entriesPage(db: Db, scenicId: number, id: number, page: number, limit: number) {
  const card = await cardOfArea(db, scenicId, id);
  const where = and(eq(gateEvents.scenicId, scenicId), inArray(gateEvents.cardNo, await numbersOf(db, card)));
  const [rows, total] = await Promise.all([
    db
      .select({ event: gateEvents, gateName: gates.name })
      .from(gateEvents)
      .leftJoin(gates, eq(gates.id, gateEvents.gateId))
      .where(where)
      .orderBy(desc(gateEvents.scannedAt), desc(gateEvents.id))
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(gateEvents).where(where),
  ]);
  return {
    rows: rows.map(({ event: e, gateName }): CardEntryRow => ({
      id: e.id,
      scannedAt: e.scannedAt.toISOString(),
      gateId: e.gateId,
      gateName: gateName ?? '',
      direction: e.direction,
      readMode: e.readMode,
      cardNo: e.cardNo ?? '',
      result: e.result,
      offline: e.offline,
      forced: e.forced,
    })),
    total: Number(total[0]?.n ?? 0),
  };
}

const LIVE = [CARD_STATE.notActivated, CARD_STATE.active, CARD_STATE.frozen];

/** A card at the gates (docs/domain.md "At the gate"): its entries from the gate log, and its IC card. */
export async function cardGateRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  // hand-registered: a read of the gate log for one card's detail, not a list resource
  app.post(
    cardGateApi.entries,
    {
      config: { access: perm('admin:card:query') },
      schema: {
        tags: ['cards'],
        summary:
          "One card's gate events (entry type 2), newest first: its number's and those of the cards it replaced",
        body: CardEntriesQuerySchema,
        response: { 200: envelopeSchema(pageResultSchema(CardEntryRowSchema)) },
      },
    },
    async (req) => {
      const { id, page, limit } = req.body;
      return ok(req, await entriesPage(db, scenicScope(req), id, page, limit));
    },
  );

  registerAction(root, {
    url: cardGateApi.bindIc,
    access: perm('admin:card:update'),
    tag: 'cards',
    summary:
      'Bind an IC card to a card not replaced, expired or dead (empty: unbind); an IC card is bound to one card of the area (409 naming icNo)',
    body: CardBindIcSchema,
    response: CardRowSchema,
    audit: { write: writeAudit, module: 'cards', action: 'card.bindIc', targetType: 'card' },
    run: async (tx, input, req) => {
      const card = await cardOfArea(tx, input.scenicId, input.id);
      const [after] = await tx
        .update(cards)
        .set({ icNo: input.icNo || null, updatedAt: new Date() })
        .where(and(eq(cards.id, card.id), inArray(cards.state, LIVE)))
        .returning();
      if (!after) throw new AppError(409, 'cardMoved');
      const [row] = await cardRows(tx, masksOf(req), [after]);
      return audited(row!, { targetId: card.id, before: { icNo: card.icNo }, after: { icNo: after.icNo } });
    },
  });
}
