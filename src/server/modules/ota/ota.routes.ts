import { and, asc, count, desc, eq, gte, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, IdSchema, pageResultSchema } from '../../../shared/api/common.ts';
import {
  otaChannelApi,
  OtaChannelRowSchema,
  OtaChannelSaveSchema,
  otaLogApi,
  OtaLogPageSchema,
  OtaLogRowSchema,
  otaMappingApi,
  OtaMappingCreateSchema,
  OtaMappingPageSchema,
  OtaMappingRowSchema,
  OtaMappingUpdateSchema,
  OtaProductOptionSchema,
  OtaSyncStockSchema,
  type OtaChannelRow,
  type OtaLogPage,
  type OtaLogRow,
  type OtaMappingRow,
} from '../../../shared/api/ota.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import {
  OTA_CLIENT,
  OTA_PLATFORMS,
  OtaDirection,
  OtaField,
  OtaMessageType,
  OtaPlatformLabel,
  OtaResult,
  OtaText,
} from '../../../shared/dict/ota.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { perm, scenicScope } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { AppError, FieldError } from '../../http/errors.ts';
import type { ExportColumn } from '../../http/export.ts';
import { registerListResource } from '../../http/list-resource.ts';
import { areaDay, areaTimeZone } from '../../lib/area-clock.ts';
import { writeAudit } from '../audit/index.ts';
import { findProduct, productOptions } from '../products/index.ts';
import { otaMessages } from './ota.messages.ts';
import { sealSecret, useOtaSecretKey } from './secret-box.ts';
import { syncStock } from './ota.service.ts';
import { otaChannels, otaLogs, otaMappings, type OtaChannel } from './ota.table.ts';

const tags = ['ota'];

/** The channel row as answered: the secret only as "set" or not. */
const channelRow = (
  platform: (typeof OTA_PLATFORMS)[number],
  c: OtaChannel | undefined,
  mappings: number,
  last: LastMessage | undefined,
): OtaChannelRow => ({
  id: c?.id ?? null,
  platform,
  clientId: OTA_CLIENT[platform],
  appKey: c?.appKey ?? '',
  secretSet: !!c?.secretSealed,
  callbackUrl: c?.callbackUrl ?? '',
  status: c?.status ?? 2,
  mappings,
  updateTime: c?.updatedAt.toISOString() ?? null,
  lastMessageTime: last ? new Date(last.at).toISOString() : null,
  lastMessageResult: last ? Number(last.result) : null,
});

type LastMessage = { platform: string; at: string | Date; result: number };

/** The latest logged message of each platform of the area (index ota_logs_scenic_time_idx). */
async function lastMessages(db: Db, scenicId: number): Promise<Map<string, LastMessage>> {
  const rows = await queryRows<LastMessage>(
    db,
    sql`select distinct on (platform) platform, created_at as at, result from ota_logs
        where scenic_id = ${scenicId} order by platform, created_at desc, id desc`,
  );
  return new Map(rows.map((r) => [r.platform, r]));
}

async function channelOf(db: Db, scenicId: number, id: number): Promise<OtaChannel> {
  const [c] = await db
    .select()
    .from(otaChannels)
    .where(and(eq(otaChannels.id, id), eq(otaChannels.scenicId, scenicId)));
  if (!c) throw new AppError(404, 'recordNotFound');
  return c;
}

async function mappingCounts(db: Db, scenicId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ channelId: otaMappings.channelId, n: count() })
    .from(otaMappings)
    .where(eq(otaMappings.scenicId, scenicId))
    .groupBy(otaMappings.channelId);
  return new Map(rows.map((r) => [r.channelId, Number(r.n)]));
}

async function checkProduct(db: Db, scenicId: number, productId: number) {
  const product = await findProduct(db, scenicId, productId);
  if (!product) throw new FieldError('productId', otaMessages.otaProductNotInArea);
  return product;
}

const isUnique = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
};

const LOG_EXPORT: ExportColumn<OtaLogRow>[] = [
  { header: OtaField.createTime, value: (r) => r.createTime, kind: 'datetime', width: 20 },
  { header: OtaField.platform, value: (r, lang) => dictLabel(OtaPlatformLabel, r.platform, lang) },
  { header: OtaField.direction, value: (r, lang) => dictLabel(OtaDirection, r.direction, lang) },
  { header: OtaField.type, value: (r, lang) => dictLabel(OtaMessageType, r.type, lang) },
  { header: OtaField.externalOrderId, value: (r) => r.externalOrderId, width: 22 },
  { header: OtaField.orderNo, value: (r) => r.orderNo, width: 22 },
  { header: OtaField.result, value: (r, lang) => dictLabel(OtaResult, r.result, lang) },
  { header: OtaField.request, value: (r) => r.request, width: 40 },
  { header: OtaField.response, value: (r) => r.response, width: 40 },
];

const logWhere = (scenicId: number, q: OtaLogPage) =>
  and(
    eq(otaLogs.scenicId, scenicId),
    q.platform ? eq(otaLogs.platform, q.platform) : undefined,
    q.direction ? eq(otaLogs.direction, q.direction) : undefined,
    q.type ? eq(otaLogs.type, q.type) : undefined,
    q.result ? eq(otaLogs.result, q.result) : undefined,
    q.externalOrderId ? eq(otaLogs.externalOrderId, q.externalOrderId) : undefined,
    q.orderNo ? eq(otaLogs.orderNo, q.orderNo) : undefined,
    q.createTimeFrom ? gte(otaLogs.createdAt, new Date(q.createTimeFrom)) : undefined,
    q.createTimeTo ? lte(otaLogs.createdAt, new Date(q.createTimeTo)) : undefined,
  );

/** /ota/otaManage and /ota/otaDetails: channels, credentials, mappings, stock sync and the message log. */
export async function otaRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  useOtaSecretKey(app.ctx.config.otaSecretKey);

  app.post(
    otaChannelApi.page,
    {
      config: { access: perm('admin:ota:page') },
      schema: {
        tags,
        summary:
          'The four OTA platforms of the acting area with their channel (secret only as set / not set)',
        body: z.object({}).strict().optional(),
        response: { 200: envelopeSchema(pageResultSchema(OtaChannelRowSchema)) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const channels = await db.select().from(otaChannels).where(eq(otaChannels.scenicId, scenicId));
      const counts = await mappingCounts(db, scenicId);
      const last = await lastMessages(db, scenicId);
      const rows = OTA_PLATFORMS.map((p) => {
        const c = channels.find((x) => x.platform === p);
        return channelRow(p, c, c ? (counts.get(c.id) ?? 0) : 0, last.get(p));
      });
      return ok(req, { rows, total: rows.length });
    },
  );

  app.get(
    otaChannelApi.query,
    {
      config: { access: perm('admin:ota:page') },
      schema: {
        tags,
        summary: 'One channel of the acting area',
        querystring: z.object({ id: IdSchema }),
        response: { 200: envelopeSchema(OtaChannelRowSchema) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const c = await channelOf(db, scenicId, req.query.id);
      const counts = await mappingCounts(db, scenicId);
      const last = await lastMessages(db, scenicId);
      return ok(
        req,
        channelRow(
          c.platform as (typeof OTA_PLATFORMS)[number],
          c,
          counts.get(c.id) ?? 0,
          last.get(c.platform),
        ),
      );
    },
  );

  app.post(
    otaChannelApi.save,
    {
      config: { access: perm('admin:ota:edit') },
      schema: {
        tags,
        summary:
          'Create or edit the area’s channel of a platform; a secret sent is sealed (AES-256-GCM) and never answered again',
        body: OtaChannelSaveSchema,
        response: { 200: envelopeSchema(OtaChannelRowSchema) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const body = req.body;
      const saved = await db.transaction(async (tx) => {
        const [before] = await tx
          .select()
          .from(otaChannels)
          .where(and(eq(otaChannels.scenicId, scenicId), eq(otaChannels.platform, body.platform)));
        const secretSealed = body.secret ? await sealSecret(tx, body.secret) : (before?.secretSealed ?? '');
        if (body.status === 1 && !secretSealed) throw new FieldError('secret', otaMessages.otaSecretRequired);
        const values = {
          appKey: body.appKey,
          secretSealed,
          callbackUrl: body.callbackUrl,
          status: body.status,
          updatedAt: new Date(),
        };
        let row: OtaChannel | undefined;
        try {
          [row] = before
            ? await tx.update(otaChannels).set(values).where(eq(otaChannels.id, before.id)).returning()
            : await tx
                .insert(otaChannels)
                .values({ scenicId, platform: body.platform, ...values })
                .returning();
        } catch (err) {
          if (isUnique(err)) throw new FieldError('appKey', otaMessages.otaAppKeyTaken);
          throw err;
        }
        const snapshot = (c: OtaChannel | undefined) =>
          c && {
            appKey: c.appKey,
            callbackUrl: c.callbackUrl,
            status: c.status,
            secretSet: !!c.secretSealed,
          };
        await writeAudit(tx, req, {
          module: 'ota',
          action: before ? 'update' : 'create',
          targetType: 'otaChannel',
          targetId: row!.id,
          before: snapshot(before),
          after: { ...snapshot(row), secretChanged: !!body.secret },
        });
        return row!;
      });
      const counts = await mappingCounts(db, scenicId);
      const last = await lastMessages(db, scenicId);
      return ok(req, channelRow(body.platform, saved, counts.get(saved.id) ?? 0, last.get(body.platform)));
    },
  );

  app.post(
    otaChannelApi.syncStock,
    {
      config: { access: perm('admin:ota:edit') },
      schema: {
        tags,
        summary: 'Send the stock left (a date, default the area’s today) of the channel’s mapped products',
        body: OtaSyncStockSchema,
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const channel = await channelOf(db, scenicId, req.body.id);
      const date = req.body.date ?? areaDay(new Date(), await areaTimeZone(db, scenicId));
      return ok(req, await syncStock(db, channel, date));
    },
  );

  // mappings of one channel
  const mappingRow = (m: typeof otaMappings.$inferSelect, productName: string): OtaMappingRow => ({
    id: m.id,
    channelId: m.channelId,
    externalCode: m.externalCode,
    productId: m.productId,
    productName,
    price: m.price,
    status: m.status,
    createTime: m.createdAt.toISOString(),
  });

  app.post(
    otaMappingApi.page,
    {
      config: { access: perm('admin:ota:page') },
      schema: {
        tags,
        summary: 'The product mapping of a channel of the acting area',
        body: OtaMappingPageSchema,
        response: { 200: envelopeSchema(pageResultSchema(OtaMappingRowSchema)) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const q = req.body;
      await channelOf(db, scenicId, q.channelId);
      const where = and(
        eq(otaMappings.scenicId, scenicId),
        eq(otaMappings.channelId, q.channelId),
        q.externalCode ? eq(otaMappings.externalCode, q.externalCode) : undefined,
      );
      const sortCol = {
        externalCode: otaMappings.externalCode,
        price: otaMappings.price,
        createTime: otaMappings.createdAt,
      }[q.sort ?? 'externalCode'];
      const all = await db
        .select()
        .from(otaMappings)
        .where(where)
        .orderBy(q.sort && q.order === 'desc' ? desc(sortCol) : asc(sortCol), asc(otaMappings.id))
        .limit(q.limit)
        .offset((q.page - 1) * q.limit);
      const [total] = await db.select({ n: count() }).from(otaMappings).where(where);
      const rows: OtaMappingRow[] = [];
      for (const m of all)
        rows.push(mappingRow(m, (await findProduct(db, scenicId, m.productId))?.name ?? ''));
      return ok(req, { rows, total: Number(total?.n ?? 0) });
    },
  );

  app.get(
    otaMappingApi.products,
    {
      config: { access: perm('admin:ota:page') },
      schema: {
        tags,
        summary: 'The products of the acting area, for the mapping’s product picker',
        response: { 200: envelopeSchema(z.array(OtaProductOptionSchema)) },
      },
    },
    async (req) =>
      ok(
        req,
        (await productOptions(db, scenicScope(req))).map(({ id, name, price, shelfStatus }) => ({
          id,
          name,
          price,
          shelfStatus,
        })),
      ),
  );

  app.post(
    otaMappingApi.create,
    {
      config: { access: perm('admin:ota:edit') },
      schema: {
        tags,
        summary: 'Map their product code to a product of the area at an agreed price',
        body: OtaMappingCreateSchema,
        response: { 200: envelopeSchema(OtaMappingRowSchema) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const body = req.body;
      await channelOf(db, scenicId, body.channelId);
      const product = await checkProduct(db, scenicId, body.productId);
      const row = await db.transaction(async (tx) => {
        let m;
        try {
          [m] = await tx
            .insert(otaMappings)
            .values({ scenicId, ...body })
            .returning();
        } catch (err) {
          if (isUnique(err))
            throw new AppError(409, 'otaMappingCodeTaken', {
              params: { code: body.externalCode },
              data: { field: 'externalCode' },
            });
          throw err;
        }
        await writeAudit(tx, req, {
          module: 'ota',
          action: 'create',
          targetType: 'otaMapping',
          targetId: m!.id,
          after: m,
        });
        return m!;
      });
      return ok(req, mappingRow(row, product.name));
    },
  );

  app.post(
    otaMappingApi.update,
    {
      config: { access: perm('admin:ota:edit') },
      schema: {
        tags,
        summary: 'Edit a mapping; only the fields sent change',
        body: OtaMappingUpdateSchema,
        response: { 200: envelopeSchema(OtaMappingRowSchema) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const { id, ...changes } = req.body;
      const [before] = await db
        .select()
        .from(otaMappings)
        .where(and(eq(otaMappings.id, id), eq(otaMappings.scenicId, scenicId)));
      if (!before) throw new AppError(404, 'recordNotFound');
      const product = await checkProduct(db, scenicId, changes.productId ?? before.productId);
      const set = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
      const row = await db.transaction(async (tx) => {
        let m;
        try {
          [m] = Object.keys(set).length
            ? await tx.update(otaMappings).set(set).where(eq(otaMappings.id, id)).returning()
            : [before];
        } catch (err) {
          if (isUnique(err))
            throw new AppError(409, 'otaMappingCodeTaken', {
              params: { code: String(set.externalCode) },
              data: { field: 'externalCode' },
            });
          throw err;
        }
        await writeAudit(tx, req, {
          module: 'ota',
          action: 'update',
          targetType: 'otaMapping',
          targetId: id,
          before,
          after: m,
        });
        return m!;
      });
      return ok(req, mappingRow(row, product.name));
    },
  );

  app.get(
    otaMappingApi.delete,
    {
      config: { access: perm('admin:ota:edit') },
      schema: { tags, summary: 'Delete a mapping', querystring: z.object({ id: IdSchema }) },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      await db.transaction(async (tx) => {
        const [gone] = await tx
          .delete(otaMappings)
          .where(and(eq(otaMappings.id, req.query.id), eq(otaMappings.scenicId, scenicId)))
          .returning();
        if (!gone) throw new AppError(404, 'recordNotFound');
        await writeAudit(tx, req, {
          module: 'ota',
          action: 'delete',
          targetType: 'otaMapping',
          targetId: gone.id,
          before: gone,
        });
      });
      return ok(req, null);
    },
  );

  registerListResource(app, {
    tag: 'ota',
    api: { page: otaLogApi.page, export: otaLogApi.export },
    perms: { page: 'admin:ota:log' },
    table: otaLogs,
    where: logWhere,
    sort: { createTime: otaLogs.createdAt },
    order: [desc(otaLogs.createdAt), desc(otaLogs.id)],
    rowSchema: OtaLogRowSchema,
    rows: (logs) =>
      logs.map((l) => ({
        id: l.id,
        platform: l.platform,
        direction: l.direction,
        type: l.type,
        externalOrderId: l.externalOrderId,
        orderNo: l.orderNo,
        request: l.request,
        response: l.response,
        result: l.result,
        createTime: l.createdAt.toISOString(),
      })),
    page: {
      summary: 'Inbound and outbound messages of the area’s channels, newest first',
      body: OtaLogPageSchema,
    },
    export: {
      summary: 'The messages of the current filter as .xlsx',
      fileName: OtaText.logExportName,
      columns: LOG_EXPORT,
    },
  });
}
