import { and, desc, eq, ilike, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import {
  terminalApi,
  TerminalCreatedSchema,
  TerminalCreateSchema,
  TerminalEventRowSchema,
  TerminalIdSchema,
  TerminalPageSchema,
  TerminalRowSchema,
  TerminalSecretSchema,
  TerminalStatusResultSchema,
  TerminalStatusSchema,
  TerminalUpdateSchema,
  type TerminalStatusResult,
  type TerminalPage,
  type TerminalRow,
} from '../../../shared/api/terminals.ts';
import { EnableStatus, ENABLED } from '../../../shared/dict/account.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import {
  TerminalKind,
  TerminalOnline,
  TerminalText,
  TERMINAL_ONLINE,
} from '../../../shared/dict/terminal.ts';
import type { Db } from '../../db/client.ts';
import { perm, scenicScope } from '../../http/access.ts';
import type { Resource } from '../../http/crud.ts';
import { audited, registerAction } from '../../http/action.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import type { ExportColumn } from '../../http/export.ts';
import { registerListResource } from '../../http/list-resource.ts';
import { likeContains } from '../../http/paging.ts';
import { writeAudit } from '../audit/index.ts';
import { sha256 } from '../../lib/password.ts';
import { newClientSecret, oauthClients } from '../oauth/index.ts';
import {
  ACTIVATION_TTL_MS,
  logTerminalEvent,
  newActivationCode,
  terminalClientId,
} from './terminals.service.ts';
import { terminalEvents, terminals, type Terminal } from './terminals.table.ts';

const tags = ['terminals'];

const resource: Resource<typeof terminals> = {
  table: terminals,
  id: terminals.id,
  scenic: terminals.scenicId,
  module: 'terminals',
  targetType: 'terminal',
  audit: writeAudit,
};

/** The terminals' audit rows written by the actions below. */
const audit = { write: writeAudit, module: 'terminals', targetType: 'terminal' } as const;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function terminalRow(r: Terminal): TerminalRow {
  return {
    id: r.id,
    kind: r.kind,
    name: r.name,
    serialNo: r.serialNo,
    location: r.location,
    appVersion: r.appVersion,
    status: r.status,
    online: r.online,
    lastSeenTime: iso(r.lastSeenAt),
    lastIp: r.lastIp,
    gateId: r.gateId,
    printerState: r.printerState,
    paperLevel: r.paperLevel,
    clientId: r.clientId,
    activated: r.activatedAt != null,
    // a pending code: a new terminal's, or a re-enabled one's (which must activate again)
    activationExpireTime: r.activationHash ? iso(r.activationExpiresAt) : null,
    settings: r.settings,
    createTime: r.createdAt.toISOString(),
    updateTime: r.updatedAt.toISOString(),
  };
}

function terminalWhere(scenicId: number, q: TerminalPage) {
  return and(
    eq(terminals.scenicId, scenicId),
    q.kind ? eq(terminals.kind, q.kind) : undefined,
    q.keyword
      ? or(ilike(terminals.name, likeContains(q.keyword)), ilike(terminals.serialNo, likeContains(q.keyword)))
      : undefined,
    q.online != null ? eq(terminals.online, q.online) : undefined,
    q.status ? eq(terminals.status, q.status) : undefined,
  );
}

const EXPORT: ExportColumn<TerminalRow>[] = [
  { header: TerminalText.kind, value: (r, lang) => dictLabel(TerminalKind, r.kind, lang) },
  { header: TerminalText.name, value: (r) => r.name, width: 20 },
  { header: TerminalText.serialNo, value: (r) => r.serialNo, width: 20 },
  { header: TerminalText.location, value: (r) => r.location, width: 20 },
  { header: TerminalText.appVersion, value: (r) => r.appVersion },
  { header: TerminalText.status, value: (r, lang) => dictLabel(EnableStatus, r.status, lang) },
  { header: TerminalText.online, value: (r, lang) => dictLabel(TerminalOnline, r.online, lang) },
  {
    header: TerminalText.lastSeen,
    value: (r) => (r.lastSeenTime ? new Date(r.lastSeenTime) : null),
    kind: 'datetime',
  },
  { header: TerminalText.lastIp, value: (r) => r.lastIp },
];

/** A terminal of the acting area, locked for a change; 404 for another area's. */
async function lockTerminal(tx: Db, scenicId: number, id: number): Promise<Terminal> {
  const [t] = await tx
    .select()
    .from(terminals)
    .where(and(eq(terminals.id, id), eq(terminals.scenicId, scenicId)))
    .for('update');
  if (!t) throw new AppError(404, 'terminalNotFound');
  return t;
}

const revokeTokens = (tx: Db, clientId: string, reason: string) =>
  tx.execute(
    sql`update tokens set revoked_at = now(), revoked_reason = ${reason}
        where client_id = ${clientId} and kind = 'client' and revoked_at is null`,
  );

/** /terminal/terminal: the registry staff manage (docs/decisions.md "Terminals"). */
export async function terminalRoutes(root: FastifyInstance) {
  registerListResource(root, {
    tag: 'terminals',
    api: terminalApi,
    perms: { page: 'admin:terminal:page', update: 'admin:terminal:update', delete: 'admin:terminal:create' },
    table: terminals,
    resource,
    where: terminalWhere,
    sort: {
      name: terminals.name,
      serialNo: terminals.serialNo,
      kind: terminals.kind,
      lastSeenTime: terminals.lastSeenAt,
      createTime: terminals.createdAt,
    },
    order: [desc(terminals.createdAt), desc(terminals.id)],
    rowSchema: TerminalRowSchema,
    rows: (records) => records.map(terminalRow),
    page: {
      summary: 'Terminals of the acting area, filtered by kind, name or serial, online state and status',
      body: TerminalPageSchema,
    },
    export: {
      summary: 'The terminals of the current filter (all pages) as an .xlsx download; no credentials',
      fileName: TerminalText.fileName,
      columns: EXPORT,
    },
    query: { summary: 'One terminal of the acting area' },
    update: {
      summary:
        'Edit a terminal (name, serial, location, settings); the device sees the new configuration by its ETag',
      body: TerminalUpdateSchema,
    },
    delete: {
      summary: 'Delete a terminal that was never activated (an activated one is disabled instead)',
      guard: (before) => {
        if (before.activatedAt != null) throw new AppError(409, 'terminalActivated');
      },
    },
  });

  registerAction(root, {
    url: terminalApi.create,
    access: perm('admin:terminal:create'),
    tag: 'terminals',
    summary:
      'Register a terminal: answers its one-time activation code (shown this once, valid 24 h), which the device trades for its own OAuth client',
    body: TerminalCreateSchema,
    response: TerminalCreatedSchema,
    audit: { ...audit, action: 'create' },
    run: async (tx, { adminId: _, ...values }) => {
      const code = newActivationCode();
      const expires = new Date(Date.now() + ACTIVATION_TTL_MS);
      const [t] = await tx
        .insert(terminals)
        .values({ ...values, activationHash: sha256(code), activationExpiresAt: expires })
        .returning();
      return audited(
        { id: t!.id, activationCode: code, activationExpireTime: expires.toISOString() },
        { targetId: t!.id, after: { kind: t!.kind, name: t!.name, serialNo: t!.serialNo } },
      );
    },
  });

  registerAction(root, {
    url: terminalApi.status,
    access: perm('admin:terminal:update'),
    tag: 'terminals',
    summary:
      'Disable or enable a terminal. Disabling revokes its tokens, disables its client and voids its secret and any pending activation code (a lost or stolen device keeps nothing that works); enabling answers a new one-time activation code (24 h) the device must activate with again',
    body: TerminalStatusSchema,
    response: TerminalStatusResultSchema,
    audit: { ...audit, action: 'status' },
    run: async (tx, { scenicId, id, status }, req) => {
      const before = await lockTerminal(tx, scenicId, id);
      if (before.status === status) return audited(null, null);
      const enabled = status === ENABLED;
      // re-enabling never revives the old secret (docs/accounts.md "Decisions on sessions and money out")
      const code = enabled ? newActivationCode() : null;
      const expires = enabled ? new Date(Date.now() + ACTIVATION_TTL_MS) : null;
      await tx
        .update(terminals)
        .set({
          status,
          updatedAt: sql`now()`,
          activationHash: code ? sha256(code) : null,
          activationExpiresAt: expires,
          ...(enabled ? {} : { online: TERMINAL_ONLINE.offline }),
        })
        .where(eq(terminals.id, id));
      if (before.clientId) {
        await tx
          .update(oauthClients)
          .set({
            status: enabled ? 1 : 2,
            // a secret nobody is told, on enabling too (a terminal disabled before this rule kept
            // its secret): the device needs the new code, or a rotated secret
            secretHash: newClientSecret(false).secretHash,
            updatedAt: sql`now()`,
          })
          .where(eq(oauthClients.clientId, before.clientId));
        if (!enabled) await revokeTokens(tx, before.clientId, 'terminal_disabled');
      }
      await logTerminalEvent(tx, id, enabled ? 'enabled' : 'disabled', req.auth?.username ?? '');
      const answer: TerminalStatusResult =
        code && expires ? { activationCode: code, activationExpireTime: expires.toISOString() } : null;
      return audited(answer, {
        targetId: id,
        before: { status: before.status },
        after: {
          status,
          credentialsVoided: before.clientId != null,
          ...(expires ? { activationExpireTime: expires.toISOString() } : {}),
        },
      });
    },
  });
}

/** /terminal/terminal: rotating a terminal's secret, and its event history. */
export async function terminalSecretRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  registerAction(root, {
    url: terminalApi.rotateSecret,
    access: perm('admin:terminal:update'),
    tag: 'terminals',
    summary:
      'Rotate an activated, enabled terminal’s client secret (409 when disabled): the new one is answered this once; the old secret and its tokens stop working',
    body: TerminalIdSchema,
    response: TerminalSecretSchema,
    audit: { ...audit, action: 'rotateSecret' },
    run: async (tx, { scenicId, id }, req) => {
      const { secret, secretHash } = newClientSecret(false);
      const before = await lockTerminal(tx, scenicId, id);
      if (!before.clientId) throw new AppError(409, 'terminalNotActivated');
      // a disabled device gets no credential; enabling hands out an activation code
      if (before.status !== ENABLED) throw new AppError(409, 'terminalDisabled');
      const cid = before.clientId ?? terminalClientId(before.id);
      await tx
        .update(oauthClients)
        .set({ secretHash, updatedAt: sql`now()` })
        .where(eq(oauthClients.clientId, cid));
      await revokeTokens(tx, cid, 'secret_rotated');
      // the new secret is the one credential: a code still pending from enabling is void
      if (before.activationHash)
        await tx
          .update(terminals)
          .set({ activationHash: null, activationExpiresAt: null, updatedAt: sql`now()` })
          .where(eq(terminals.id, before.id));
      await logTerminalEvent(tx, before.id, 'rotated', req.auth?.username ?? '');
      return audited(
        { clientId: cid, clientSecret: secret },
        { targetId: before.id, after: { clientId: cid } },
      );
    },
  });

  // hand-registered: a read that is not a list resource (one terminal's event log)
  app.get(
    terminalApi.events,
    {
      config: { access: perm('admin:terminal:page') },
      schema: {
        tags,
        summary:
          'The event log of one terminal (online/offline, disabled, refused calls), newest first, at most 200',
        querystring: TerminalIdSchema,
        response: { 200: envelopeSchema(z.array(TerminalEventRowSchema)) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const [t] = await db
        .select({ id: terminals.id })
        .from(terminals)
        .where(and(eq(terminals.id, req.query.id), eq(terminals.scenicId, scenicId)));
      if (!t) throw new AppError(404, 'terminalNotFound');
      const rows = await db
        .select()
        .from(terminalEvents)
        .where(eq(terminalEvents.terminalId, t.id))
        .orderBy(desc(terminalEvents.createdAt), desc(terminalEvents.id))
        .limit(200);
      return ok(
        req,
        rows.map((e) => ({
          id: e.id,
          event: e.event,
          detail: e.detail,
          createTime: e.createdAt.toISOString(),
        })),
      );
    },
  );
}
