import { z } from 'zod';
import { EnableStatus } from '../dict/account.ts';
import { OTA_PLATFORMS, OtaDirection, OtaMessageType, OtaResult } from '../dict/ota.ts';
import { dictCodeSchema, endpoints, IdSchema, listQuerySchema } from './common.ts';
import { required, text } from './fields.ts';

/** /ota/otaManage: an area's OTA channels (one per platform), their credentials and stock sync. */
export const otaChannelApi = endpoints('/web/api/ota/channel', ['page', 'query', 'save', 'syncStock']);
/** /ota/otaDetails?id=: the channel's product mapping; `products`: the area's products to map to. */
export const otaMappingApi = endpoints('/web/api/ota/mapping', [
  'page',
  'create',
  'update',
  'delete',
  'products',
]);
/** The message log of the area's channels. */
export const otaLogApi = endpoints('/web/api/ota/log', ['page', 'export']);
/** Inbound calls of a platform: `POST /api/ota/<platform>/<action>` (signed, see docs/api.md). */
export const otaInboundPath = (platform: string, action: string) => `/api/ota/${platform}/${action}`;

export const OtaPlatformSchema = z.enum(OTA_PLATFORMS);

export const OtaChannelRowSchema = z.object({
  /** null until the channel is first saved */
  id: z.number().int().nullable(),
  platform: OtaPlatformSchema,
  clientId: z.string(),
  appKey: z.string(),
  /** Whether a secret is stored; the secret itself is never answered */
  secretSet: z.boolean(),
  callbackUrl: z.string(),
  status: z.number().int(),
  mappings: z.number().int(),
  updateTime: z.string().nullable(),
  /** The channel's latest logged message (either direction): when, and its OtaResult */
  lastMessageTime: z.string().nullable(),
  lastMessageResult: z.number().int().nullable(),
});
export type OtaChannelRow = z.infer<typeof OtaChannelRowSchema>;

export const OtaChannelSaveSchema = z
  .object({
    platform: OtaPlatformSchema,
    appKey: required(64),
    /** Omitted or empty: the stored secret is kept */
    secret: z.string().trim().min(16).max(128).optional(),
    callbackUrl: z.union([z.url({ protocol: /^https?$/ }).max(255), z.literal('')]),
    status: dictCodeSchema(EnableStatus),
  })
  .strict();
export type OtaChannelSave = z.infer<typeof OtaChannelSaveSchema>;

export const OtaSyncStockSchema = z.object({ id: IdSchema, date: z.iso.date().optional() }).strict();

export const OTA_MAPPING_SORT_FIELDS = ['externalCode', 'price', 'createTime'] as const;
export const OtaMappingPageSchema = listQuerySchema(OTA_MAPPING_SORT_FIELDS, {
  channelId: IdSchema,
  externalCode: text(64).optional(),
});
export type OtaMappingPage = z.infer<typeof OtaMappingPageSchema>;

export const OtaMappingRowSchema = z.object({
  id: z.number().int(),
  channelId: z.number().int(),
  externalCode: z.string(),
  productId: z.number().int(),
  productName: z.string(),
  /** Agreed price per ticket, cents */
  price: z.number().int(),
  status: z.number().int(),
  createTime: z.string(),
});
export type OtaMappingRow = z.infer<typeof OtaMappingRowSchema>;

/** A product of the area, for the mapping's product picker. */
export const OtaProductOptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Our selling price, cents (a hint for the agreed price) */
  price: z.number().int(),
  shelfStatus: z.number().int(),
});
export type OtaProductOption = z.infer<typeof OtaProductOptionSchema>;

const mappingFields = {
  externalCode: required(64),
  productId: IdSchema,
  price: z.number().int().min(0).max(100_000_000),
  status: dictCodeSchema(EnableStatus),
};
export const OtaMappingCreateSchema = z.object({ channelId: IdSchema, ...mappingFields }).strict();
export const OtaMappingUpdateSchema = z
  .object({
    id: IdSchema,
    externalCode: mappingFields.externalCode.optional(),
    productId: mappingFields.productId.optional(),
    price: mappingFields.price.optional(),
    status: mappingFields.status.optional(),
  })
  .strict();

export const OTA_LOG_SORT_FIELDS = ['createTime'] as const;
export const OtaLogPageSchema = listQuerySchema(OTA_LOG_SORT_FIELDS, {
  platform: OtaPlatformSchema.optional(),
  direction: dictCodeSchema(OtaDirection).optional(),
  type: z.enum(Object.keys(OtaMessageType) as [keyof typeof OtaMessageType]).optional(),
  result: dictCodeSchema(OtaResult).optional(),
  externalOrderId: text(64).optional(),
  orderNo: text(32).optional(),
  createTimeFrom: z.iso.datetime({ offset: true }).optional(),
  createTimeTo: z.iso.datetime({ offset: true }).optional(),
});
export type OtaLogPage = z.infer<typeof OtaLogPageSchema>;

export const OtaLogRowSchema = z.object({
  id: z.number().int(),
  platform: z.string(),
  direction: z.number().int(),
  type: z.string(),
  externalOrderId: z.string(),
  orderNo: z.string(),
  request: z.string(),
  response: z.string(),
  result: z.number().int(),
  createTime: z.string(),
});
export type OtaLogRow = z.infer<typeof OtaLogRowSchema>;

/** Bodies of the inbound calls, as every platform's adapter normalises them. */
export const OtaOrderBodySchema = z
  .object({
    orderId: z.string().trim().min(1).max(64),
    productCode: z.string().trim().min(1).max(64),
    date: z.iso.date(),
    quantity: z.number().int().min(1).max(100),
    /** The unit price they sold at, cents: must be the mapping's agreed price */
    unitPrice: z.number().int().min(0),
    /** They collected the money: the order is paid at once (pay way 98, settled on account) */
    paid: z.boolean().default(false),
    buyer: z.object({
      name: z.string().trim().min(1).max(30),
      phone: z.string().trim().min(5).max(20),
      idNumber: text(18).optional(),
    }),
  })
  .strict();
export type OtaOrderBody = z.infer<typeof OtaOrderBodySchema>;
export const OtaOrderRefSchema = z
  .object({ orderId: z.string().trim().min(1).max(64), reason: z.string().max(200).optional() })
  .strict();
