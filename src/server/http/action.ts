import type { PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { z } from 'zod';
import { envelopeSchema } from '../../shared/api/common.ts';
import type { AuditModuleCode, AuditTargetCode } from '../../shared/dict/audit.ts';
import type { Db } from '../db/client.ts';
import { requireAuth, scenicScope, type Access } from './access.ts';
import type { AuditWriter, Resource } from './crud.ts';
import { ok } from './envelope.ts';
import type { MsgKey } from './messages.ts';

/**
 * An action as a definition (docs/architecture.md "A request through the server"), the sibling of
 * registerListResource: one definition gives a staff write its route, declared access, request and
 * answer schemas (validated, and in the OpenAPI document), the acting area and account, one
 * transaction, and the audit row written in it. The move itself is the definition's `run`: a
 * service that changes state by compare-and-set through its machine (`src/shared/domain/`), so two
 * clicks or two staff never both move the same record.
 */

/** Who acts: the caller's scenic area and account, added to the validated input. */
export interface ActingStaff {
  scenicId: number;
  adminId: number;
}

/** The audit row as a run names it: its target, the record before and after, and its action if not the definition's. */
export interface AuditRow {
  targetId: number | string;
  action?: string;
  before?: unknown;
  after?: unknown;
}

/**
 * A run's answer with its audit rows (`audited(answer, row)`): for a move whose row keeps the record
 * read before the change, names a target that is not the answer's `id`, or whose action depends on
 * the input; several rows for a move of several records (the old default and the new, an area and
 * its administrator). A row of `null` is a move that changed nothing (the same status again): no
 * audit row.
 */
export class Audited<A> {
  constructor(
    readonly answer: A,
    readonly rows: readonly AuditRow[],
  ) {}
}

export const audited = <A>(answer: A, row: AuditRow | readonly AuditRow[] | null): Audited<A> =>
  new Audited(answer, row === null ? [] : Array.isArray(row) ? row : [row as AuditRow]);

/**
 * A run whose service writes its audit row itself, in the action's transaction (`tx`): a service
 * shared with other callers that keeps its own writer (the refunds' acting area, an account's
 * dropped password, an order's ticket list). The action adds none; the definition's `audit` still
 * names the row the service writes.
 */
export const auditedInRun = <A>(answer: A): Audited<A> => new Audited(answer, []);

/**
 * For a run that writes through crud.ts (`createRecord`, `updateRecord`, `deleteRecord`, with their
 * child rows, guards and snapshots): those helpers get `resource`, a copy whose writer keeps the
 * audit row instead of writing it, and the run answers `audited(answer, row())`, so the action
 * writes that row, once, in its transaction. The definition's `audit` names the resource's own
 * writer (one that drops secrets stays in force), module and target type.
 */
export function auditThrough<T extends PgTable>(resource: Resource<T>) {
  let kept: AuditRow | null = null;
  const keep: AuditWriter = async (_db, _req, { module: _m, targetType: _t, ...row }) => {
    kept = row;
  };
  return { resource: { ...resource, audit: keep } as Resource<T>, row: () => kept };
}

export interface ActionDefinition<I extends z.ZodType<object>, R extends z.ZodType> {
  /** GET only where the specification's path is a GET (`delete?id=`); its input is then `querystring`. */
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  /** The declared access: a permission (`perm`, `shopPerm`, …) with its options. */
  access: Access;
  tag: string;
  summary: string;
  description?: string;
  /** The input: the JSON body, or the query string (one of the two). */
  body?: I;
  querystring?: I;
  response: R;
  /** Runs before the handler (and the transaction): a rate limit of its own, e.g. `app.passwordAttempts`. */
  preHandler?: preHandlerAsyncHookHandler;
  /**
   * Runs before the transaction, outside it: a call to an outside service the move depends on (the
   * payment providers asked before an unpaid order is cancelled). It may throw to stop the move.
   */
  before?: (db: Db, input: z.infer<I> & ActingStaff) => Promise<void>;
  /**
   * Runs after the transaction has committed, outside it: the call to an outside service that the
   * committed move asks for (an invoice moved to issuing is sent to the platform). Its answer
   * replaces the move's; the move stays committed whatever it meets.
   */
  after?: (db: Db, input: z.infer<I> & ActingStaff, answer: z.infer<R>) => Promise<z.infer<R>>;
  /** The answer's message (default `ok`). */
  message?: MsgKey;
  /** The audit row: its writer (the audit module's), module, action and target type. */
  audit: { write: AuditWriter; module: AuditModuleCode; action: string; targetType: AuditTargetCode };
  /**
   * The move, in the action's transaction: its answer names the record it moved (`id`), or it
   * answers `audited(answer, row)` to name the audit row itself.
   */
  run: (
    tx: Db,
    input: z.infer<I> & ActingStaff,
    req: FastifyRequest,
  ) => Promise<(z.infer<R> & { id: number | string }) | Audited<z.infer<R>>>;
  /** What the audit row of an answer with `id` keeps (default: the input and the answer). */
  snapshot?: (input: z.infer<I>, result: z.infer<R>) => { before?: unknown; after?: unknown };
}

/** Registers one action (see ActionDefinition). */
export function registerAction<I extends z.ZodType<object>, R extends z.ZodType>(
  app: FastifyInstance,
  def: ActionDefinition<I, R>,
): void {
  const { db } = app.ctx;
  const input = def.querystring ? { querystring: def.querystring } : { body: def.body };
  app.route({
    method: def.method ?? 'POST',
    url: def.url,
    config: { access: def.access },
    ...(def.preHandler ? { preHandler: def.preHandler } : {}),
    schema: {
      tags: [def.tag],
      summary: def.summary,
      ...(def.description === undefined ? {} : { description: def.description }),
      ...input,
      response: { 200: envelopeSchema(def.response) },
    },
    handler: async (req) => {
      const sent = (def.querystring ? req.query : req.body) as z.infer<I>;
      const staff: ActingStaff = { scenicId: scenicScope(req), adminId: requireAuth(req).adminId };
      await def.before?.(db, { ...sent, ...staff });
      const answer = await db.transaction(async (tx) => {
        const moved = await def.run(tx, { ...sent, ...staff }, req);
        const rows: readonly AuditRow[] =
          moved instanceof Audited
            ? moved.rows
            : [
                {
                  targetId: moved.id,
                  ...(def.snapshot ? def.snapshot(sent, moved) : { after: { input: sent, result: moved } }),
                },
              ];
        const { write, ...names } = def.audit;
        for (const row of rows)
          await write(tx, req, { ...names, ...row, action: row.action ?? names.action });
        return moved instanceof Audited ? moved.answer : moved;
      });
      return ok(req, def.after ? await def.after(db, { ...sent, ...staff }, answer) : answer, def.message);
    },
  });
}
