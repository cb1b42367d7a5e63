import { z } from 'zod';
import { CARD_SALE_SOURCES } from '../dict/cards.ts';
import { DateOnlySchema, endpoints } from './common.ts';
import { daysInclusive } from './inventory.ts';
import { key } from './fields.ts';

/** /VipCard/enjSelfCardStatis: the travel cards of the acting area over a range of its days. */
export const cardStatsApi = endpoints('/web/api/admin/cardStats', ['query', 'export']);

/** The longest range one query covers (area days, both ends included): the 364-day shortcut and a leap day. */
export const CARD_STATS_MAX_DAYS = 366;

const rangeFields = {
  /** the area's days, both included */
  from: DateOnlySchema,
  to: DateOnlySchema,
};

/** `to` not before `from`, and at most CARD_STATS_MAX_DAYS days: else an issue on `to`. */
function checkRange(range: { from: string; to: string }, ctx: z.RefinementCtx) {
  const wrong =
    range.to < range.from
      ? key('dateRange')
      : daysInclusive(range.from, range.to) > CARD_STATS_MAX_DAYS
        ? key('rangeMax366')
        : null;
  if (wrong) ctx.addIssue({ code: 'custom', path: ['to'], message: wrong });
}

export const CardStatsQuerySchema = z.object(rangeFields).strict().superRefine(checkRange);
export type CardStatsQuery = z.infer<typeof CardStatsQuerySchema>;

/** Which table of the statistics an export writes. */
export const CARD_STATS_SHEETS = ['day', 'kind', 'channel', 'gate'] as const;
export type CardStatsSheet = (typeof CARD_STATS_SHEETS)[number];

export const CardStatsExportSchema = z
  .object({ ...rangeFields, sheet: z.enum(CARD_STATS_SHEETS).default('day') })
  .strict()
  .superRefine(checkRange);
export type CardStatsExport = z.infer<typeof CardStatsExportSchema>;

/**
 * The money of the card orders paid in the range (cents): `amount` what they were sold for,
 * `refunded` what was given back of them (C7, C8), `net` the difference.
 */
const money = {
  sold: z.number().int(),
  amount: z.number().int(),
  refunded: z.number().int(),
  net: z.number().int(),
};

/** One area day: orders paid, cards activated, cards expired (C9) and card entries at the gates. */
export const CardStatsDaySchema = z.object({
  day: z.string(),
  sold: z.number().int(),
  activated: z.number().int(),
  expired: z.number().int(),
  entries: z.number().int(),
  amount: z.number().int(),
});
export type CardStatsDay = z.infer<typeof CardStatsDaySchema>;

export const CardStatsKindSchema = z.object({ kindId: z.number().int(), kindName: z.string(), ...money });
export type CardStatsKind = z.infer<typeof CardStatsKindSchema>;

export const CardStatsChannelSchema = z.object({ source: z.enum(CARD_SALE_SOURCES), ...money });
export type CardStatsChannel = z.infer<typeof CardStatsChannelSchema>;

/** Admitted card entries at one gate of the area (null: a passage without a gate). */
export const CardStatsGateSchema = z.object({
  gateId: z.number().int().nullable(),
  gateName: z.string(),
  entries: z.number().int(),
});
export type CardStatsGate = z.infer<typeof CardStatsGateSchema>;

/**
 * Counted on the area's day each thing happened: `sold` card orders paid; `activated` cards activated
 * (C5; a replacement not counted again); `inUse` distinct cards admitted at a gate; `expired` cards
 * whose validity ended (state 5, the day after valid_until); `entries` admitted card entries (gate
 * events of entry type 2).
 */
export const CardStatsSchema = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  areaName: z.string(),
  totals: z.object({
    ...money,
    activated: z.number().int(),
    inUse: z.number().int(),
    expired: z.number().int(),
    entries: z.number().int(),
  }),
  days: z.array(CardStatsDaySchema),
  kinds: z.array(CardStatsKindSchema),
  channels: z.array(CardStatsChannelSchema),
  gates: z.array(CardStatsGateSchema),
});
export type CardStats = z.infer<typeof CardStatsSchema>;
