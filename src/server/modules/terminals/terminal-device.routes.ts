import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import {
  terminalDeviceApi,
  TerminalActivatedSchema,
  TerminalActivateSchema,
  TerminalConfigSchema,
  TerminalHeartbeatResultSchema,
  TerminalHeartbeatSchema,
} from '../../../shared/api/terminals.ts';
import { ENABLED } from '../../../shared/dict/account.ts';
import { TERMINAL_HEARTBEAT_SECONDS, TERMINAL_ONLINE } from '../../../shared/dict/terminal.ts';
import type { Db } from '../../db/client.ts';
import { CLIENT, PUBLIC, requireClient } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { sha256 } from '../auth/index.ts';
import { tokens } from '../oauth/index.ts';
import { activateTerminal, logTerminalEvent, recordHeartbeat, terminalConfig } from './terminals.service.ts';
import { terminals, type Terminal } from './terminals.table.ts';

const tags = ['terminals'];

/** The terminal behind a device call: its own client, in its own area, enabled; otherwise 401 (logged). */
async function deviceTerminal(db: Db, req: FastifyRequest): Promise<Terminal> {
  const client = requireClient(req);
  const [t] = await db
    .select()
    .from(terminals)
    .where(and(eq(terminals.clientId, client.clientId), eq(terminals.scenicId, client.scenicId)));
  if (t?.status === ENABLED) return t;
  if (t) await logTerminalEvent(db, t.id, 'refused', `${req.method} ${req.url} disabled`);
  else
    req.log.warn({ clientId: client.clientId, scenicId: client.scenicId }, 'terminal call refused: unknown');
  throw new AppError(401, 'terminalRefused');
}

/** If-None-Match already names the current ETag. */
function notModified(req: FastifyRequest, etag: string): boolean {
  const sent = req.headers['if-none-match'];
  return !!sent && sent.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/**
 * A 401 the access guard answered before the handler (a revoked token of a disabled or re-keyed
 * terminal, an unknown token): logged on the terminal when the token names one, else in the log.
 */
async function logRefusal(db: Db, req: FastifyRequest): Promise<void> {
  const match = /^bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  const [known] = match?.[1]
    ? await db
        .select({ id: terminals.id, clientId: terminals.clientId })
        .from(tokens)
        .innerJoin(terminals, eq(terminals.clientId, tokens.clientId))
        .where(eq(tokens.accessHash, sha256(match[1])))
    : [];
  if (known) await logTerminalEvent(db, known.id, 'refused', `${req.method} ${req.url} token refused`);
  else req.log.warn({ url: req.url, ip: req.ip }, 'terminal call refused: unknown token');
}

/** What a device calls: activation with its one-time code, then heartbeat and config with its own token. */
export async function terminalDeviceRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  // the guard's refusals (before the handler; deviceTerminal logs its own), written before the answer
  root.addHook('onError', async (req, _reply, error) => {
    if ((error as { statusCode?: number }).statusCode !== 401) return;
    if (req.client || req.routeOptions.url === terminalDeviceApi.activate) return;
    await logRefusal(db, req).catch((error: unknown) =>
      req.log.error({ err: error }, 'terminal refusal log'),
    );
  });

  app.post(
    terminalDeviceApi.activate,
    {
      config: { access: PUBLIC },
      schema: {
        tags,
        summary:
          'A device trades its one-time activation code for its own OAuth client (client_credentials); the secret is answered this once. A used or expired code is 401',
        body: TerminalActivateSchema,
        response: { 200: envelopeSchema(TerminalActivatedSchema) },
      },
    },
    async (req) => {
      const done = await activateTerminal(db, req.body.code);
      return ok(req, { ...done, heartbeatSeconds: TERMINAL_HEARTBEAT_SECONDS });
    },
  );

  app.post(
    terminalDeviceApi.heartbeat,
    {
      config: { access: CLIENT },
      schema: {
        tags,
        summary:
          'A device’s heartbeat (its own client token, X-Scenic-Id): online from now; offline after 90 s without one. Answers its configuration ETag',
        body: TerminalHeartbeatSchema,
        response: { 200: envelopeSchema(TerminalHeartbeatResultSchema) },
      },
    },
    async (req) => {
      const t = await deviceTerminal(db, req);
      await recordHeartbeat(db, t.id, { appVersion: req.body.appVersion, ip: req.body.ip ?? req.ip });
      const { etag } = await terminalConfig(db, t);
      return ok(req, {
        online: TERMINAL_ONLINE.online,
        heartbeatSeconds: TERMINAL_HEARTBEAT_SECONDS,
        configEtag: etag,
      });
    },
  );

  app.get(
    terminalDeviceApi.config,
    {
      config: { access: CLIENT },
      schema: {
        tags,
        summary:
          'The device’s configuration (kind, name, area, settings) with an ETag; If-None-Match with the current one is 304',
        response: { 200: envelopeSchema(TerminalConfigSchema) },
      },
    },
    async (req, reply) => {
      const t = await deviceTerminal(db, req);
      const { config, etag } = await terminalConfig(db, t);
      reply.header('etag', etag).header('cache-control', 'no-cache');
      return notModified(req, etag) ? (reply as FastifyReply).code(304).send() : ok(req, config);
    },
  );
}
