import { z } from 'zod';
import { TP_ADAPTERS, TP_VOUCHER_STATUSES, TpBuyChannel } from '../dict/third-party.ts';
import { EnableStatusSchema } from './general.ts';
import { dictCodeSchema, endpoints, IdSchema, listQuerySchema } from './common.ts';
import { text } from './fields.ts';

/** /terminal/thirdPartyChannel (docs/decisions.md "Third-party vouchers at the gate"). */
export const thirdPartyApi = endpoints('/web/api/terminal/thirdParty', [
  'page',
  'export',
  'query',
  'create',
  'update',
  'delete',
  'status',
  /** The area's gates, OTA channels and products, for the form's selects */
  'options',
  /** What a code would do at a gate, without redeeming anything */
  'verify',
]);

/** The vouchers of a code-list channel. */
export const thirdPartyVoucherApi = endpoints('/web/api/terminal/thirdParty/voucher', [
  'page',
  'export',
  'import',
  'void',
]);

/** At most this many codes per import. */
export const TP_IMPORT_MAX = 5000;

export const TpAdapterSchema = z.enum(TP_ADAPTERS);
export const TpBuyChannelSchema = dictCodeSchema(TpBuyChannel);

/**
 * A regular expression the server can compile (checked on both sides; a bad one is a 400 naming the
 * field), without a quantified group that holds a quantifier itself (`(a+)+`): every QR read at a
 * gate runs it, and such a pattern can take exponential time on a crafted code.
 */
export const patternIsSafe = (p: string) => {
  try {
    new RegExp(p);
  } catch {
    return false;
  }
  return !/\([^()]*[+*{][^()]*\)\s*[+*{]/.test(p);
};

export const TP_SORT_FIELDS = ['name', 'buyChannel', 'createTime'] as const;
export const ThirdPartyPageSchema = listQuerySchema(TP_SORT_FIELDS, {
  name: text(50).optional(),
  buyChannel: TpBuyChannelSchema.optional(),
  adapter: TpAdapterSchema.optional(),
  status: EnableStatusSchema.optional(),
});
export type ThirdPartyPage = z.infer<typeof ThirdPartyPageSchema>;

const format = {
  /** Letters, digits and hyphens the code starts with ('' = any) */
  codePrefix: z
    .string()
    .trim()
    .max(16)
    .regex(/^[\w-]*$/),
  /** A regular expression the whole code matches ('' = any); anchored by the server */
  codePattern: text(200).refine(patternIsSafe),
  codeMinLength: z.coerce.number().int().min(1).max(64),
  codeMaxLength: z.coerce.number().int().min(1).max(64),
};

const fields = {
  name: z.string().trim().min(1).max(50),
  buyChannel: TpBuyChannelSchema,
  otaChannelId: IdSchema.nullable(),
  productId: IdSchema.nullable(),
  gateIds: z.array(IdSchema).max(200),
  status: EnableStatusSchema,
};

export const ThirdPartyCreateSchema = z
  .object({
    name: fields.name,
    buyChannel: fields.buyChannel,
    adapter: TpAdapterSchema,
    otaChannelId: fields.otaChannelId.default(null),
    productId: fields.productId.default(null),
    codePrefix: format.codePrefix.default(''),
    codePattern: format.codePattern.default(''),
    codeMinLength: format.codeMinLength.default(6),
    codeMaxLength: format.codeMaxLength.default(32),
    gateIds: fields.gateIds.default([]),
    status: fields.status.default(1),
  })
  .strict()
  .superRefine((b, ctx) => {
    const issue = channelIssue(b);
    if (issue) ctx.addIssue({ code: 'custom', path: [issue.path], message: issue.error });
  });
export type ThirdPartyCreate = z.infer<typeof ThirdPartyCreateSchema>;

export const ThirdPartyUpdateSchema = z
  .object({
    id: IdSchema,
    name: fields.name.optional(),
    buyChannel: fields.buyChannel.optional(),
    otaChannelId: fields.otaChannelId.optional(),
    productId: fields.productId.optional(),
    codePrefix: format.codePrefix.optional(),
    codePattern: format.codePattern.optional(),
    codeMinLength: format.codeMinLength.optional(),
    codeMaxLength: format.codeMaxLength.optional(),
    gateIds: fields.gateIds.optional(),
    status: fields.status.optional(),
  })
  .strict();
export type ThirdPartyUpdate = z.infer<typeof ThirdPartyUpdateSchema>;

/** The rules of a whole channel (create, and an update merged onto the stored record). */
export function channelIssue(c: {
  adapter: string;
  otaChannelId: number | null;
  productId: number | null;
  codeMinLength: number;
  codeMaxLength: number;
}): { path: string; error: 'required' | 'codeLengthRange' } | null {
  if (c.adapter === 'ota' && c.otaChannelId == null) return { path: 'otaChannelId', error: 'required' };
  if (c.adapter === 'codeList' && c.productId == null) return { path: 'productId', error: 'required' };
  if (c.codeMaxLength < c.codeMinLength) return { path: 'codeMaxLength', error: 'codeLengthRange' };
  return null;
}

export const ThirdPartyStatusSchema = z
  .object({ ids: z.array(IdSchema).min(1).max(100), status: EnableStatusSchema })
  .strict();

export const ThirdPartyRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  buyChannel: z.number().int().describe('BuyChannel of docs/product.md §9: 11, 12, 14-18'),
  adapter: z.string().describe("TpAdapter: 'ota' (platform order ids) or 'codeList' (imported codes)"),
  otaChannelId: z.number().int().nullable(),
  otaPlatform: z.string().nullable(),
  productId: z.number().int().nullable(),
  productName: z.string(),
  codePrefix: z.string(),
  codePattern: z.string(),
  codeMinLength: z.number().int(),
  codeMaxLength: z.number().int(),
  gateIds: z.array(z.number().int()),
  gates: z.array(z.object({ id: z.number().int(), name: z.string() })),
  status: z.number().int(),
  vouchersUsed: z.number().int().describe('codeList: vouchers used; ota: platform orders with a ticket used'),
  vouchersTotal: z.number().int().describe('codeList: vouchers imported; ota: platform orders of the area'),
  createTime: z.string(),
  updateTime: z.string(),
});
export type ThirdPartyRow = z.infer<typeof ThirdPartyRowSchema>;

export const ThirdPartyOptionsSchema = z.object({
  gates: z.array(
    z.object({
      id: z.number().int(),
      name: z.string(),
      gateType: z.number().int(),
      status: z.number().int(),
    }),
  ),
  otaChannels: z.array(z.object({ id: z.number().int(), platform: z.string(), status: z.number().int() })),
  products: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type ThirdPartyOptions = z.infer<typeof ThirdPartyOptionsSchema>;

export const ThirdPartyVerifySchema = z
  .object({
    code: z.string().trim().min(1).max(64),
    /** The gate to judge at; none = only the channel and the voucher are judged */
    gateId: IdSchema.optional(),
    /** Default: now */
    at: z.iso.datetime({ offset: true }).optional(),
  })
  .strict();

export const ThirdPartyVerifiedSchema = z.object({
  outcome: z.string().describe('TpVerifyOutcome: noMatch, admitTickets, redeemVoucher, refused'),
  reason: z.string().nullable().describe('CheckinResult code of a refusal'),
  channelId: z.number().int().nullable(),
  channelName: z.string(),
  adapter: z.string().nullable(),
  voucher: z
    .object({ id: z.number().int(), status: z.string(), validFrom: z.string(), validTo: z.string() })
    .nullable(),
  tickets: z.array(z.object({ id: z.number().int(), code: z.string(), status: z.number().int() })),
});
export type ThirdPartyVerified = z.infer<typeof ThirdPartyVerifiedSchema>;

// ---- vouchers ----

export const TP_VOUCHER_SORT_FIELDS = ['code', 'validFrom', 'validTo', 'usedTime', 'createTime'] as const;
export const TpVoucherPageSchema = listQuerySchema(TP_VOUCHER_SORT_FIELDS, {
  channelId: IdSchema,
  code: text(64).optional(),
  status: z.enum(TP_VOUCHER_STATUSES).optional(),
  /** Vouchers valid at some moment of [validFrom, validTo] */
  validFrom: z.iso.datetime({ offset: true }).optional(),
  validTo: z.iso.datetime({ offset: true }).optional(),
});
export type TpVoucherPage = z.infer<typeof TpVoucherPageSchema>;

export const TpVoucherImportSchema = z
  .object({
    channelId: IdSchema,
    /** One code per line (blank lines ignored), at most TP_IMPORT_MAX */
    codes: z.string().max(400_000),
    validFrom: z.iso.datetime({ offset: true }),
    validTo: z.iso.datetime({ offset: true }),
  })
  .strict()
  .refine((b) => new Date(b.validTo) > new Date(b.validFrom), { path: ['validTo'], error: 'validRange' });
export type TpVoucherImport = z.infer<typeof TpVoucherImportSchema>;

export const TpVoucherImportedSchema = z.object({
  imported: z.number().int(),
  skipped: z.array(
    z.object({ line: z.number().int(), code: z.string(), issue: z.string().describe('TpImportIssue') }),
  ),
});
export type TpVoucherImported = z.infer<typeof TpVoucherImportedSchema>;

export const TpVoucherVoidSchema = z
  .object({ channelId: IdSchema, ids: z.array(IdSchema).min(1).max(400) })
  .strict();

export const TpVoucherRowSchema = z.object({
  id: z.number().int(),
  channelId: z.number().int(),
  code: z.string(),
  productId: z.number().int(),
  productName: z.string(),
  validFrom: z.string(),
  validTo: z.string(),
  status: z.string().describe('TpVoucherStatus: unused, used, void'),
  usedTime: z.string().nullable(),
  gateId: z.number().int().nullable(),
  gateName: z.string(),
  gateEventId: z.number().int().nullable(),
  createTime: z.string(),
});
export type TpVoucherRow = z.infer<typeof TpVoucherRowSchema>;
