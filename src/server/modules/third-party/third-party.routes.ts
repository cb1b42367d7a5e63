import { and, asc, desc, eq, gte, ilike, inArray, lte } from 'drizzle-orm';
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
  thirdPartyVoucherApi,
  TP_IMPORT_MAX,
  TpVoucherImportedSchema,
  TpVoucherImportSchema,
  TpVoucherPageSchema,
  TpVoucherRowSchema,
  TpVoucherVoidSchema,
  type ThirdPartyPage,
  type ThirdPartyRow,
  type TpVoucherPage,
  type TpVoucherRow,
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
  TpVoucherStatus,
  type TpImportIssueCode,
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
import { formatMatches, verifyCode, voucherCounts } from './third-party.service.ts';
import {
  thirdPartyChannels,
  thirdPartyVouchers,
  type ThirdPartyChannel,
  type ThirdPartyVoucher,
} from './third-party.table.ts';

const tags = ['terminals'];
const okSchema = envelopeSchema(z.null());

const resource: Resource<typeof thirdPartyChannels> = {
  table: thirdPartyChannels,
  id: thirdPartyChannels.id,
  scenic: thirdPartyChannels.scenicId,
  module: 'terminals',
  targetType: 'thirdPartyChannel',
  audit: writeAudit,
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

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

/** A channel of the acting area (404 otherwise). */
async function channelOf(db: Db, scenicId: number, id: number): Promise<ThirdPartyChannel> {
  const [c] = await db
    .select()
    .from(thirdPartyChannels)
    .where(and(eq(thirdPartyChannels.id, id), eq(thirdPartyChannels.scenicId, scenicId)));
  if (!c) throw new AppError(404, 'thirdPartyNotFound');
  return c;
}

async function voucherRows(db: Db, scenicId: number, records: ThirdPartyVoucher[]): Promise<TpVoucherRow[]> {
  if (!records.length) return [];
  const gateNames = new Map((await gateOptions(db, scenicId)).map((g) => [g.id, g.name]));
  const ids = [...new Set(records.map((r) => r.productId))];
  const products = new Map(
    (
      await db
        .select({ id: ticketProducts.id, name: ticketProducts.name })
        .from(ticketProducts)
        .where(inArray(ticketProducts.id, ids))
    ).map((p) => [p.id, p.name]),
  );
  return records.map((v) => ({
    id: v.id,
    channelId: v.channelId,
    code: v.code,
    productId: v.productId,
    productName: products.get(v.productId) ?? '',
    validFrom: v.validFrom.toISOString(),
    validTo: v.validTo.toISOString(),
    status: v.status,
    usedTime: iso(v.usedAt),
    gateId: v.gateId,
    gateName: v.gateId ? (gateNames.get(v.gateId) ?? `#${v.gateId}`) : '',
    gateEventId: v.gateEventId,
    createTime: v.createdAt.toISOString(),
  }));
}

function voucherWhere(scenicId: number, q: TpVoucherPage) {
  return and(
    eq(thirdPartyVouchers.scenicId, scenicId),
    eq(thirdPartyVouchers.channelId, q.channelId),
    q.code ? ilike(thirdPartyVouchers.code, likeContains(q.code)) : undefined,
    q.status ? eq(thirdPartyVouchers.status, q.status) : undefined,
    // valid at some moment of the range asked for
    q.validFrom ? gte(thirdPartyVouchers.validTo, new Date(q.validFrom)) : undefined,
    q.validTo ? lte(thirdPartyVouchers.validFrom, new Date(q.validTo)) : undefined,
  );
}

const VOUCHER_EXPORT: ExportColumn<TpVoucherRow>[] = [
  { header: ThirdPartyField.code, value: (r) => r.code, kind: 'text', width: 24 },
  { header: ThirdPartyField.product, value: (r) => r.productName, width: 20 },
  { header: ThirdPartyField.validFrom, value: (r) => r.validFrom, kind: 'datetime', width: 20 },
  { header: ThirdPartyField.validTo, value: (r) => r.validTo, kind: 'datetime', width: 20 },
  { header: ThirdPartyField.voucherStatus, value: (r, lang) => dictLabel(TpVoucherStatus, r.status, lang) },
  { header: ThirdPartyField.usedTime, value: (r) => r.usedTime, kind: 'datetime', width: 20 },
  { header: ThirdPartyField.gate, value: (r) => r.gateName },
  {
    header: ThirdPartyField.gateEvent,
    value: (r) => (r.gateEventId ? String(r.gateEventId) : ''),
    kind: 'text',
  },
];

/** The pasted lines: codes to import, and why the others are not (by line number, 1-based). */
export function sortLines(
  text: string,
  channel: ThirdPartyChannel,
): {
  codes: { line: number; code: string }[];
  skipped: { line: number; code: string; issue: TpImportIssueCode }[];
} {
  const seen = new Set<string>();
  const codes: { line: number; code: string }[] = [];
  const skipped: { line: number; code: string; issue: TpImportIssueCode }[] = [];
  text.split(/\r?\n/).forEach((raw, i) => {
    const code = raw.trim();
    if (!code) return;
    const line = i + 1;
    if (code.length > 64 || !formatMatches(channel, code))
      skipped.push({ line, code: code.slice(0, 64), issue: 'format' });
    else if (seen.has(code)) skipped.push({ line, code, issue: 'duplicate' });
    else {
      seen.add(code);
      codes.push({ line, code });
    }
  });
  return { codes, skipped };
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

  registerListResource(root, {
    tag: 'terminals',
    api: { page: thirdPartyVoucherApi.page, export: thirdPartyVoucherApi.export },
    perms: { page: 'admin:thirdParty:page' },
    table: thirdPartyVouchers,
    where: voucherWhere,
    sort: {
      code: thirdPartyVouchers.code,
      validFrom: thirdPartyVouchers.validFrom,
      validTo: thirdPartyVouchers.validTo,
      usedTime: thirdPartyVouchers.usedAt,
      createTime: thirdPartyVouchers.createdAt,
    },
    order: [asc(thirdPartyVouchers.id)],
    rowSchema: TpVoucherRowSchema,
    rows: (records, { scope }) => voucherRows(db, scope, records),
    page: {
      summary:
        'The vouchers of one code-list channel (filters code, status, valid at some moment of a range)',
      body: TpVoucherPageSchema,
    },
    export: {
      summary: 'The vouchers of the current filter (all pages) as an .xlsx download',
      fileName: ThirdPartyText.voucherFileName,
      columns: VOUCHER_EXPORT,
    },
  });

  app.post(
    thirdPartyVoucherApi.import,
    {
      config: { access: perm('admin:thirdParty:update') },
      schema: {
        tags,
        summary:
          "Import a platform's codes into a code-list channel: one per line, at most 5,000; each for the channel's product, valid validFrom-validTo",
        description:
          'Blank lines are ignored. Lines that do not match the channel format, repeat an earlier line, or are ' +
          'already imported are reported by line number and skipped; the others are imported.',
        body: TpVoucherImportSchema,
        response: { 200: envelopeSchema(TpVoucherImportedSchema) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const body = req.body;
      const result = await db.transaction(async (tx) => {
        const channel = await channelOf(tx, scenicId, body.channelId);
        if (channel.adapter !== 'codeList' || channel.productId == null)
          throw new AppError(409, 'thirdPartyNotCodeList');
        const { codes, skipped } = sortLines(body.codes, channel);
        if (codes.length + skipped.length > TP_IMPORT_MAX)
          throw new FieldError('codes', ThirdPartyReason.tooManyCodes);
        if (!codes.length && !skipped.length) throw new FieldError('codes', ThirdPartyReason.noCodes);
        const validFrom = new Date(body.validFrom);
        const validTo = new Date(body.validTo);
        const inserted = new Set<string>();
        for (let i = 0; i < codes.length; i += 1000) {
          const batch = codes.slice(i, i + 1000);
          const rows = await tx
            .insert(thirdPartyVouchers)
            .values(
              batch.map((c) => ({
                scenicId,
                channelId: channel.id,
                code: c.code,
                productId: channel.productId!,
                validFrom,
                validTo,
              })),
            )
            .onConflictDoNothing({ target: [thirdPartyVouchers.channelId, thirdPartyVouchers.code] })
            .returning({ code: thirdPartyVouchers.code });
          for (const r of rows) inserted.add(r.code);
        }
        for (const c of codes)
          if (!inserted.has(c.code)) skipped.push({ line: c.line, code: c.code, issue: 'exists' });
        skipped.sort((a, b) => a.line - b.line);
        await writeAudit(tx, req, {
          module: 'terminals',
          action: 'import',
          targetType: 'thirdPartyVoucher',
          targetId: channel.id,
          after: {
            channelId: channel.id,
            imported: inserted.size,
            skipped: skipped.length,
            validFrom: body.validFrom,
            validTo: body.validTo,
          },
        });
        return { imported: inserted.size, skipped };
      });
      return ok(req, result);
    },
  );

  app.post(
    thirdPartyVoucherApi.void,
    {
      config: { access: perm('admin:thirdParty:update') },
      schema: {
        tags,
        summary: 'Void unused vouchers of a channel: all or none (409 when one of them is not unused)',
        body: TpVoucherVoidSchema,
        response: { 200: okSchema },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const ids = [...new Set(req.body.ids)];
      await db.transaction(async (tx) => {
        const channel = await channelOf(tx, scenicId, req.body.channelId);
        const moved = await tx
          .update(thirdPartyVouchers)
          .set({ status: 'void' })
          .where(
            and(
              eq(thirdPartyVouchers.channelId, channel.id),
              inArray(thirdPartyVouchers.id, ids),
              eq(thirdPartyVouchers.status, 'unused'),
            ),
          )
          .returning({ id: thirdPartyVouchers.id, code: thirdPartyVouchers.code });
        if (moved.length !== ids.length) throw new AppError(409, 'thirdPartyVoucherNotUnused');
        for (const v of moved)
          await writeAudit(tx, req, {
            module: 'terminals',
            action: 'void',
            targetType: 'thirdPartyVoucher',
            targetId: v.id,
            before: { status: 'unused', code: v.code },
            after: { status: 'void' },
          });
      });
      return ok(req, null);
    },
  );
}
