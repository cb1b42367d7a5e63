import { and, asc, eq, ilike, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import {
  SpotVoiceSchema,
  UploadVoiceQuerySchema,
  voiceTypeApi,
  VoiceTypeCreateSchema,
  VoiceTypeListSchema,
  VoiceTypeRowSchema,
  VoiceTypeUpdateSchema,
  voiceUploadApi,
  type VoiceTypeList,
  type VoiceTypeRow,
} from '../../../shared/api/map-guide.ts';
import { perm, scenicScope } from '../../http/access.ts';
import type { Resource } from '../../http/crud.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { registerListResource } from '../../http/list-resource.ts';
import { likeContains } from '../../http/paging.ts';
import { writeAudit } from '../audit/index.ts';
import { scenicSpots } from '../scenic-spots/index.ts';
import { putFile } from '../storage/index.ts';
import { spotVoices, voiceTypes, type VoiceType } from './map-guide.table.ts';
import { readVoice } from './voice-file.ts';

const resource: Resource<typeof voiceTypes> = {
  table: voiceTypes,
  id: voiceTypes.id,
  scenic: voiceTypes.scenicId,
  module: 'mapGuide',
  targetType: 'voiceType',
  audit: writeAudit,
};

const toRow = (v: VoiceType): VoiceTypeRow => ({
  id: v.id,
  name: v.name,
  language: v.language,
  sort: v.sort,
  status: v.status,
  createTime: v.createdAt.toISOString(),
  updateTime: v.updatedAt.toISOString(),
});

const where = (scenicId: number, q: VoiceTypeList) =>
  and(
    eq(voiceTypes.scenicId, scenicId),
    q.name ? ilike(voiceTypes.name, likeContains(q.name)) : undefined,
    q.status ? eq(voiceTypes.status, q.status) : undefined,
  );

/** docs/product.md §2 /mapGuide/voiceSetting and §7 voiceType calls, and the voice upload. */
export async function voiceTypeRoutes(root: FastifyInstance) {
  const { db, uploadDir } = root.ctx;
  registerListResource(root, {
    tag: 'mapGuide',
    api: {
      page: voiceTypeApi.list,
      create: voiceTypeApi.create,
      update: voiceTypeApi.update,
      delete: voiceTypeApi.deleted,
    },
    perms: {
      page: 'admin:voiceType:list',
      create: 'admin:voiceType:create',
      update: 'admin:voiceType:update',
      delete: 'admin:voiceType:deleted',
    },
    table: voiceTypes,
    resource,
    where,
    sort: { sort: voiceTypes.sort, createTime: voiceTypes.createdAt },
    order: [asc(voiceTypes.sort), asc(voiceTypes.id)],
    rowSchema: VoiceTypeRowSchema,
    rows: (kinds) => kinds.map(toRow),
    page: { summary: 'Voice kinds of the acting area, by sort order', body: VoiceTypeListSchema },
    create: {
      summary: 'Create a voice kind (a name unique in the area, a language tag)',
      body: VoiceTypeCreateSchema,
      values: (body, { scope: scenicId }) => ({ ...body, scenicId }),
    },
    update: { summary: 'Edit a voice kind; only the fields sent change', body: VoiceTypeUpdateSchema },
    delete: { summary: "Delete a voice kind (and the spots' files in it)" },
  });

  // hand-registered: a file (a multipart upload)
  root.withTypeProvider<ZodTypeProvider>().post(
    voiceUploadApi.uploadVoice,
    {
      config: { access: perm('admin:tourSpot:update') },
      schema: {
        tags: ['mapGuide'],
        summary:
          'Upload a spot\'s voice in one voice kind (multipart field "file"; mp3/m4a/wav by content, at most 5 MB); replaces the spot\'s earlier file in that voice',
        consumes: ['multipart/form-data'],
        querystring: UploadVoiceQuerySchema,
        response: { 200: envelopeSchema(SpotVoiceSchema) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const { spotId, voiceTypeId } = req.query;
      const [spot] = await db
        .select({ id: scenicSpots.id })
        .from(scenicSpots)
        .where(and(eq(scenicSpots.id, spotId), eq(scenicSpots.scenicId, scenicId)));
      if (!spot) throw new AppError(404, 'guideSpotNotFound');
      const [kind] = await db
        .select({ id: voiceTypes.id })
        .from(voiceTypes)
        .where(and(eq(voiceTypes.id, voiceTypeId), eq(voiceTypes.scenicId, scenicId)));
      if (!kind) throw new AppError(404, 'voiceTypeNotFound');
      const voice = await readVoice(req, `scenic-${scenicId}`);
      await putFile(db, uploadDir, voice.key, voice.buffer, voice.mime);
      const url = `/uploads/${voice.key}`;
      const saved = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(spotVoices)
          .values({ scenicId, spotId, voiceTypeId, url, duration: voice.duration })
          .onConflictDoUpdate({
            target: [spotVoices.spotId, spotVoices.voiceTypeId],
            set: { url, duration: voice.duration, updatedAt: sql`now()` },
          })
          .returning();
        await writeAudit(tx, req, {
          module: 'mapGuide',
          action: 'upload',
          targetType: 'spotVoice',
          targetId: row!.id,
          after: { spotId, voiceTypeId, url, duration: voice.duration },
        });
        return row!;
      });
      return ok(req, { id: saved.id, voiceTypeId, url: saved.url, duration: saved.duration });
    },
  );
}
