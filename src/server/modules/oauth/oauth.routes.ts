import { and, asc, eq, ilike, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, IdSchema } from '../../../shared/api/common.ts';
import {
  oauthApi,
  OauthCreateSchema,
  OauthIdSchema,
  OauthPageSchema,
  OauthRowSchema,
  OauthSecretResultSchema,
  OauthUpdateResultSchema,
  OauthUpdateSchema,
  type OauthRow,
} from '../../../shared/api/oauth.ts';
import { ADM_TYPE, DISABLED, EnableStatus } from '../../../shared/dict/account.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import { GrantType } from '../../../shared/dict/oauth.ts';
import { OauthField, SysCellText, SysExportText } from '../../../shared/dict/sys-fields.ts';
import type { Db } from '../../db/client.ts';
import { perm, requireAuth } from '../../http/access.ts';
import { createRecord, type AuditWriter, type Resource } from '../../http/crud.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { joinTexts, type ExportColumn } from '../../http/export.ts';
import { registerListResource } from '../../http/list-resource.ts';
import { likeContains } from '../../http/paging.ts';
import { writeAudit, type AuditEntry } from '../audit/index.ts';
import {
  clientDeleteGuards,
  countLiveTokens,
  newClientSecret,
  otherPublicClient,
  revokeClientTokens,
  type ClientRow,
} from './oauth.service.ts';
import { oauthClients } from './oauth.table.ts';

// hand-registered (file): the clients are platform-wide: no acting area (an action has one), audited by platformAudit

const MODULE = 'oauth';
const TARGET = 'oauthClient';

function toRow(r: ClientRow): OauthRow {
  return {
    id: r.id,
    clientId: r.clientId,
    name: r.name,
    grantTypes: r.grantTypes,
    scope: r.scope,
    accessTokenTtl: r.accessTokenTtl,
    refreshTokenTtl: r.refreshTokenTtl,
    status: r.status,
    isPublic: r.isPublic,
    createTime: r.createdAt.toISOString(),
    updateTime: r.updatedAt.toISOString(),
  };
}

/**
 * Clients are platform-wide (docs/product.md §9 terminal client ids), so their audit rows are platform-level
 * (scenic_id null): an area's staff never see them. writeAudit drops the secret columns.
 */
function platformAudit(db: Db, req: FastifyRequest, entry: AuditEntry) {
  const auth = requireAuth(req);
  return writeAudit(db, req, {
    ...entry,
    actor: { adminId: auth.adminId, username: auth.username, scenicId: null },
  });
}
const auditWriter: AuditWriter = (db, req, entry) => platformAudit(db, req, entry);

const resource: Resource<typeof oauthClients> = {
  table: oauthClients,
  id: oauthClients.id,
  module: MODULE,
  targetType: TARGET,
  audit: auditWriter,
};

const publicExists = (other: ClientRow) =>
  new AppError(409, 'publicClientExists', {
    params: { clientId: other.clientId },
    data: { field: 'isPublic' },
  });
const publicLocked = () => new AppError(409, 'publicClientLocked', { data: { field: 'isPublic' } });

function clientWhere(q: z.infer<typeof OauthPageSchema>) {
  return and(
    q.clientId ? ilike(oauthClients.clientId, likeContains(q.clientId)) : undefined,
    q.name ? ilike(oauthClients.name, likeContains(q.name)) : undefined,
    q.status ? eq(oauthClients.status, q.status) : undefined,
  );
}

/** Built from toRow, so neither the secret's hash nor a public client's secret can reach the file. */
const CLIENT_EXPORT: ExportColumn<OauthRow>[] = [
  { header: OauthField.clientId, value: (r) => r.clientId, width: 24 },
  { header: OauthField.name, value: (r) => r.name, width: 24 },
  {
    header: OauthField.grantTypes,
    value: (r, lang) =>
      joinTexts(
        r.grantTypes.map((code) => dictLabel(GrantType, code, lang)),
        lang,
      ),
    width: 30,
  },
  { header: OauthField.scope, value: (r) => r.scope },
  { header: OauthField.accessTokenTtl, value: (r) => r.accessTokenTtl, kind: 'number' },
  { header: OauthField.refreshTokenTtl, value: (r) => r.refreshTokenTtl, kind: 'number' },
  { header: OauthField.status, value: (r, lang) => dictLabel(EnableStatus, r.status, lang) },
  { header: OauthField.isPublic, value: (r, lang) => SysCellText[r.isPublic ? 'yes' : 'no'][lang] },
  { header: OauthField.createTime, value: (r) => r.createTime, kind: 'datetime', width: 20 },
  { header: OauthField.updateTime, value: (r) => r.updateTime, kind: 'datetime', width: 20 },
];

export async function oauthRoutes(root: FastifyInstance) {
  await clientRecordRoutes(root);
  await clientLifecycleRoutes(root);
}

/** The client list, its export, create and edit. */
async function clientRecordRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  // Platform-wide records: only platform accounts (admType 1), whatever their permissions. Before
  // validation, so another account learns nothing from a 400.
  app.addHook('preValidation', async (req) => {
    if (requireAuth(req).admType !== ADM_TYPE.platform) throw new AppError(403, 'platformOnly');
  });

  registerListResource(root, {
    tag: 'oauth',
    api: oauthApi,
    perms: { page: 'admin:oauth:page' },
    table: oauthClients,
    // platform-wide records: no scenic area
    scope: () => null,
    where: (_platform, q) => clientWhere(q),
    sort: { clientId: oauthClients.clientId, name: oauthClients.name, createTime: oauthClients.createdAt },
    order: [asc(oauthClients.id)],
    rowSchema: OauthRowSchema,
    rows: (records) => records.map(toRow),
    page: {
      summary:
        'OAuth clients (terminal client ids of docs/product.md §9); platform accounts only. No secrets.',
      body: OauthPageSchema,
    },
    export: {
      summary: 'The OAuth clients of the current filter (all pages) as an .xlsx download. No secrets.',
      fileName: SysExportText.oauthClients,
      columns: CLIENT_EXPORT,
    },
  });

  app.post(
    oauthApi.create,
    {
      config: { access: perm('admin:oauth:create') },
      schema: {
        tags: ['oauth'],
        summary: 'Create a client; the generated secret is in this response only (stored as SHA-256)',
        body: OauthCreateSchema,
        response: { 200: envelopeSchema(OauthSecretResultSchema) },
      },
    },
    async (req) => {
      const body = req.body;
      if (body.isPublic) {
        const other = await otherPublicClient(db);
        if (other) throw publicExists(other);
      }
      const { secret, secretHash, publicSecret } = newClientSecret(body.isPublic);
      const row = await createRecord(db, req, resource, { ...body, secretHash, publicSecret });
      return ok(req, { ...toRow(row), secret });
    },
  );

  app.post(
    oauthApi.update,
    {
      config: { access: perm('admin:oauth:update') },
      schema: {
        tags: ['oauth'],
        summary: 'Edit a client (clientId is fixed). Disabling it revokes its tokens.',
        description:
          'Making a client public issues a new secret (in this response only). The public console ' +
          'client cannot be disabled or made confidential (409).',
        body: OauthUpdateSchema,
        response: { 200: envelopeSchema(OauthUpdateResultSchema) },
      },
    },
    async (req) => {
      const { id, ...values } = req.body;
      const result = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(oauthClients).where(eq(oauthClients.id, id)).for('update');
        if (!before) throw new AppError(404, 'recordNotFound');
        if (before.isPublic && (values.isPublic === false || values.status === DISABLED))
          throw publicLocked();
        const becomesPublic = values.isPublic === true && !before.isPublic;
        if (becomesPublic) {
          const other = await otherPublicClient(tx, id);
          if (other) throw publicExists(other);
        }
        // a public client's secret is handed to every browser: it gets a fresh one, stored in clear
        const rotated = becomesPublic ? newClientSecret(true) : null;
        const [after] = await tx
          .update(oauthClients)
          .set({
            ...values,
            ...(rotated ? { secretHash: rotated.secretHash, publicSecret: rotated.publicSecret } : {}),
            updatedAt: sql`now()`,
          })
          .where(eq(oauthClients.id, id))
          .returning();
        if (!after) throw new AppError(404, 'recordNotFound');
        const disabled = after.status === DISABLED && before.status !== DISABLED;
        const revoked =
          rotated || disabled
            ? await revokeClientTokens(
                tx,
                before.clientId,
                rotated ? 'client_secret_reset' : 'client_disabled',
              )
            : 0;
        await platformAudit(tx, req, {
          module: MODULE,
          action: 'update',
          targetType: TARGET,
          targetId: id,
          before: toRow(before),
          after: { ...toRow(after), credentialReset: Boolean(rotated), revokedSessions: revoked },
        });
        return { row: after, secret: rotated?.secret };
      });
      return ok(req, { ...toRow(result.row), ...(result.secret ? { secret: result.secret } : {}) });
    },
  );
}

/** Reset a secret, delete a client. */
async function clientLifecycleRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  app.post(
    oauthApi.resetSecret,
    {
      config: { access: perm('admin:oauth:update') },
      schema: {
        tags: ['oauth'],
        summary:
          "Issue a new secret (in this response only); the old one stops working and the client's tokens are revoked",
        body: OauthIdSchema,
        response: { 200: envelopeSchema(OauthSecretResultSchema) },
      },
    },
    async (req) => {
      const { id } = req.body;
      const result = await db.transaction(async (tx) => {
        const [before] = await tx.select().from(oauthClients).where(eq(oauthClients.id, id)).for('update');
        if (!before) throw new AppError(404, 'recordNotFound');
        const { secret, secretHash, publicSecret } = newClientSecret(before.isPublic);
        const [after] = await tx
          .update(oauthClients)
          .set({ secretHash, publicSecret, updatedAt: sql`now()` })
          .where(eq(oauthClients.id, id))
          .returning();
        if (!after) throw new AppError(404, 'recordNotFound');
        const revoked = await revokeClientTokens(tx, before.clientId, 'client_secret_reset');
        await platformAudit(tx, req, {
          module: MODULE,
          action: 'resetSecret',
          targetType: TARGET,
          targetId: id,
          before: toRow(before),
          after: { ...toRow(after), revokedSessions: revoked },
        });
        return { row: after, secret };
      });
      return ok(req, { ...toRow(result.row), secret: result.secret });
    },
  );

  app.get(
    oauthApi.delete,
    {
      config: { access: perm('admin:oauth:delete') },
      schema: {
        tags: ['oauth'],
        summary:
          'Delete a client: 409 for the public console client, or while it has live tokens or branding',
        querystring: z.object({ id: IdSchema }).strict(),
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (req) => {
      const { id } = req.query;
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(oauthClients).where(eq(oauthClients.id, id)).for('update');
        if (!before) throw new AppError(404, 'recordNotFound');
        if (before.isPublic) throw publicLocked();
        const live = await countLiveTokens(tx, before.clientId);
        if (live > 0) throw new AppError(409, 'clientHasTokens', { params: { count: live } });
        for (const guard of clientDeleteGuards.items) await guard(tx, before.clientId);
        await tx.delete(oauthClients).where(eq(oauthClients.id, id));
        await platformAudit(tx, req, {
          module: MODULE,
          action: 'delete',
          targetType: TARGET,
          targetId: id,
          before: toRow(before),
        });
      });
      return ok(req, null);
    },
  );
}
