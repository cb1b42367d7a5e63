import { pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** The RSA key pair for password transport; in the database so every instance shares it. */
export const rsaKeys = pgTable('rsa_keys', {
  id: serial('id').primaryKey(),
  publicKey: text('public_key').notNull(),
  privateKey: text('private_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
