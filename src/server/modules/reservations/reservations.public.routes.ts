import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import {
  OpenSessionSchema,
  OpenSitesSchema,
  publicReservationApi,
  PublicSessionsQuerySchema,
  PublicSitesQuerySchema,
} from '../../../shared/api/reservations.ts';
import { PUBLIC } from '../../http/access.ts';
import { cachedAnswer } from '../../http/public-cache.ts';
import { openSessions, openSites } from './reservations.reads.ts';

// hand-registered (file): public reads without login (cacheable), not staff actions

/** Places left change with every booking: a phone or proxy keeps a day's sessions briefly. */
const SESSIONS_MAX_AGE = 10;

/**
 * The mini-program's read of what can be booked, before the visitor signs in: an area's sites and a
 * site's sessions of a day with the places left. No login, cacheable; booking itself goes through
 * the channels' API (docs/api.md "Reservations API").
 */
export async function reservationPublicRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;
  const tags = ['reservations'];

  app.get(
    publicReservationApi.sites,
    {
      config: { access: PUBLIC },
      schema: {
        tags,
        summary: 'The enabled booking sites of an area (no login, cacheable)',
        querystring: PublicSitesQuerySchema,
        response: { 200: envelopeSchema(OpenSitesSchema) },
      },
    },
    async (req, reply) => cachedAnswer(req, reply, await openSites(db, req.query.scenicId)),
  );

  app.get(
    publicReservationApi.sessions,
    {
      config: { access: PUBLIC },
      schema: {
        tags,
        summary:
          'The open sessions of a site on a date with the places left and whether booking is open (no login, cached 10 s)',
        querystring: PublicSessionsQuerySchema,
        response: { 200: envelopeSchema(z.array(OpenSessionSchema)) },
      },
    },
    async (req, reply) => {
      const { scenicId, siteId, date } = req.query;
      return cachedAnswer(req, reply, await openSessions(db, scenicId, siteId, date), SESSIONS_MAX_AGE);
    },
  );
}
