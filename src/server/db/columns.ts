import { timestamp } from 'drizzle-orm/pg-core';

/**
 * Column builders every module's tables share (a fresh builder per call, as Drizzle wants).
 * The scenic area's own key column, `scenicIdColumn()`, lives beside its table in
 * modules/scenic/scenic.table.ts.
 */

/** When the row was written (the database's clock). */
export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** When the row last changed (its writers set it). */
export const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

/** Both: `...timestamps()` in a table's columns. */
export const timestamps = () => ({ createdAt: createdAt(), updatedAt: updatedAt() });
