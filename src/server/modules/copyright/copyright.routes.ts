import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, pageResultSchema } from '../../../shared/api/common.ts';
import {
  ClientIdSchema,
  copyrightApi,
  CopyrightAddSchema,
  CopyrightLoginSchema,
  CopyrightPageSchema,
  CopyrightRowSchema,
  CopyrightUpdateSchema,
  terminalCopyrightApi,
  type CopyrightRow,
} from '../../../shared/api/copyright.ts';
import { ValidationMessage } from '../../../shared/api/validation-messages.ts';
import type { Db } from '../../db/client.ts';
import { COPYRIGHT, PUBLIC } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { AppError, FieldError } from '../../http/errors.ts';
import { pageOf } from '../../http/paging.ts';
import {
  checkCopyrightGrant,
  checkCredentials,
  issueTokens,
  originOf,
  recordLoginSuccess,
  decryptField,
} from '../auth/index.ts';
import { writeAudit } from '../audit/index.ts';
import { oauthClients } from '../oauth/index.ts';
import { copyrights } from './copyright.table.ts';

// hand-registered (file): the public branding read and the copyright session's calls (its own token): no staff area or account for an action

/** The permission that opens copyright management (docs/product.md §6: a separate copyright token). */

function toRow(r: typeof copyrights.$inferSelect): CopyrightRow {
  return {
    id: r.id,
    clientId: r.clientId,
    copContent: r.copContent,
    createTime: r.createdAt.toISOString(),
    updateTime: r.updatedAt.toISOString(),
  };
}

async function requireKnownClient(db: Db, clientId: string) {
  const [client] = await db
    .select({ id: oauthClients.id })
    .from(oauthClients)
    .where(eq(oauthClients.clientId, clientId));
  if (!client) throw new FieldError('clientId', ValidationMessage.clientId);
}

export async function copyrightRoutes(root: FastifyInstance) {
  await copyrightLoginRoutes(root);
  await copyrightRecordRoutes(root);
}

/** A terminal's branding and the copyright login. */
async function copyrightLoginRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, config, keys } = root.ctx;

  app.get(
    terminalCopyrightApi.getTerCopyRight,
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['copyright'],
        summary: "A terminal's branding: data.items[0].copContent is JSON with siteIcon and siteTitle",
        querystring: z.object({ clientId: ClientIdSchema }),
        response: { 200: envelopeSchema(z.object({ items: z.array(CopyrightRowSchema) })) },
      },
    },
    async (req) => {
      const rows = await db
        .select()
        .from(copyrights)
        .where(eq(copyrights.clientId, req.query.clientId))
        .orderBy(desc(copyrights.updatedAt), desc(copyrights.id))
        .limit(1);
      return ok(req, { items: rows.map(toRow) });
    },
  );

  app.post(
    copyrightApi.loginCheck,
    {
      config: { access: PUBLIC },
      preHandler: root.passwordAttempts,
      schema: {
        tags: ['copyright'],
        summary: 'Copyright login: an account holding admin:copyright:manage gets a copyright token',
        body: CopyrightLoginSchema,
        response: { 200: envelopeSchema(z.object({ token: z.string(), expiresIn: z.number().int() })) },
      },
    },
    async (req) => {
      const password = decryptField(keys, 'password', req.body.password);
      const origin = originOf(req);
      const admin = await checkCredentials(
        db,
        config,
        { username: req.body.username, password, clientId: '', kind: 'copyright' },
        origin,
      );
      await checkCopyrightGrant(db, admin);
      await recordLoginSuccess(db, admin, '', 'copyright', origin);
      const issued = await issueTokens(
        db,
        admin.id,
        { clientId: 'copyright', accessTokenTtl: 0, refreshTokenTtl: 0 },
        'copyright',
        origin,
      );
      return ok(req, { token: issued.accessToken, expiresIn: issued.accessTtl });
    },
  );
}

/** The copyright records, for a copyright session. */
async function copyrightRecordRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  app.post(
    copyrightApi.page,
    {
      config: { access: COPYRIGHT },
      schema: {
        tags: ['copyright'],
        summary: 'Copyright records, newest first',
        body: CopyrightPageSchema,
        response: { 200: envelopeSchema(pageResultSchema(CopyrightRowSchema)) },
      },
    },
    async (req) => {
      const page = await pageOf(db, copyrights, req.body, {
        where: req.body.clientId ? eq(copyrights.clientId, req.body.clientId) : undefined,
        orderBy: [desc(copyrights.updatedAt), desc(copyrights.id)],
      });
      return ok(req, { rows: page.rows.map(toRow), total: page.total });
    },
  );

  app.post(
    copyrightApi.add,
    {
      config: { access: COPYRIGHT },
      schema: {
        tags: ['copyright'],
        summary: 'Add a copyright record for a terminal client',
        body: CopyrightAddSchema,
        response: { 200: envelopeSchema(CopyrightRowSchema) },
      },
    },
    async (req) => {
      await requireKnownClient(db, req.body.clientId);
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(copyrights)
          .values({
            clientId: req.body.clientId,
            copContent: req.body.copContent,
            updatedBy: req.copyrightAuth?.adminId ?? null,
          })
          .returning();
        if (!created) throw new Error('insert returned no row');
        await writeAudit(tx, req, {
          module: 'copyright',
          action: 'create',
          targetType: 'copyright',
          targetId: created.id,
          after: toRow(created),
        });
        return created;
      });
      return ok(req, toRow(row));
    },
  );

  app.post(
    copyrightApi.update,
    {
      config: { access: COPYRIGHT },
      schema: {
        tags: ['copyright'],
        summary: 'Update a copyright record',
        body: CopyrightUpdateSchema,
        response: { 200: envelopeSchema(CopyrightRowSchema) },
      },
    },
    async (req) => {
      const { id, clientId, copContent } = req.body;
      if (clientId) await requireKnownClient(db, clientId);
      const row = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(copyrights).where(eq(copyrights.id, id)).for('update');
        if (!before) throw new AppError(404, 'copyrightNotFound');
        const [after] = await tx
          .update(copyrights)
          .set({
            copContent,
            ...(clientId ? { clientId } : {}),
            updatedBy: req.copyrightAuth?.adminId ?? null,
            // the database clock, like the insert default, so records order the same on every instance
            updatedAt: sql`now()`,
          })
          .where(eq(copyrights.id, id))
          .returning();
        if (!after) throw new AppError(404, 'copyrightNotFound');
        await writeAudit(tx, req, {
          module: 'copyright',
          action: 'update',
          targetType: 'copyright',
          targetId: id,
          before: toRow(before),
          after: toRow(after),
        });
        return after;
      });
      return ok(req, toRow(row));
    },
  );
}
