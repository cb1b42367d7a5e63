import { and, asc, eq, gte, ilike, inArray, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import {
  thirdPartyVoucherApi,
  TP_IMPORT_MAX,
  TpVoucherImportedSchema,
  TpVoucherImportSchema,
  TpVoucherPageSchema,
  TpVoucherRowSchema,
  TpVoucherVoidSchema,
  type TpVoucherPage,
  type TpVoucherRow,
} from '../../../shared/api/third-party.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import {
  ThirdPartyField,
  ThirdPartyReason,
  ThirdPartyText,
  TpVoucherStatus,
  type TpImportIssueCode,
} from '../../../shared/dict/third-party.ts';
import type { Db } from '../../db/client.ts';
import { perm, scenicScope } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { AppError, FieldError } from '../../http/errors.ts';
import { type ExportColumn } from '../../http/export.ts';
import { registerListResource } from '../../http/list-resource.ts';
import { likeContains } from '../../http/paging.ts';
import { writeAudit } from '../audit/index.ts';
import { gateOptions } from '../gates/index.ts';
import { ticketProducts } from '../products/index.ts';
import { formatMatches } from './third-party.service.ts';
import {
  thirdPartyChannels,
  thirdPartyVouchers,
  type ThirdPartyChannel,
  type ThirdPartyVoucher,
} from './third-party.table.ts';

const tags = ['terminals'];
const okSchema = envelopeSchema(z.null());
const iso = (d: Date | null) => (d ? d.toISOString() : null);

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
/** /terminal/thirdPartyChannel's vouchers: the imported codes of a channel, imported and voided. */
export async function thirdPartyVoucherRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

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

  // hand-registered: several records in one move, an audit row for each
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

  // hand-registered: several records in one move, an audit row for each
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
