/**
 * The public entry of the staff-cards module: what other modules may use (eslint: a module reaches
 * another only through its index.ts). Routes are registered by app.ts, never imported.
 */
export { checkStaffCard } from './staff-cards.service.ts';
export type { StaffCardRead } from './staff-cards.service.ts';
export { staffCards } from './staff-cards.table.ts';
