import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import type { AuditModuleCode, AuditTargetCode } from '../../shared/dict/audit.ts';
import type { Db } from '../db/client.ts';
import { AppError } from './errors.ts';

/** How the HTTP layer writes the audit row; the audit module provides it (http/ is below modules/). */
export type AuditWriter = (
  db: Db,
  req: FastifyRequest,
  entry: {
    module: AuditModuleCode;
    action: string;
    targetType: AuditTargetCode;
    targetId: string | number;
    before?: unknown;
    after?: unknown;
  },
) => Promise<void>;

export interface Resource<T extends PgTable> {
  table: T;
  /** The primary key column, and its property name on a row (default `id`). */
  id: PgColumn;
  idKey?: string;
  /** The scenic_id column of a scenic-area table; every read and write is limited to the caller's area. */
  scenic?: PgColumn;
  /** Audit module and target type names (src/shared/dict/audit.ts). */
  module: AuditModuleCode;
  targetType: AuditTargetCode;
  audit: AuditWriter;
}

function scopedWhere(resource: Resource<PgTable>, id: number, scenicId: number | null, extra?: SQL) {
  return and(eq(resource.id, id), resource.scenic ? eq(resource.scenic, scenicId ?? -1) : undefined, extra);
}

/**
 * Steps of a resource with child rows (an account's roles, a role's permissions), run inside the
 * same transaction as the main write, before the audit row. Pass a transaction as `db` to run
 * several helpers, or a later invariant check, as one unit: nested calls become savepoints.
 */
export interface WriteHooks<Row> {
  /** Writes child rows after the main row changed. */
  write?: (tx: Db, row: Row) => Promise<void>;
  /** Extra fields for the audit snapshot of a row (e.g. its role ids); read inside the transaction. */
  snapshot?: (tx: Db, row: Row) => Promise<Record<string, unknown>>;
}

async function snapshotOf<Row>(tx: Db, row: Row, hooks: WriteHooks<Row>): Promise<unknown> {
  return hooks.snapshot ? { ...(row as object), ...(await hooks.snapshot(tx, row)) } : row;
}

/** Inserts a row and its audit record in one transaction; returns the row. */
export async function createRecord<T extends PgTable>(
  db: Db,
  req: FastifyRequest,
  resource: Resource<T>,
  values: T['$inferInsert'],
  hooks: WriteHooks<T['$inferSelect']> = {},
): Promise<T['$inferSelect']> {
  return db.transaction(async (tx) => {
    const [row] = (await tx
      .insert(resource.table as PgTable)
      .values(values as never)
      .returning()) as T['$inferSelect'][];
    if (!row) throw new Error('insert returned no row');
    await hooks.write?.(tx, row);
    await resource.audit(tx, req, {
      module: resource.module,
      action: 'create',
      targetType: resource.targetType,
      targetId: (row as Record<string, unknown>)[resource.idKey ?? 'id'] as number,
      after: await snapshotOf(tx, row, hooks),
    });
    return row;
  });
}

/** What an update or delete may add to the area scope: a visibility rule, a guard, a snapshot. */
type LockOptions<T extends PgTable> = {
  where?: SQL | undefined;
  guard?: (before: T['$inferSelect'], tx: Db) => void | Promise<void>;
} & Pick<WriteHooks<T['$inferSelect']>, 'snapshot'>;

/**
 * The row an update or delete is about to change, locked (`FOR UPDATE`) in `tx`, checked by the
 * resource's `guard`, and its audit snapshot. 404 when it is not there for this area.
 */
async function lockForWrite<T extends PgTable>(
  tx: Db,
  resource: Resource<T>,
  id: number,
  scenicId: number | null,
  options: LockOptions<T>,
) {
  const where = scopedWhere(resource as Resource<PgTable>, id, scenicId, options.where);
  const [before] = (await tx
    .select()
    .from(resource.table as PgTable)
    .where(where)
    .for('update')) as T['$inferSelect'][];
  if (!before) throw new AppError(404, 'recordNotFound');
  await options.guard?.(before, tx);
  return { where, beforeSnapshot: await snapshotOf(tx, before, options) };
}

/**
 * Updates a row of the caller's scenic area under a row lock, with the before/after audit record in
 * the same transaction. 404 when the row does not exist, belongs to another area or fails `where`
 * (extra visibility rules of the resource). `guard` sees the locked row before the change.
 */
export async function updateRecord<T extends PgTable>(
  db: Db,
  req: FastifyRequest,
  resource: Resource<T>,
  id: number,
  scenicId: number | null,
  values: Partial<T['$inferInsert']>,
  options: {
    action?: string;
    where?: SQL | undefined;
    guard?: (before: T['$inferSelect'], tx: Db) => void | Promise<void>;
  } & WriteHooks<T['$inferSelect']> = {},
): Promise<T['$inferSelect']> {
  return db.transaction(async (tx) => {
    const { where, beforeSnapshot } = await lockForWrite(tx, resource, id, scenicId, options);
    const [after] = (await tx
      .update(resource.table as PgTable)
      .set(values as never)
      .where(where)
      .returning()) as T['$inferSelect'][];
    if (!after) throw new AppError(404, 'recordNotFound');
    await options.write?.(tx, after);
    await resource.audit(tx, req, {
      module: resource.module,
      action: options.action ?? 'update',
      targetType: resource.targetType,
      targetId: id,
      before: beforeSnapshot,
      after: await snapshotOf(tx, after, options),
    });
    return after;
  });
}

/** Deletes a row of the caller's scenic area with its audit record; a row still in use is a 409. */
export async function deleteRecord<T extends PgTable>(
  db: Db,
  req: FastifyRequest,
  resource: Resource<T>,
  id: number,
  scenicId: number | null,
  options: LockOptions<T> = {},
): Promise<void> {
  await db.transaction(async (tx) => {
    const { where, beforeSnapshot } = await lockForWrite(tx, resource, id, scenicId, options);
    await tx.delete(resource.table as PgTable).where(where);
    await resource.audit(tx, req, {
      module: resource.module,
      action: 'delete',
      targetType: resource.targetType,
      targetId: id,
      before: beforeSnapshot,
    });
  });
}
