import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import {
  paymentSettingApi,
  PaymentSettingSchema,
  PaymentSettingsSchema,
  PaymentSettingUpdateSchema,
  PaymentTestResultSchema,
  PaymentTestSchema,
} from '../../../shared/api/payments.ts';
import { perm, scenicScope } from '../../http/access.ts';
import { audited, registerAction } from '../../http/action.ts';
import { ok } from '../../http/envelope.ts';
import { conflict } from '../../http/errors.ts';
import { writeAudit } from '../audit/index.ts';
import { payAdapter } from './pay-adapters.ts';
import {
  paymentSettingsOf,
  paySettingsOf,
  savePaymentSetting,
  testPayConnection,
} from './payments.service.ts';

const audit = (action: string) =>
  ({ write: writeAudit, module: 'setting', action, targetType: 'paymentSetting' }) as const;

/** docs/product.md §2 /sys/payMentSet: the area's online payment settings (issue 30). */
export async function paymentRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, config } = root.ctx;

  // hand-registered: a read that is not a list resource
  app.get(
    paymentSettingApi.query,
    {
      config: { access: perm('admin:payment:query') },
      schema: {
        tags: ['sys'],
        summary: "The area's payment settings: a block per online pay way, secrets only as set / not set",
        response: { 200: envelopeSchema(PaymentSettingsSchema) },
      },
    },
    async (req) => ok(req, await paymentSettingsOf(db, scenicScope(req), config.publicUrl)),
  );

  registerAction(root, {
    url: paymentSettingApi.update,
    access: perm('admin:payment:update'),
    tag: 'sys',
    summary:
      "Saves one pay way's settings: an empty secret keeps the stored one, `clear` removes it; PEM texts must parse",
    body: PaymentSettingUpdateSchema,
    response: PaymentSettingSchema,
    audit: audit('payment.settings'),
    run: async (tx, { scenicId, adminId, ...input }) => {
      const { id, changed } = await savePaymentSetting(tx, scenicId, adminId, input);
      const block = (await paymentSettingsOf(tx, scenicId, config.publicUrl)).ways.find(
        (w) => w.payWay === input.payWay,
      )!;
      // the names of the changed fields, never their values
      return audited(
        block,
        changed.length ? { targetId: id, after: { payWay: input.payWay, changed } } : null,
      );
    },
  });

  // hand-registered: an outbound call to the provider (up to the egress time limit), so no
  // transaction is held across it; the audit row is written after the answer
  app.post(
    paymentSettingApi.test,
    {
      config: { access: perm('admin:payment:update') },
      schema: {
        tags: ['sys'],
        summary: "Test connection: the pay way's adapter makes a signed, harmless query to the provider",
        body: PaymentTestSchema,
        response: { 200: envelopeSchema(PaymentTestResultSchema) },
      },
    },
    async (req) => {
      const { payWay } = req.body;
      if (!payAdapter(payWay)) throw conflict('payAdapterMissing');
      const settings = await paySettingsOf(db, scenicScope(req), payWay, config.publicUrl);
      if (!settings) throw conflict('paySettingsMissing');
      const answer = await testPayConnection(settings, payWay);
      const { write: _, ...names } = audit('payment.test');
      await writeAudit(db, req, {
        ...names,
        targetId: settings.id,
        after: { payWay, ok: answer.ok },
      });
      return ok(req, answer);
    },
  );
}
