// Every table of the application, for Drizzle's typed queries and drizzle-kit's migrations.
export * from '../modules/scenic/scenic.table.ts';
export * from '../modules/accounts/accounts.table.ts';
export * from '../modules/oauth/oauth.table.ts';
export * from '../modules/auth/auth.table.ts';
export * from '../modules/audit/audit.table.ts';
export * from '../modules/copyright/copyright.table.ts';
export * from '../modules/settings/settings.table.ts';
export * from '../modules/notices/notices.table.ts';
export * from '../modules/print-templates/print-templates.table.ts';
export * from '../modules/products/products.table.ts';
export * from '../modules/inventory/inventory.table.ts';
export * from '../modules/theatres/theatres.table.ts';
export * from '../modules/gates/gates.table.ts';
export * from '../modules/staff-cards/staff-cards.table.ts';
export * from '../modules/orders/orders.table.ts';
export * from '../modules/refunds/refunds.table.ts';
export * from '../modules/checkin/checkin.table.ts';
