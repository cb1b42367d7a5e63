import { and, asc, desc, eq, ilike } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import {
  channelIssue,
  thirdPartyApi,
  ThirdPartyCreateSchema,
  ThirdPartyOptionsSchema,
  ThirdPartyPageSchema,
  ThirdPartyRowSchema,
  ThirdPartyStatusSchema,
  ThirdPartyUpdateSchema,
  ThirdPartyVerifiedSchema,
  ThirdPartyVerifySchema,
  type ThirdPartyPage,
  type ThirdPartyRow,
} from '../../../shared/api/third-party.ts';
import { ValidationMessage } from '../../../shared/api/validation-messages.ts';
import { EnableStatus } from '../../../shared/dict/account.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import {
  ThirdPartyField,
  ThirdPartyReason,
  ThirdPartyText,
  TpAdapter,
  TpBuyChannel,
} from '../../../shared/dict/third-party.ts';
import type { Db } from '../../db/client.ts';
import { perm, scenicScope } from '../../http/access.ts';
import type { Resource } from '../../http/crud.ts';
import { ok } from '../../http/envelope.ts';
import { AppError, FieldError } from '../../http/errors.ts';
import { joinTexts, type ExportColumn } from '../../http/export.ts';
import { registerListResource } from '../../http/list-resource.ts';
import { likeContains } from '../../http/paging.ts';
import { writeAudit } from '../audit/index.ts';
import { foreignGateIds, gateOptions, gates } from '../gates/index.ts';
import { otaChannels } from '../ota/index.ts';
import { productOptions, ticketProducts } from '../products/index.ts';
import { verifyCode, voucherCounts } from './third-party.service.ts';
import { thirdPartyChannels, thirdPartyVouchers, type ThirdPartyChannel } from './third-party.table.ts';

const tags = ['terminals'];

const resource: Resource<typeof thirdPartyChannels> = {
  table: thirdPartyChannels,
  id: thirdPartyChannels.id,
  scenic: thirdPartyChannels.scenicId,
  module: 'terminals',
  targetType: 'thirdPartyChannel',
  audit: writeAudit,
};

async function channelRows(db: Db, scenicId: number, records: ThirdPartyChannel[]): Promise<ThirdPartyRow[]> {
  if (!records.length) return [];
  const gateNames = new Map((await gateOptions(db, scenicId)).map((g) => [g.id, g.name]));
  const products = new Map(
    (
      await db
        .select({ id: ticketProducts.id, name: ticketProducts.name })
        .from(ticketProducts)
        .where(eq(ticketProducts.scenicId, scenicId))
    ).map((p) => [p.id, p.name]),
  );
  const platforms = new Map(
    (
      await db
        .select({ id: otaChannels.id, platform: otaChannels.platform })
        .from(otaChannels)
        .where(eq(otaChannels.scenicId, scenicId))
    ).map((o) => [o.id, o.platform]),
  );
  const counts = await voucherCounts(db, records);
  return records.map((c) => ({
    id: c.id,
    name: c.name,
    buyChannel: c.buyChannel,
    adapter: c.adapter,
    otaChannelId: c.otaChannelId,
    otaPlatform: c.otaChannelId ? (platforms.get(c.otaChannelId) ?? null) : null,
    productId: c.productId,
    productName: c.productId ? (products.get(c.productId) ?? '') : '',
    codePrefix: c.codePrefix,
    codePattern: c.codePattern,
    codeMinLength: c.codeMinLength,
    codeMaxLength: c.codeMaxLength,
    gateIds: c.gateIds,
    gates: c.gateIds.map((id) => ({ id, name: gateNames.get(id) ?? `#${id}` })),
    status: c.status,
    vouchersUsed: counts.get(c.id)?.used ?? 0,
    vouchersTotal: counts.get(c.id)?.total ?? 0,
    createTime: c.createdAt.toISOString(),
    updateTime: c.updatedAt.toISOString(),
  }));
}

function channelWhere(scenicId: number, q: ThirdPartyPage) {
  return and(
    eq(thirdPartyChannels.scenicId, scenicId),
    q.name ? ilike(thirdPartyChannels.name, likeContains(q.name)) : undefined,
    q.buyChannel ? eq(thirdPartyChannels.buyChannel, q.buyChannel) : undefined,
    q.adapter ? eq(thirdPartyChannels.adapter, q.adapter) : undefined,
    q.status ? eq(thirdPartyChannels.status, q.status) : undefined,
  );
}

const CHANNEL_EXPORT: ExportColumn<ThirdPartyRow>[] = [
  { header: ThirdPartyField.name, value: (r) => r.name, width: 20 },
  { header: ThirdPartyField.buyChannel, value: (r, lang) => dictLabel(TpBuyChannel, r.buyChannel, lang) },
  { header: ThirdPartyField.adapter, value: (r, lang) => dictLabel(TpAdapter, r.adapter, lang) },
  { header: ThirdPartyField.otaChannel, value: (r) => r.otaPlatform ?? '' },
  { header: ThirdPartyField.product, value: (r) => r.productName, width: 20 },
  { header: ThirdPartyField.codePrefix, value: (r) => r.codePrefix, kind: 'text' },
  { header: ThirdPartyField.codePattern, value: (r) => r.codePattern, kind: 'text', width: 20 },
  { header: ThirdPartyField.codeLength, value: (r) => `${r.codeMinLength}-${r.codeMaxLength}`, kind: 'text' },
  {
    header: ThirdPartyField.gates,
    value: (r, lang) =>
      r.gates.length
        ? joinTexts(
            r.gates.map((g) => g.name),
            lang,
          )
        : ThirdPartyText.noGate[lang],
    width: 30,
  },
  { header: ThirdPartyField.status, value: (r, lang) => dictLabel(EnableStatus, r.status, lang) },
  { header: ThirdPartyField.vouchers, value: (r) => `${r.vouchersUsed}/${r.vouchersTotal}`, kind: 'text' },
  { header: ThirdPartyField.createTime, value: (r) => r.createTime, kind: 'datetime', width: 20 },
];

/** The references a channel names are the acting area's: OTA channel, product, gates. */
async function checkRefs(
  db: Db,
  scenicId: number,
  body: { otaChannelId?: number | null; productId?: number | null; gateIds?: number[] | undefined },
) {
  if (body.otaChannelId != null) {
    const [ota] = await db
      .select({ id: otaChannels.id })
      .from(otaChannels)
      .where(and(eq(otaChannels.id, body.otaChannelId), eq(otaChannels.scenicId, scenicId)));
    if (!ota) throw new FieldError('otaChannelId', ThirdPartyReason.otaChannelOfArea);
  }
  if (body.productId != null) {
    const [product] = await db
      .select({ id: ticketProducts.id })
      .from(ticketProducts)
      .where(and(eq(ticketProducts.id, body.productId), eq(ticketProducts.scenicId, scenicId)));
    if (!product) throw new FieldError('productId', ThirdPartyReason.productOfArea);
  }
  if (body.gateIds && (await foreignGateIds(db, scenicId, body.gateIds)).length)
    throw new FieldError('gateIds', ValidationMessage.gateOfArea);
}

/** The channel rules on a whole record (FieldError naming the field). */
function checkChannel(c: {
  adapter: string;
  otaChannelId: number | null;
  productId: number | null;
  codeMinLength: number;
  codeMaxLength: number;
}) {
  const issue = channelIssue(c);
  if (issue)
    throw new FieldError(
      issue.path,
      issue.error === 'required' ? ValidationMessage.required : ThirdPartyReason.codeLengthRange,
    );
  if (c.adapter === 'ota' && c.productId != null)
    throw new FieldError('productId', ThirdPartyReason.notForAdapter);
  if (c.adapter === 'codeList' && c.otaChannelId != null)
    throw new FieldError('otaChannelId', ThirdPartyReason.notForAdapter);
}

/** /terminal/thirdPartyChannel (docs/decisions.md "Third-party vouchers at the gate"). */
export async function thirdPartyRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  registerListResource(root, {
    tag: 'terminals',
    api: thirdPartyApi,
    perms: {
      page: 'admin:thirdParty:page',
      create: 'admin:thirdParty:update',
      update: 'admin:thirdParty:update',
      delete: 'admin:thirdParty:update',
    },
    table: thirdPartyChannels,
    resource,
    where: channelWhere,
    sort: {
      name: thirdPartyChannels.name,
      buyChannel: thirdPartyChannels.buyChannel,
      createTime: thirdPartyChannels.createdAt,
    },
    order: [desc(thirdPartyChannels.createdAt), desc(thirdPartyChannels.id)],
    rowSchema: ThirdPartyRowSchema,
    rows: (records, { scope }) => channelRows(db, scope, records),
    page: {
      summary:
        'Third-party channels of the acting area (filters name, buy channel, adapter, status), with gate names and used/total vouchers',
      body: ThirdPartyPageSchema,
    },
    export: {
      summary: 'The channels of the current filter (all pages) as an .xlsx download',
      fileName: ThirdPartyText.fileName,
      columns: CHANNEL_EXPORT,
    },
    query: { summary: 'One third-party channel of the acting area' },
    create: {
      summary:
        "Create a channel: adapter 'ota' names one of the area's OTA channels (codes are its platform order ids), 'codeList' a product (codes are imported)",
      description:
        'Format: codePrefix, codePattern (a regular expression the whole code matches; a bad one is a 400), ' +
        'codeMinLength-codeMaxLength. gateIds: gates of this area that accept the codes (empty = none).',
      body: ThirdPartyCreateSchema,
      values: async (body, { scope: scenicId }) => {
        checkChannel(body);
        await checkRefs(db, scenicId, body);
        return { ...body, scenicId };
      },
    },
    update: {
      summary:
        'Edit a channel (not its adapter); only the fields sent change, the rules are checked on the result',
      body: ThirdPartyUpdateSchema,
      values: async (body, { scope: scenicId }) => {
        await checkRefs(db, scenicId, body);
        return body;
      },
      guard: (before, body) => {
        const merged = {
          ...before,
          ...Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)),
        };
        checkChannel(merged as ThirdPartyChannel);
      },
    },
    delete: {
      summary:
        'Delete a channel and its unused vouchers; refused (409) once one of its vouchers has been used',
      guard: async (before, tx) => {
        const [used] = await tx
          .select({ id: thirdPartyVouchers.id })
          .from(thirdPartyVouchers)
          .where(and(eq(thirdPartyVouchers.channelId, before.id), eq(thirdPartyVouchers.status, 'used')))
          .limit(1);
        if (used) throw new AppError(409, 'thirdPartyVouchersUsed');
      },
    },
    status: {
      summary:
        'Enable or disable channels (1 enabled, 2 disabled): a disabled channel is not tried at the gates',
      body: ThirdPartyStatusSchema,
    },
  });

  // hand-registered: a read for a form's picker, not a list resource
  app.post(
    thirdPartyApi.options,
    {
      config: { access: perm('admin:thirdParty:page') },
      schema: {
        tags,
        summary: "The acting area's gates, OTA channels and products, for the channel form",
        body: z.object({}).strict().nullish(),
        response: { 200: envelopeSchema(ThirdPartyOptionsSchema) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const [gateList, otaList, products] = await Promise.all([
        gateOptions(db, scenicId),
        db
          .select({ id: otaChannels.id, platform: otaChannels.platform, status: otaChannels.status })
          .from(otaChannels)
          .where(eq(otaChannels.scenicId, scenicId))
          .orderBy(asc(otaChannels.id)),
        productOptions(db, scenicId),
      ]);
      return ok(req, {
        gates: gateList.map((g) => ({ id: g.id, name: g.name, gateType: g.gateType, status: g.status })),
        otaChannels: otaList,
        products: products.map((p) => ({ id: p.id, name: p.name })),
      });
    },
  );

  // hand-registered: tests a code and changes nothing: a read, not a list resource
  app.post(
    thirdPartyApi.verify,
    {
      config: { access: perm('admin:thirdParty:page') },
      schema: {
        tags,
        summary:
          'Test a code: the channel it matches and what a gate (gateId, optional) would do with it at `at` (default now); nothing is redeemed',
        body: ThirdPartyVerifySchema,
        response: { 200: envelopeSchema(ThirdPartyVerifiedSchema) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      let gate = null;
      if (req.body.gateId) {
        const [g] = await db
          .select({ id: gates.id, gateType: gates.gateType, status: gates.status })
          .from(gates)
          .where(and(eq(gates.id, req.body.gateId), eq(gates.scenicId, scenicId)));
        if (!g) throw new FieldError('gateId', ValidationMessage.gateOfArea);
        gate = g;
      }
      const at = req.body.at ? new Date(req.body.at) : new Date();
      return ok(req, await verifyCode(db, scenicId, req.body.code, gate, at));
    },
  );
}
