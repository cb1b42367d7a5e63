import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import {
  MapConfigSchema,
  PublicAreaQuerySchema,
  PublicGuideSpotSchema,
  publicMapGuideApi,
  PublicNearestQuerySchema,
  PublicRouteSchema,
  PublicSpotsQuerySchema,
  PublicVoiceSchema,
  type PublicGuideSpot,
} from '../../../shared/api/map-guide.ts';
import { ENABLED } from '../../../shared/dict/account.ts';
import type { Db } from '../../db/client.ts';
import { PUBLIC } from '../../http/access.ts';
import { cachedAnswer } from '../../http/public-cache.ts';
import {
  activeMap,
  nearest,
  pickRadius,
  placedSpots,
  spotBasics,
  toConfig,
  type PlacedSpot,
} from './map-guide.service.ts';
import { guideRoutes, spotVoices, voiceTypes } from './map-guide.table.ts';
import { toRouteRow } from './map-routes.routes.ts';

// hand-registered (file): public reads without login (cacheable), not staff actions

const enabledVoices = (db: Db, scenicId: number) =>
  db
    .select({ id: voiceTypes.id, name: voiceTypes.name, language: voiceTypes.language })
    .from(voiceTypes)
    .where(and(eq(voiceTypes.scenicId, scenicId), eq(voiceTypes.status, ENABLED)))
    .orderBy(asc(voiceTypes.sort), asc(voiceTypes.id));

type Spot = Awaited<ReturnType<typeof placedSpots>>[number];

/** The placed, enabled spots of an area with the file of one voice (the first enabled one by default). */
async function guideSpots(
  db: Db,
  scenicId: number,
  voiceTypeId?: number,
): Promise<(PublicGuideSpot & PlacedSpot)[]> {
  const spots = await placedSpots(db, scenicId);
  const voice = voiceTypeId ?? (await enabledVoices(db, scenicId))[0]?.id;
  const files = voice
    ? await db
        .select({ spotId: spotVoices.spotId, url: spotVoices.url, duration: spotVoices.duration })
        .from(spotVoices)
        .where(and(eq(spotVoices.scenicId, scenicId), eq(spotVoices.voiceTypeId, voice)))
    : [];
  const bySpot = new Map(files.map((f) => [f.spotId, f]));
  return spots.map((s: Spot) => ({
    ...spotBasics(s),
    latitude: s.latitude,
    longitude: s.longitude,
    voiceUrl: bySpot.get(s.id)?.url ?? '',
    voiceDuration: bySpot.get(s.id)?.duration ?? 0,
  }));
}

const describe = (summary: string) => ({ tags: ['mapGuide'], summary });

/** The mini-program's map guide: the area's map, voices, spots with their voice, nearest spot, routes. */
export async function mapGuidePublicRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;
  const access = { access: PUBLIC };

  app.get(
    publicMapGuideApi.config,
    {
      config: access,
      schema: {
        ...describe("An area's guide map configuration (null when it has none)"),
        querystring: PublicAreaQuerySchema,
        response: { 200: envelopeSchema(MapConfigSchema.nullable()) },
      },
    },
    async (req, reply) => {
      const map = await activeMap(db, req.query.scenicId);
      return cachedAnswer(req, reply, map ? toConfig(map) : null);
    },
  );

  app.get(
    publicMapGuideApi.voices,
    {
      config: access,
      schema: {
        ...describe("An area's enabled voice kinds by sort order"),
        querystring: PublicAreaQuerySchema,
        response: { 200: envelopeSchema(z.array(PublicVoiceSchema)) },
      },
    },
    async (req, reply) => cachedAnswer(req, reply, await enabledVoices(db, req.query.scenicId)),
  );

  app.get(
    publicMapGuideApi.spots,
    {
      config: access,
      schema: {
        ...describe(
          "An area's spots on the map, each with its file in the chosen voice (default: the first)",
        ),
        querystring: PublicSpotsQuerySchema,
        response: { 200: envelopeSchema(z.array(PublicGuideSpotSchema)) },
      },
    },
    async (req, reply) =>
      cachedAnswer(req, reply, await guideSpots(db, req.query.scenicId, req.query.voiceTypeId)),
  );

  app.get(
    publicMapGuideApi.nearest,
    {
      config: access,
      schema: {
        ...describe("The area's spot nearest to lat/lng within the map's pick radius (null: none)"),
        querystring: PublicNearestQuerySchema,
        response: { 200: envelopeSchema(PublicGuideSpotSchema.nullable()) },
      },
    },
    async (req, reply) => {
      const { scenicId, lat, lng } = req.query;
      const spots = await guideSpots(db, scenicId);
      return cachedAnswer(req, reply, nearest(spots, { lat, lng }, await pickRadius(db, scenicId)));
    },
  );

  app.get(
    publicMapGuideApi.routes,
    {
      config: access,
      schema: {
        ...describe("An area's enabled routes with their spots in order and their paths"),
        querystring: PublicAreaQuerySchema,
        response: { 200: envelopeSchema(z.array(PublicRouteSchema)) },
      },
    },
    async (req, reply) => {
      const routes = await db
        .select()
        .from(guideRoutes)
        .where(and(eq(guideRoutes.scenicId, req.query.scenicId), eq(guideRoutes.status, ENABLED)))
        .orderBy(asc(guideRoutes.sort), asc(guideRoutes.id));
      return cachedAnswer(
        req,
        reply,
        routes.map((r) => PublicRouteSchema.parse(toRouteRow(r))),
      );
    },
  );
}
