import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import {
  invoiceSettingApi,
  InvoiceIssuerSaveSchema,
  InvoiceIssuerTestAnswerSchema,
  InvoiceIssuerTestSchema,
  InvoiceSettingsSchema,
} from '../../../shared/api/invoice-settings.ts';
import type { InvoiceIssuerKindCode } from '../../../shared/dict/invoices.ts';
import { perm, scenicScope } from '../../http/access.ts';
import { audited, registerAction } from '../../http/action.ts';
import { ok } from '../../http/envelope.ts';
import { writeAudit } from '../audit/index.ts';
import { invoiceSettingsOf, issuerWithSecret, saveIssuer } from './invoice-issuers.service.ts';
import { testInvoiceProvider } from './invoice-provider.ts';

const audit = (action: string) =>
  ({ write: writeAudit, module: 'invoice', action, targetType: 'invoiceIssuer' }) as const;

/** /invoice/invoiceSetting: the area's issuers, their provider and number series (issue 33). */
export async function invoiceSettingRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  // hand-registered: a read that is not a list resource
  app.get(
    invoiceSettingApi.query,
    {
      config: { access: perm('admin:invoice:setting:query') },
      schema: {
        tags: ['invoice'],
        summary: "The area's issuers (area and shop) with their provider, mode, tax rules and number series",
        response: { 200: envelopeSchema(InvoiceSettingsSchema) },
      },
    },
    async (req) => ok(req, await invoiceSettingsOf(db, scenicScope(req))),
  );

  registerAction(root, {
    url: invoiceSettingApi.save,
    access: perm('admin:invoice:setting:update'),
    tag: 'invoice',
    summary:
      'Saves one issuer: an empty secret keeps the stored one, `clearSecret` removes it; the series keeps its next number',
    body: InvoiceIssuerSaveSchema,
    response: InvoiceSettingsSchema,
    audit: audit('invoice.settings'),
    run: async (tx, { scenicId, adminId, ...input }) => {
      const { id, changed } = await saveIssuer(tx, scenicId, adminId, input);
      // the names of the changed fields, never the secret's value
      return audited(
        await invoiceSettingsOf(tx, scenicId),
        changed.length ? { targetId: id, after: { kind: input.kind, changed } } : null,
      );
    },
  });

  // hand-registered: an outbound call to the provider, so no transaction is held across it; the
  // audit row is written after the answer
  app.post(
    invoiceSettingApi.test,
    {
      config: { access: perm('admin:invoice:setting:update') },
      schema: {
        tags: ['invoice'],
        summary:
          "Test connection: the issuer's provider is asked for an access token with the saved key and secret",
        body: InvoiceIssuerTestSchema,
        response: { 200: envelopeSchema(InvoiceIssuerTestAnswerSchema) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const issuer = await issuerWithSecret(db, scenicId, req.body.kind as InvoiceIssuerKindCode);
      const answer = await testInvoiceProvider(db, issuer);
      const { write: _, ...names } = audit('invoice.test');
      await writeAudit(db, req, {
        ...names,
        ...(issuer ? { targetId: issuer.id } : {}),
        after: { kind: req.body.kind, ok: answer.ok },
      });
      return ok(req, answer);
    },
  );
}
