import { and, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { AuditTargetCode } from '../../../shared/dict/audit.ts';
import { CONTENT_STATE } from '../../../shared/dict/content.ts';
import {
  canMove,
  CONTENT_TRANSITIONS,
  type ContentTransition,
} from '../../../shared/domain/content-transitions.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { writeAudit } from '../audit/index.ts';
import { announcements, scenicArticles } from './content.table.ts';

/** The columns a state move touches; announcements and articles share them. */
export interface Movable<T extends PgTable> {
  table: T;
  id: PgColumn;
  scenicId: PgColumn;
  state: PgColumn;
  targetType: AuditTargetCode;
}

export const ANNOUNCEMENT_MOVES: Movable<typeof announcements> = {
  table: announcements,
  id: announcements.id,
  scenicId: announcements.scenicId,
  state: announcements.state,
  targetType: 'announcement',
};

export const ARTICLE_MOVES: Movable<typeof scenicArticles> = {
  table: scenicArticles,
  id: scenicArticles.id,
  scenicId: scenicArticles.scenicId,
  state: scenicArticles.state,
  targetType: 'scenicArticle',
};

const CONFLICT = {
  publish: 'contentPublishConflict',
  withdraw: 'contentWithdrawConflict',
} as const satisfies Record<ContentTransition, string>;

/**
 * Publishes or withdraws one record of the area (src/shared/domain/content-transitions.ts) as a
 * compare-and-set update (`… where state = <the state read>`), audited in the same transaction. Two clicks racing: one wins, the other gets the 409. 404 for another area's record.
 */
export async function moveContent<T extends PgTable>(
  db: Db,
  req: FastifyRequest,
  kind: Movable<T>,
  action: ContentTransition,
  id: number,
  scenicId: number,
): Promise<T['$inferSelect']> {
  const { to } = CONTENT_TRANSITIONS[action];
  const now = new Date();
  return db.transaction(async (tx) => {
    const mine = and(eq(kind.id, id), eq(kind.scenicId, scenicId));
    const stateNow = async () =>
      (
        (await tx
          .select({ state: kind.state })
          .from(kind.table as PgTable)
          .where(mine)) as { state: number }[]
      )[0]?.state;
    const refuse = (state: number) => new AppError(409, CONFLICT[action], { data: { state } });
    const before = await stateNow();
    if (before === undefined) throw new AppError(404, 'recordNotFound');
    if (!canMove(action, before)) throw refuse(before);
    const values = {
      state: to,
      updatedAt: now,
      ...(to === CONTENT_STATE.published ? { publishedAt: now } : {}),
    };
    // compare-and-set: only from the state just read; a concurrent move makes this match nothing
    const [after] = (await tx
      .update(kind.table as PgTable)
      .set(values as never)
      .where(and(mine, eq(kind.state, before)))
      .returning()) as T['$inferSelect'][];
    if (!after) throw refuse((await stateNow()) ?? before);
    await writeAudit(tx, req, {
      module: 'scenic',
      action,
      targetType: kind.targetType,
      targetId: id,
      before: { state: before },
      after: { state: to },
    });
    return after;
  });
}
