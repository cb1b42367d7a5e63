import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, IdSchema, pageResultSchema } from '../../../shared/api/common.ts';
import {
  otaChannelApi,
  OtaChannelRowSchema,
  OtaChannelSaveSchema,
  OtaSyncStockSchema,
  type OtaChannelRow,
} from '../../../shared/api/ota.ts';
import { OTA_CLIENT, OTA_PLATFORMS } from '../../../shared/dict/ota.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { perm, scenicScope } from '../../http/access.ts';
import { audited, registerAction } from '../../http/action.ts';
import { ok } from '../../http/envelope.ts';
import { FieldError } from '../../http/errors.ts';
import { areaDay, areaTimeZone } from '../../lib/area-clock.ts';
import { writeAudit } from '../audit/index.ts';
import { otaMessages } from './ota.messages.ts';
import { sealSecret, useOtaSecretKey } from './secret-box.ts';
import { syncStock } from './ota.service.ts';
import { otaChannels, otaMappings, type OtaChannel } from './ota.table.ts';
import { channelOf, isUnique } from './ota-route-parts.ts';

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

/** The channel as its audit rows keep it: the secret only as set or not. */
const channelSnapshot = (c: OtaChannel | undefined) =>
  c && {
    appKey: c.appKey,
    callbackUrl: c.callbackUrl,
    status: c.status,
    secretSet: !!c.secretSealed,
  };

async function mappingCounts(db: Db, scenicId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ channelId: otaMappings.channelId, n: count() })
    .from(otaMappings)
    .where(eq(otaMappings.scenicId, scenicId))
    .groupBy(otaMappings.channelId);
  return new Map(rows.map((r) => [r.channelId, Number(r.n)]));
}

/** /ota/otaManage and /ota/otaDetails: channels, credentials, mappings, stock sync and the message log. */
export async function otaRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = app.ctx;
  useOtaSecretKey(app.ctx.config.otaSecretKey);

  // hand-registered: a read that is not a list resource
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

  // hand-registered: a read that is not a list resource
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

  registerAction(root, {
    url: otaChannelApi.save,
    access: perm('admin:ota:edit'),
    tag: 'ota',
    summary:
      'Create or edit the area’s channel of a platform; a secret sent is sealed (AES-256-GCM) and never answered again',
    body: OtaChannelSaveSchema,
    response: OtaChannelRowSchema,
    audit: { write: writeAudit, module: 'ota', action: 'update', targetType: 'otaChannel' },
    run: async (tx, { scenicId, ...body }) => {
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
      const saved = row!;
      const counts = await mappingCounts(tx, scenicId);
      const last = await lastMessages(tx, scenicId);
      return audited(channelRow(body.platform, saved, counts.get(saved.id) ?? 0, last.get(body.platform)), {
        targetId: saved.id,
        action: before ? 'update' : 'create',
        before: channelSnapshot(before),
        after: { ...channelSnapshot(saved), secretChanged: !!body.secret },
      });
    },
  });

  // hand-registered: an outbound call to the platform (no transaction held across it); the OTA message log records it, no audit row; its contract has no answer schema
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
}
