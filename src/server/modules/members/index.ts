/**
 * The public entry of the members module: what other modules may use (eslint: a module reaches
 * another only through its index.ts).
 */
export { adjustBalance, creditBalance, debitBalance, ledgerMismatches } from './balance.service.ts';
export type { BalanceMove, LedgerEntry } from './balance.service.ts';
export { levelPrice, memberPricing, recordSpend } from './levels.service.ts';
export type { MemberPricing } from './levels.service.ts';
export { members } from './members.table.ts';
export { memberOfToken, requireMember } from './member-session.service.ts';
export {
  creditOnlineRecharge,
  memberRecharge,
  payableRecharge,
  type RechargeDue,
} from './recharge-online.service.ts';
export type { MemberCaller } from './member-session.service.ts';
export { createTraveller, deleteTraveller } from './travellers.service.ts';
export { ints, iso, memberApiContext } from './member-api-parts.ts';
export { memberRegistered, type MemberRegisteredListener } from './member-session.service.ts';
