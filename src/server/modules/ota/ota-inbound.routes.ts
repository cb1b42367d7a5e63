import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUBLIC } from '../../http/access.ts';
import { describeIssues, unstorableTextIssue } from '../../http/validation.ts';
import { handleInbound } from './ota.service.ts';

// hand-registered (file): a platform's signed call (its own signature), not a staff action

/**
 * `POST /api/ota/<platform>/<action>`: the platforms' calls. Access is `public` because a platform
 * has no account or token here: each call authenticates by its signature instead (HMAC-SHA256 of
 * `<timestamp>\n<body>` with the channel's secret, the timestamp within 5 minutes, the channel named
 * by its app key), checked by handleInbound before anything is read or written; every call naming
 * a known channel is logged, refused ones too, except a body holding text no column can store
 * (400 before anything is read). The answer is the platform's, not our envelope.
 */
export async function otaInboundRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  app.post(
    '/api/ota/:platform/:action',
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['ota'],
        summary:
          'A platform’s signed call: order, cancel (cancel or refund), query (headers x-ota-key, x-ota-timestamp, x-ota-signature)',
        params: z.object({ platform: z.string().max(16), action: z.string().max(16) }),
      },
    },
    async (req, reply) => {
      // Read before any schema: text no column holds (a NUL, a lone surrogate) is refused here,
      // before it reaches the signature check, the log or an order (issue 28); the JSON parser has
      // already refused bodies nested too deep to re-serialise (http/json-body.ts).
      const unstorable = unstorableTextIssue(req.body);
      if (unstorable) return reply.code(400).send({ message: describeIssues([unstorable], 'en').message });
      const header = (name: string) => {
        const v = req.headers[name];
        return Array.isArray(v) ? v[0] : v;
      };
      const { status, answer } = await handleInbound(db, {
        platform: req.params.platform,
        action: req.params.action,
        appKey: header('x-ota-key'),
        timestamp: header('x-ota-timestamp'),
        signature: header('x-ota-signature'),
        // the signature covers the JSON text; re-serialised in the order it was parsed (docs/decisions.md)
        raw: JSON.stringify(req.body ?? null),
        body: req.body,
      });
      return reply.code(status).send(answer);
    },
  );
}
