import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import {
  openPayApi,
  PayIntentSchema,
  PayQuerySchema,
  PrepayAnswerSchema,
  PrepaySchema,
} from '../../../shared/api/payments.ts';
import { PUBLIC, requireClient, SELLER } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { prepay, queryIntent, receiveNotification } from './online-pay.service.ts';

// hand-registered (file): a channel's or the mini-program's calls (its own client token) and the
// providers' signed notifications, not staff actions; no transaction is held across a provider call

/** The largest notification body read (WeChat's and Alipay's are a few KiB). */
const NOTIFY_BODY_LIMIT = 64 * 1024;

/** Paying online (issue 30, docs/payments.md "Paying"): prepay, query and the providers' notifications. */
export async function onlinePayRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, config } = root.ctx;
  const tags = ['selling'];

  app.post(
    openPayApi.prepay,
    {
      config: { access: SELLER },
      schema: {
        tags,
        summary:
          'Ask for an online payment of an unpaid order (WeChat Pay 2, Alipay 3): JSAPI parameters, a QR code or a page; the provider’s notification confirms it (T3)',
        body: PrepaySchema,
        response: { 200: envelopeSchema(PrepayAnswerSchema) },
      },
    },
    async (req) => ok(req, await prepay(db, config.publicUrl, req, req.body)),
  );

  app.get(
    openPayApi.query,
    {
      config: { access: SELLER },
      schema: {
        tags,
        summary:
          'A payment asked for by this caller; a pending one is asked of the provider and settled when paid',
        querystring: PayQuerySchema,
        response: { 200: envelopeSchema(PayIntentSchema) },
      },
    },
    async (req) =>
      ok(req, await queryIntent(db, config.publicUrl, req, requireClient(req).scenicId, req.query.paymentNo)),
  );

  // the notification's signature covers its raw bytes: this scope reads every body as text
  await root.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'string', bodyLimit: NOTIFY_BODY_LIMIT }, (_req, body, done) =>
      done(null, body),
    );
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/api/pay/notify/:scenicId/:payWay',
      {
        config: { access: PUBLIC },
        schema: {
          tags: ['payments'],
          summary:
            'A provider’s payment or refund notification (WeChat Pay v3, Alipay), verified by its signature; answered in the provider’s own format',
          params: z.object({
            scenicId: z.coerce.number().int().positive().max(2_147_483_647),
            payWay: z.coerce.number().int().positive().max(32_767),
          }),
        },
      },
      async (req, reply) => {
        const answer = await receiveNotification(
          db,
          {
            publicUrl: config.publicUrl,
            log: req.log,
            scenicId: req.params.scenicId,
            payWay: req.params.payWay,
          },
          { headers: req.headers, rawBody: typeof req.body === 'string' ? req.body : '' },
        );
        return reply.code(answer.status).type(answer.contentType).send(answer.body);
      },
    );
  });
}
