import type { MemberCallers } from '../orders/index.ts';
import { memberOfToken } from './member-session.service.ts';

/** The member signed in on a selling call (`X-Member-Token`), for orders' owner of a call (orders/channels.ts). */
export const memberCallers: MemberCallers = {
  memberOf: async (db, req) => (await memberOfToken(db, req))?.memberId ?? null,
};
