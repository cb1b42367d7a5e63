import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { areaRow } from '../scenic/scenic.table.ts';
import { timestamps } from '../../db/columns.ts';

/**
 * /sys/payMentSet: one row per area and online pay way of docs/product.md §9 (2 WeChat Pay, 3 Alipay).
 * The secrets are sealed by the keyring (lib/secret-box.ts, `v2.…`; '' when none is set) and never
 * answered by a route; `npm run secrets:rotate` re-seals them (payments.module.ts declares them).
 */
export const paymentSettings = pgTable(
  'payment_settings',
  {
    ...areaRow(),
    payWay: smallint('pay_way').notNull(),
    enabled: boolean('enabled').notNull().default(false),
    /** true: the provider's sandbox (or the local one, `npm run pay-sandbox`) */
    sandbox: boolean('sandbox').notNull().default(true),
    merchantId: varchar('merchant_id', { length: 64 }).notNull().default(''),
    appId: varchar('app_id', { length: 64 }).notNull().default(''),
    gatewayUrl: varchar('gateway_url', { length: 255 }).notNull().default(''),
    certSerial: varchar('cert_serial', { length: 64 }).notNull().default(''),
    providerKeySerial: varchar('provider_key_serial', { length: 128 }).notNull().default(''),
    apiKeySealed: text('api_key_sealed').notNull().default(''),
    privateKeySealed: text('private_key_sealed').notNull().default(''),
    certificateSealed: text('certificate_sealed').notNull().default(''),
    providerKeySealed: text('provider_key_sealed').notNull().default(''),
    /** The account that saved last (admins.id); null before the first save (the demo seed) */
    updatedBy: integer('updated_by'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('payment_settings_scenic_pay_way_uq').on(t.scenicId, t.payWay),
    check('payment_settings_pay_way_ck', sql`${t.payWay} in (2, 3)`),
  ],
);
export type PaymentSettingRow = typeof paymentSettings.$inferSelect;
