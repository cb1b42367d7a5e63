import { z } from 'zod';
import { PayTestHint, type PayTestHintCode } from '../dict/payments.ts';
import { endpoints } from './common.ts';
import { key, text } from './fields.ts';

/** docs/product.md §2 /sys/payMentSet: the acting area's online payment settings (issue 30). */
export const paymentSettingApi = endpoints('/web/api/admin/payMentSet', ['query', 'update', 'test']);

/** The online pay ways of docs/product.md §9 with settings here: 2 WeChat Pay, 3 Alipay. */
export const ONLINE_PAY_WAYS = [2, 3] as const;
export type OnlinePayWay = (typeof ONLINE_PAY_WAYS)[number];
/** Other online pay ways of §9: listed as unavailable until an adapter exists. */
export const UNAVAILABLE_PAY_WAYS = [4, 10, 11, 12, 50] as const;

/** The sealed fields: answered only as set / not set, never their values. */
export const SECRET_FIELDS = ['apiKey', 'privateKey', 'certificate', 'providerKey'] as const;
export type SecretField = (typeof SECRET_FIELDS)[number];

/** A pay way's settings as the server answers them. */
export const PaymentSettingSchema = z.object({
  payWay: z.number(),
  enabled: z.boolean(),
  sandbox: z.boolean(),
  merchantId: z.string(),
  appId: z.string(),
  gatewayUrl: z.string(),
  certSerial: z.string(),
  providerKeySerial: z.string(),
  /** Which secrets are stored: true set, false not set */
  secrets: z.object({
    apiKey: z.boolean(),
    privateKey: z.boolean(),
    certificate: z.boolean(),
    providerKey: z.boolean(),
  }),
  /** Where the provider posts its notifications, for copying into its merchant platform */
  notifyUrl: z.string(),
  /** An adapter is installed for the pay way: "test connection" can run */
  adapter: z.boolean(),
  updatedBy: z.string().nullable(),
  updateTime: z.string().nullable(),
});
export type PaymentSetting = z.infer<typeof PaymentSettingSchema>;

export const PaymentSettingsSchema = z.object({
  ways: z.array(PaymentSettingSchema),
  unavailable: z.array(z.number()),
});
export type PaymentSettings = z.infer<typeof PaymentSettingsSchema>;

const payWay = z.coerce
  .number()
  .int()
  .refine((n) => (ONLINE_PAY_WAYS as readonly number[]).includes(n));
const PEM = /^-----BEGIN [A-Z0-9 ]+-----[\s\S]+-----END [A-Z0-9 ]+-----\s*$/;
/** A PEM text; left empty, the stored one is kept (the server parses it: createPrivateKey etc.) */
const pem = z
  .string()
  .trim()
  .max(16_384)
  .refine((v) => v === '' || PEM.test(v), { error: key('pemText') });

export const PaymentSettingUpdateSchema = z
  .object({
    payWay,
    enabled: z.boolean(),
    sandbox: z.boolean(),
    merchantId: text(64),
    appId: text(64),
    gatewayUrl: z
      .string()
      .trim()
      .max(255)
      .refine((v) => v === '' || /^https?:\/\/[^\s/]+/.test(v), { error: key('httpUrl') }),
    certSerial: text(64),
    providerKeySerial: text(128),
    /** Left out or empty: the stored secret is kept */
    apiKey: z.string().trim().max(128).optional(),
    privateKey: pem.optional(),
    certificate: pem.optional(),
    providerKey: pem.optional(),
    /** Secrets to remove */
    clear: z.array(z.enum(SECRET_FIELDS)).max(SECRET_FIELDS.length).optional(),
  })
  .strict()
  .refine((s) => !s.enabled || s.appId !== '', { error: key('required'), path: ['appId'] })
  .refine((s) => !s.enabled || s.gatewayUrl !== '', { error: key('required'), path: ['gatewayUrl'] })
  .refine((s) => !s.enabled || s.payWay !== 2 || s.merchantId !== '', {
    error: key('required'),
    path: ['merchantId'],
  });
export type PaymentSettingUpdate = z.infer<typeof PaymentSettingUpdateSchema>;

export const PaymentTestSchema = z.object({ payWay }).strict();
/** A test connection's answer: what it means (`hint`, PayTestHint), and the provider's own code and words. */
export const PaymentTestResultSchema = z.object({
  ok: z.boolean(),
  hint: z.enum(Object.keys(PayTestHint) as [PayTestHintCode, ...PayTestHintCode[]]).nullable(),
  code: z.string(),
  providerMessage: z.string(),
});
export type PaymentTestResult = z.infer<typeof PaymentTestResultSchema>;

/**
 * Paying online (issue 30): a channel or the mini-program asks for a payment of an order instead of
 * reporting one (`/api/open/order/pay` stays for cash, POS and offline pay ways); the provider's
 * notification confirms it (`/api/pay/notify/<area>/<payWay>`).
 */
export const openPayApi = endpoints('/api/open/pay', ['prepay', 'query']);

/** How the payer pays: the mini-program (JSAPI, with the payer's openid), a QR code, a phone browser page. */
export const PAY_SCENES = ['jsapi', 'qr', 'h5'] as const;

/** What an online payment can pay for (each a PayTarget plugged into the payments module). */
export const PAY_TARGETS = ['ticket', 'shop', 'topup', 'card'] as const;

export const PrepaySchema = z
  .object({
    /** What is paid: a ticket order (the default), a shop order, a member's top-up, a travel card order */
    target: z.enum(PAY_TARGETS).default('ticket'),
    orderNo: z.string().trim().min(1).max(32),
    payWay: z.union(ONLINE_PAY_WAYS.map((w) => z.literal(w))),
    scene: z.enum(PAY_SCENES),
    /** JSAPI: the payer's openid (WeChat) or buyer id (Alipay) */
    payerId: z.string().trim().min(1).max(128).optional(),
  })
  .strict();

/** What the payer needs to pay: the JSAPI parameters, the QR code's content or the page to open. */
export const PrepayAnswerSchema = z.object({
  paymentNo: z.string(),
  payWay: z.number(),
  amount: z.number().int().describe('cents'),
  expiresAt: z.string(),
  scene: z.enum(PAY_SCENES),
  params: z.record(z.string(), z.string()).nullable(),
  codeUrl: z.string().nullable(),
  url: z.string().nullable(),
});
export type PrepayAnswer = z.infer<typeof PrepayAnswerSchema>;

export const PayQuerySchema = z.object({ paymentNo: z.string().trim().min(1).max(32) }).strict();

/** A payment asked of a provider: pending → paid | closed. */
export const PayIntentSchema = z.object({
  paymentNo: z.string(),
  target: z.string(),
  orderNo: z.string(),
  payWay: z.number(),
  amount: z.number().int().describe('cents'),
  status: z.enum(['pending', 'paid', 'closed']),
  paidAt: z.string().nullable(),
});
export type PayIntent = z.infer<typeof PayIntentSchema>;
