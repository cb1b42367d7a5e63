import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  cardStatsApi,
  CardStatsExportSchema,
  CardStatsQuerySchema,
  CardStatsSchema,
  type CardStatsChannel,
  type CardStatsDay,
  type CardStatsGate,
  type CardStatsKind,
} from '../../../shared/api/card-stats.ts';
import { envelopeSchema } from '../../../shared/api/common.ts';
import { CardStatsField as F, CardStatsSheet } from '../../../shared/dict/card-stats.ts';
import { CardSaleSource } from '../../../shared/dict/cards.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import { perm, scenicScope } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { sendXlsx, type ExportColumn } from '../../http/export.ts';
import { areaTimeZone } from '../../lib/area-clock.ts';
import { cardStats } from './card-stats.service.ts';

type DayRow = CardStatsDay | (Omit<CardStatsDay, 'day'> & { day: null });

const DAY_COLUMNS: ExportColumn<DayRow>[] = [
  { header: F.day, value: (r, lang) => r.day ?? F.total[lang], kind: 'text', width: 14 },
  { header: F.sold, value: (r) => r.sold, kind: 'number' },
  { header: F.activated, value: (r) => r.activated, kind: 'number' },
  { header: F.expired, value: (r) => r.expired, kind: 'number' },
  { header: F.entries, value: (r) => r.entries, kind: 'number' },
  { header: F.amount, value: (r) => r.amount, kind: 'money' },
];

const MONEY_COLUMNS: ExportColumn<Omit<CardStatsKind, 'kindId' | 'kindName'>>[] = [
  { header: F.sold, value: (r) => r.sold, kind: 'number' },
  { header: F.amount, value: (r) => r.amount, kind: 'money' },
  { header: F.refunded, value: (r) => r.refunded, kind: 'money' },
  { header: F.net, value: (r) => r.net, kind: 'money' },
];

const KIND_COLUMNS: ExportColumn<CardStatsKind>[] = [
  { header: F.kindName, value: (r) => r.kindName, width: 24 },
  ...MONEY_COLUMNS,
];

const CHANNEL_COLUMNS: ExportColumn<CardStatsChannel>[] = [
  { header: F.source, value: (r, lang) => dictLabel(CardSaleSource, r.source, lang), width: 20 },
  ...MONEY_COLUMNS,
];

const GATE_COLUMNS: ExportColumn<CardStatsGate>[] = [
  { header: F.gateName, value: (r) => r.gateName, width: 24 },
  { header: F.entries, value: (r) => r.entries, kind: 'number' },
];

const pageOf =
  <R>(rows: R[]) =>
  async (offset: number, limit: number) =>
    rows.slice(offset, offset + limit);

/** docs/product.md §2 /VipCard/enjSelfCardStatis: the travel cards of the acting area by area day. */
export async function cardStatsRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  // hand-registered: a read that is not a list resource
  app.post(
    cardStatsApi.query,
    {
      config: { access: perm('admin:card:stats:query') },
      schema: {
        tags: ['cards'],
        summary:
          'Travel cards of the acting area over its days from..to (at most 366): sold, activated, in use, expired, card entries by day and gate, revenue by kind and channel',
        body: CardStatsQuerySchema,
        response: { 200: envelopeSchema(CardStatsSchema) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      return ok(req, await cardStats(db, scenicId, await areaTimeZone(db, scenicId), req.body, req.lang));
    },
  );

  // hand-registered: streams an .xlsx file
  app.post(
    cardStatsApi.export,
    {
      config: { access: perm('admin:card:stats:query') },
      schema: {
        tags: ['cards'],
        summary:
          'One table of the card statistics (sheet: day with a total row, kind, channel or gate) as an .xlsx download',
        body: CardStatsExportSchema,
      },
    },
    async (req, reply) => {
      const { sheet, ...q } = req.body;
      const scenicId = scenicScope(req);
      const stats = await cardStats(db, scenicId, await areaTimeZone(db, scenicId), q, req.lang);
      const fileName = CardStatsSheet[sheet];
      if (sheet === 'kind')
        return sendXlsx(req, reply, { fileName, columns: KIND_COLUMNS, fetch: pageOf(stats.kinds) });
      if (sheet === 'channel')
        return sendXlsx(req, reply, { fileName, columns: CHANNEL_COLUMNS, fetch: pageOf(stats.channels) });
      if (sheet === 'gate')
        return sendXlsx(req, reply, { fileName, columns: GATE_COLUMNS, fetch: pageOf(stats.gates) });
      const { sold, activated, expired, entries, amount } = stats.totals;
      const rows: DayRow[] = [...stats.days, { day: null, sold, activated, expired, entries, amount }];
      return sendXlsx(req, reply, { fileName, columns: DAY_COLUMNS, fetch: pageOf(rows) });
    },
  );
}
