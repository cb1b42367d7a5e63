import { and, asc, eq } from 'drizzle-orm';
import { ENABLED } from '../../../shared/dict/account.ts';
import type { Db } from '../../db/client.ts';
import { noticeTemplates, ticketAgreements } from './notices.table.ts';

/** Enabled agreements of an area, for the product form's select. */
export async function agreementOptions(db: Db, scenicId: number) {
  return db
    .select({ id: ticketAgreements.id, title: ticketAgreements.title })
    .from(ticketAgreements)
    .where(and(eq(ticketAgreements.scenicId, scenicId), eq(ticketAgreements.status, ENABLED)))
    .orderBy(asc(ticketAgreements.sort), asc(ticketAgreements.id));
}

/** Enabled purchase-notice templates of an area, for the product form's select. */
export async function noticeOptions(db: Db, scenicId: number) {
  return db
    .select({ id: noticeTemplates.id, title: noticeTemplates.title, noticeType: noticeTemplates.noticeType })
    .from(noticeTemplates)
    .where(and(eq(noticeTemplates.scenicId, scenicId), eq(noticeTemplates.status, ENABLED)))
    .orderBy(asc(noticeTemplates.sort), asc(noticeTemplates.id));
}
