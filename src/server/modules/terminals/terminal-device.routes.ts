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
import {
  TERMINAL_HEARTBEAT_SECONDS,
  TERMINAL_KINDS,
  TERMINAL_ONLINE,
} from '../../../shared/dict/terminal.ts';
import { deviceOf, PUBLIC } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { deviceTerminal, logDeviceRefusals } from './device-auth.ts';
import { activateTerminal, recordHeartbeat, terminalConfig } from './terminals.service.ts';

// hand-registered (file): a device's calls: its activation code, then its own client token; the configuration answers 304 by ETag

const tags = ['terminals'];

/** If-None-Match already names the current ETag. */
function notModified(req: FastifyRequest, etag: string): boolean {
  const sent = req.headers['if-none-match'];
  return !!sent && sent.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

/** What a device calls: activation with its one-time code, then heartbeat and config with its own token. */
export async function terminalDeviceRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  logDeviceRefusals(root);

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
      config: { access: deviceOf(...TERMINAL_KINDS) },
      schema: {
        tags,
        summary:
          'A device’s heartbeat (its own client token, X-Scenic-Id): online from now; offline after 90 s without one. Answers its configuration ETag',
        body: TerminalHeartbeatSchema,
        response: { 200: envelopeSchema(TerminalHeartbeatResultSchema) },
      },
    },
    async (req) => {
      const t = await deviceTerminal(db, req, undefined, { seen: false });
      await recordHeartbeat(db, t.id, {
        appVersion: req.body.appVersion,
        ip: req.body.ip ?? req.ip,
        printer: req.body.printer,
      });
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
      config: { access: deviceOf(...TERMINAL_KINDS) },
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
