import { and, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  IdSchema,
  envelopeSchema,
  pageResultSchema,
  type PageQuery,
  type SortOrder,
} from '../../shared/api/common.ts';
import type { DictEntry } from '../../shared/dict/dict.ts';
import type { Permission } from '../../shared/perms.ts';
import type { Db } from '../db/client.ts';
import { perm, scenicScope } from './access.ts';
import { createRecord, deleteRecord, updateRecord, type Resource } from './crud.ts';
import { ok } from './envelope.ts';
import { AppError } from './errors.ts';
import { batchesOf, sendXlsx, type ExportColumn } from './export.ts';
import { orderFor, pageOf } from './paging.ts';

/** The routes a list resource may have; each is registered only when its definition part is given. */
export type ListRoute = 'page' | 'export' | 'query' | 'create' | 'update' | 'delete' | 'status';

/** What a definition's functions see of the request: the caller's scope (by default its scenic area). */
export interface ListContext<Scope> {
  req: FastifyRequest;
  db: Db;
  scope: Scope;
}

type ListQuery = PageQuery & { sort?: string | undefined; order?: SortOrder };
type Describe = { summary: string; description?: string };
/** A stored record of the table, and the values of an insert. */
type Stored<T extends PgTable> = T['$inferSelect'];
type Insert<T extends PgTable> = T['$inferInsert'];

export interface ListResourceDefinition<
  T extends PgTable,
  Row,
  Q extends ListQuery,
  Scope = number,
  C = never,
  U extends { id: number } = never,
> {
  /** OpenAPI tag of every route. */
  tag: string;
  /** The resource's URLs: an `endpoints()` constant of its `src/shared/api` file. */
  api: { readonly [K in ListRoute]?: string };
  /** page, export and query need `page`; create `create`; update and status `update`; delete `delete`. */
  perms: { page: Permission; create?: Permission; update?: Permission; delete?: Permission };
  table: T;
  /** Id and scenic columns, audit names and writer: needed by query and every write. */
  resource?: Resource<T>;
  /**
   * Distributor accounts may call the read routes (page, export, query), seeing their own rows only:
   * `scope` must then narrow by `ownerScope(req)` (docs/accounts.md "Distributors").
   */
  distributor?: 'own';
  /**
   * Shop accounts (admType 4) may call every route of the resource, with its permissions: a resource
   * of the shop (docs/accounts.md "Shop accounts").
   */
  shop?: 'shop';
  /** The caller's scope, handed to `where` and the mappings; default `scenicScope` (the acting area). */
  scope?: (req: FastifyRequest) => Scope;
  /** The list filter: the scope and the query's filters. */
  where: (scope: Scope, query: Q, req: FastifyRequest) => SQL | undefined;
  /**
   * Sort field → column (or an expression over the row, such as a correlated subquery of a
   * one-to-one settings table), and the order after it (ending in a unique column, so pages are
   * stable).
   */
  sort: Record<NonNullable<Q['sort']>, PgColumn | SQL>;
  order: (PgColumn | SQL)[];
  rowSchema: z.ZodType<Row>;
  /** Records → response rows (in the list, the export, the query and write answers). */
  rows: (records: Stored<T>[], ctx: ListContext<Scope>) => Row[] | Promise<Row[]>;
  page: Describe & { body: z.ZodType<Q> };
  export?: Describe & { fileName: DictEntry; columns: ExportColumn<Row>[] };
  /** GET ?id=: one record of the scope, 404 otherwise; `detail` answers more than the list row. */
  query?: Describe & {
    querystring?: z.ZodType<{ id: number }>;
    response?: z.ZodType;
    detail?: (record: Stored<T>, row: Row) => unknown;
  };
  /** `values` maps the body to the inserted row (and may refuse it); answers the row or `{ id }`. */
  create?: Describe & {
    body: z.ZodType<C>;
    values: (body: C, ctx: ListContext<Scope>) => Insert<T> | Promise<Insert<T>>;
    returns?: 'row' | 'id';
  };
  /** Only the fields sent change; `guard` sees the locked record before the change. */
  update?: Describe & {
    body: z.ZodType<U>;
    values?: (
      body: Omit<U, 'id'>,
      ctx: ListContext<Scope>,
    ) => Partial<Insert<T>> | Promise<Partial<Insert<T>>>;
    guard?: (
      before: Stored<T>,
      body: Omit<U, 'id'>,
      ctx: ListContext<Scope> & { tx: Db },
    ) => void | Promise<void>;
    returns?: 'row' | 'ok';
  };
  /** GET ?id=; `guard` may refuse (e.g. a 409 while the record is in use). */
  delete?: Describe & {
    querystring?: z.ZodType<{ id: number }>;
    guard?: (before: Stored<T>, tx: Db) => void | Promise<void>;
  };
  /** `{ ids, status }`: all change or none. */
  status?: Describe & { body: z.ZodType<{ ids: number[]; status: number }> };
}

const IdQuerySchema = z.object({ id: IdSchema }).strict();
const okSchema = envelopeSchema(z.null());
const idSchema = envelopeSchema(z.object({ id: z.number().int() }));

/** Writes and the query are limited to the scope when it is a scenic area id. */
const areaOf = (scope: unknown): number | null => (typeof scope === 'number' ? scope : null);

function need<V>(value: V | undefined, what: string): V {
  if (value === undefined) throw new Error(`list resource: ${what} missing`);
  return value;
}

/** What every route of one definition shares. */
interface Setup<T extends PgTable, Row, Scope> {
  db: Db;
  context: (req: FastifyRequest) => ListContext<Scope>;
  resource: () => Resource<T>;
  rowsOf: (records: Stored<T>[], ctx: ListContext<Scope>) => Promise<Row[]>;
  rowOf: (record: Stored<T>, ctx: ListContext<Scope>) => Promise<Row>;
  /** Registers one route: its URL, permission, OpenAPI text, input schemas and answer schema. */
  route: (
    method: 'GET' | 'POST',
    name: ListRoute,
    permission: keyof ListResourceDefinition<T, Row, ListQuery>['perms'],
    part: Describe,
    input: { body?: z.ZodType; querystring?: z.ZodType },
    answer: z.ZodType | null,
    handler: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  ) => void;
}

/**
 * Registers the usual routes of a list screen from one definition (docs/adding-a-screen.md):
 * `POST page` ({ rows, total }), `POST export` (.xlsx in batches), `GET query?id=`, `POST create`,
 * `POST update`, `GET delete?id=` and `POST status` ({ ids, status }), each with its zod schemas,
 * OpenAPI summary and declared permission, scoped to the caller's scenic area and audited through
 * the resource's writer (`createRecord`/`updateRecord`/`deleteRecord`; update and status also set
 * `updatedAt` when the table has it). Only the parts the definition gives are registered; a
 * module's other routes stay ordinary routes beside it. For example:
 *
 *   registerListResource(root, {
 *     tag: 'gates', api: gateApi, perms: { page: 'admin:gate:page' }, table: gates,
 *     where: (scenicId, q) => and(eq(gates.scenicId, scenicId), q.name ? ilike(...) : undefined),
 *     sort: { code: gates.code, name: gates.name }, order: [asc(gates.id)],
 *     rowSchema: GateRowSchema, rows: (records) => records.map(toRow),
 *     page: { summary: 'Gates of the acting area', body: GatePageSchema },
 *   });
 */
export function registerListResource<
  T extends PgTable,
  Row,
  Q extends ListQuery,
  Scope = number,
  C = never,
  U extends { id: number } = never,
>(app: FastifyInstance, def: ListResourceDefinition<T, Row, Q, Scope, C, U>): void {
  const { db } = app.ctx;
  const scopeOf = def.scope ?? (scenicScope as unknown as (req: FastifyRequest) => Scope);
  const rowsOf = async (records: Stored<T>[], ctx: ListContext<Scope>) => def.rows(records, ctx);
  const setup: Setup<T, Row, Scope> = {
    db,
    context: (req) => ({ req, db, scope: scopeOf(req) }),
    resource: () => need(def.resource, 'resource'),
    rowsOf,
    rowOf: async (record, ctx) => (await rowsOf([record], ctx))[0]!,
    route: (method, name, permission, part, input, answer, handler) => {
      const description = part.description === undefined ? {} : { description: part.description };
      app.route({
        method,
        url: need(def.api[name], `api.${name}`),
        config: {
          access: perm(need(def.perms[permission], `perms.${permission}`), {
            ...(def.distributor && permission === 'page' ? { distributor: def.distributor } : {}),
            ...(def.shop ? { shop: def.shop } : {}),
          }),
        },
        schema: {
          tags: [def.tag],
          summary: part.summary,
          ...description,
          ...input,
          ...(answer ? { response: { 200: answer } } : {}),
        },
        handler,
      });
    },
  };
  registerReads(setup, def);
  registerWrites(setup, def);
}

function registerReads<T extends PgTable, Row, Q extends ListQuery, Scope, C, U extends { id: number }>(
  { db, context, resource, rowsOf, rowOf, route }: Setup<T, Row, Scope>,
  def: ListResourceDefinition<T, Row, Q, Scope, C, U>,
): void {
  const listOrder = (q: Q) => orderFor(def.sort as Record<string, PgColumn | SQL>, q, def.order);
  const body = def.page.body;

  route(
    'POST',
    'page',
    'page',
    def.page,
    { body },
    envelopeSchema(pageResultSchema(def.rowSchema)),
    async (req) => {
      const ctx = context(req);
      const q = req.body as Q;
      const page = await pageOf(db, def.table, q, {
        where: def.where(ctx.scope, q, req),
        orderBy: listOrder(q),
      });
      return ok(req, { rows: await rowsOf(page.rows, ctx), total: page.total });
    },
  );

  const exported = def.export;
  if (exported)
    route('POST', 'export', 'page', exported, { body }, null, async (req, reply) => {
      const ctx = context(req);
      const q = req.body as Q;
      const fetch = batchesOf(db, def.table, def.where(ctx.scope, q, req), listOrder(q));
      return sendXlsx(req, reply, {
        fileName: exported.fileName,
        columns: exported.columns,
        fetch: async (offset, limit) => rowsOf(await fetch(offset, limit), ctx),
      });
    });

  const query = def.query;
  if (query)
    route(
      'GET',
      'query',
      'page',
      query,
      { querystring: query.querystring ?? IdQuerySchema },
      envelopeSchema(query.response ?? def.rowSchema),
      async (req) => {
        const ctx = context(req);
        const { id, scenic, table } = resource();
        const inArea = scenic ? eq(scenic, areaOf(ctx.scope) ?? -1) : undefined;
        const [record] = (await db
          .select()
          .from(table as PgTable)
          .where(and(eq(id, (req.query as { id: number }).id), inArea))) as Stored<T>[];
        if (!record) throw new AppError(404, 'recordNotFound');
        const row = await rowOf(record, ctx);
        return ok(req, query.detail ? query.detail(record, row) : row);
      },
    );
}

/** Sets `updatedAt` on every change of a table that has the column. */
function touched<T extends PgTable>(table: T, values: object): Partial<Insert<T>> {
  return ('updatedAt' in table ? { ...values, updatedAt: new Date() } : values) as Partial<Insert<T>>;
}

function registerWrites<T extends PgTable, Row, Q extends ListQuery, Scope, C, U extends { id: number }>(
  { db, context, resource, rowOf, route }: Setup<T, Row, Scope>,
  def: ListResourceDefinition<T, Row, Q, Scope, C, U>,
): void {
  const rowAnswer = envelopeSchema(def.rowSchema);

  const create = def.create;
  if (create) {
    const answer = create.returns === 'id' ? idSchema : rowAnswer;
    route('POST', 'create', 'create', create, { body: create.body }, answer, async (req) => {
      const ctx = context(req);
      const res = resource();
      const record = await createRecord(db, req, res, await create.values(req.body as C, ctx));
      if (create.returns !== 'id') return ok(req, await rowOf(record, ctx));
      return ok(req, { id: (record as Record<string, unknown>)[res.idKey ?? 'id'] as number });
    });
  }

  const update = def.update;
  if (update) {
    const answer = update.returns === 'ok' ? okSchema : rowAnswer;
    route('POST', 'update', 'update', update, { body: update.body }, answer, async (req) => {
      const ctx = context(req);
      const { id, ...body } = req.body as U;
      const values = update.values ? await update.values(body, ctx) : body;
      const { guard } = update;
      const record = await updateRecord(
        db,
        req,
        resource(),
        id,
        areaOf(ctx.scope),
        touched(def.table, values),
        {
          ...(guard ? { guard: (before: Stored<T>, tx: Db) => guard(before, body, { ...ctx, tx }) } : {}),
        },
      );
      return ok(req, update.returns === 'ok' ? null : await rowOf(record, ctx));
    });
  }

  const del = def.delete;
  if (del) {
    const querystring = del.querystring ?? IdQuerySchema;
    route('GET', 'delete', 'delete', del, { querystring }, okSchema, async (req) => {
      const { id } = req.query as { id: number };
      const area = areaOf(context(req).scope);
      await deleteRecord(db, req, resource(), id, area, del.guard ? { guard: del.guard } : {});
      return ok(req, null);
    });
  }

  const status = def.status;
  if (status)
    route('POST', 'status', 'update', status, { body: status.body }, okSchema, async (req) => {
      const area = areaOf(context(req).scope);
      const body = req.body as { ids: number[]; status: number };
      // ascending ids: two batches over the same records lock them in the same order
      const ids = [...new Set(body.ids)].sort((a, b) => a - b);
      const values = touched(def.table, { status: body.status });
      await db.transaction(async (tx) => {
        for (const id of ids) await updateRecord(tx, req, resource(), id, area, values, { action: 'status' });
      });
      return ok(req, null);
    });
}
