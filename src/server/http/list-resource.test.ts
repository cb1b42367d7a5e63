import { asc, eq } from 'drizzle-orm';
import { integer, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { endpoints, listQuerySchema } from '../../shared/api/common.ts';
import { registerListResource, type ListResourceDefinition } from './list-resource.ts';

/**
 * What the builder registers, without a database (its routes' behaviour is tested through the
 * modules declared with it: staff cards, print templates, notices, logs, ...).
 */

const things = pgTable('things', {
  id: serial('id').primaryKey(),
  scenicId: integer('scenic_id').notNull(),
  name: varchar('name', { length: 50 }).notNull(),
});
const thingApi = endpoints('/web/api/admin/thing', ['page', 'export', 'query', 'delete']);
const PageSchema = listQuerySchema(['name'], { name: z.string().optional() });
const RowSchema = z.object({ id: z.number(), name: z.string() });

type Definition = ListResourceDefinition<
  typeof things,
  z.infer<typeof RowSchema>,
  z.infer<typeof PageSchema>
>;

const base: Definition = {
  tag: 'things',
  api: thingApi,
  perms: { page: 'admin:gate:page', delete: 'admin:gate:page' },
  table: things,
  resource: {
    table: things,
    id: things.id,
    scenic: things.scenicId,
    module: 'ticket',
    targetType: 'staffCard',
    audit: async () => undefined,
  },
  where: (scenicId) => eq(things.scenicId, scenicId),
  sort: { name: things.name },
  order: [asc(things.id)],
  rowSchema: RowSchema,
  rows: (records) => records.map(({ id, name }) => ({ id, name })),
  page: { summary: 'Things', body: PageSchema },
};

function routesOf(definition: Definition) {
  const app: FastifyInstance = Fastify();
  app.decorate('ctx', { db: null } as never);
  const routes: { method: unknown; url: string; access: unknown; summary: unknown }[] = [];
  app.addHook('onRoute', (route) => {
    if (route.method === 'HEAD') return;
    routes.push({
      method: route.method,
      url: route.url,
      access: route.config?.access,
      summary: (route.schema as { summary?: string } | undefined)?.summary,
    });
  });
  registerListResource(app, definition);
  return routes;
}

describe('registerListResource', () => {
  it('registers only the parts a definition gives, at its endpoints, with their permissions', () => {
    const routes = routesOf({ ...base, delete: { summary: 'Delete a thing' } });
    expect(routes).toEqual([
      {
        method: 'POST',
        url: '/web/api/admin/thing/page',
        access: { kind: 'perm', perm: 'admin:gate:page' },
        summary: 'Things',
      },
      {
        method: 'GET',
        url: '/web/api/admin/thing/delete',
        access: { kind: 'perm', perm: 'admin:gate:page' },
        summary: 'Delete a thing',
      },
    ]);
  });

  it('refuses a part without its URL or permission when the routes are registered', () => {
    expect(() =>
      routesOf({
        ...base,
        status: { summary: 'x', body: z.object({ ids: z.array(z.number()), status: z.number() }) },
      }),
    ).toThrow('list resource: api.status missing');
    expect(() => routesOf({ ...base, perms: { page: 'admin:gate:page' }, delete: { summary: 'x' } })).toThrow(
      'list resource: perms.delete missing',
    );
  });
});
