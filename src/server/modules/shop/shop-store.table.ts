import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, smallint, varchar } from 'drizzle-orm/pg-core';
import { admins } from '../accounts/accounts.table.ts';
import { scenicAreas } from '../scenic/scenic.table.ts';
import { timestamps } from '../../db/columns.ts';

/**
 * /shop/storeInvoiceSet: the store's invoice settings, one row per scenic area (none until first
 * saved): the issuer printed on the shop's invoices and the defaults of an invoice's line.
 */
export const shopStoreSettings = pgTable(
  'shop_store_settings',
  {
    scenicId: integer('scenic_id')
      .primaryKey()
      .references(() => scenicAreas.id, { onDelete: 'cascade' }),
    issuerName: varchar('issuer_name', { length: 100 }).notNull(),
    /** unified social credit code (GB 32100), checked by the shared schema */
    taxpayerId: varchar('taxpayer_id', { length: 18 }).notNull(),
    address: varchar('address', { length: 200 }).notNull().default(''),
    phone: varchar('phone', { length: 20 }).notNull().default(''),
    bankName: varchar('bank_name', { length: 100 }).notNull().default(''),
    bankAccount: varchar('bank_account', { length: 32 }).notNull().default(''),
    /** ShopInvoiceKind codes enabled: 1 normal e-invoice, 2 special VAT e-invoice */
    invoiceKinds: smallint('invoice_kinds')
      .array()
      .notNull()
      .default(sql`'{}'::smallint[]`),
    itemName: varchar('item_name', { length: 60 }).notNull(),
    /** the 19-digit tax classification code of the default item */
    taxCode: varchar('tax_code', { length: 19 }).notNull(),
    /** basis points: 1300 = 13 % */
    taxRate: integer('tax_rate').notNull(),
    remarks: varchar('remarks', { length: 200 }).notNull().default(''),
    buyerMayRequest: boolean('buyer_may_request').notNull().default(false),
    updatedBy: integer('updated_by').references(() => admins.id, { onDelete: 'set null' }),
    ...timestamps(),
  },
  (t) => [
    check('shop_store_settings_tax_rate_check', sql`${t.taxRate} between 0 and 10000`),
    check('shop_store_settings_kinds_check', sql`${t.invoiceKinds} <@ '{1,2}'::smallint[]`),
  ],
);
export type ShopStoreSetting = typeof shopStoreSettings.$inferSelect;

/** /shop/accountManage: what a shop account (admType 4) has beyond an account: its contact phone. */
export const shopAccountProfiles = pgTable('shop_account_profiles', {
  adminId: integer('admin_id')
    .primaryKey()
    .references(() => admins.id, { onDelete: 'cascade' }),
  phone: varchar('phone', { length: 11 }).notNull().default(''),
});
