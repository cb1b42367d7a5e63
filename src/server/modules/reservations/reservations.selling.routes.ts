import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import {
  BookingCodeSchema,
  maskIdNumber,
  OpenBookingSchema,
  OpenBookSchema,
  openReservationApi,
  OpenSessionSchema,
  OpenSessionsQuerySchema,
  OpenSitesSchema,
  type OpenBooking,
} from '../../../shared/api/reservations.ts';
import type { Db } from '../../db/client.ts';
import { SELLER } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { actorOfRequest } from '../audit/index.ts';
import { sellingChannel, withIdempotency } from '../orders/index.ts';
import { openSessions, openSites } from './reservations.reads.ts';
import { bookingOf, bookSession, moveBooking } from './reservations.service.ts';
import type { Reservation } from './reservations.table.ts';

// hand-registered (file): a sales channel's calls (its own client token), not staff actions

/** A booking as its channel sees it: the ID number masked, the rest as the channel sent it. */
async function openBookingOf(db: Db, scenicId: number, booking: Reservation): Promise<OpenBooking> {
  const { session, site } = await bookingOf(db, scenicId, { id: booking.id });
  return {
    code: booking.code,
    siteId: site.id,
    siteName: site.name,
    sessionId: session.id,
    date: session.date,
    startTime: session.startTime,
    endTime: session.endTime,
    visitorName: booking.visitorName,
    phone: booking.phone,
    idNumber: maskIdNumber(booking.idNumber),
    status: booking.status,
    bookedAt: booking.bookedAt.toISOString(),
    arrivedAt: booking.arrivedAt?.toISOString() ?? null,
  };
}

/**
 * The reservations API of sales channels: free, capacity-limited visits. client_credentials tokens,
 * the area in X-Scenic-Id, Idempotency-Key on the writes (docs/api.md "Reservations API").
 */
export async function reservationSellingRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;
  const tags = ['selling'];
  const headers = z.object({
    'x-scenic-id': z.string().describe('The scenic area the call acts in (required)'),
    'idempotency-key': z.string().describe('Required: the same key and body answer the same'),
  });

  app.get(
    openReservationApi.sites,
    {
      config: { access: SELLER },
      schema: {
        tags,
        summary: 'The enabled booking sites of the area',
        response: { 200: envelopeSchema(OpenSitesSchema) },
      },
    },
    async (req) => {
      const { scenicId } = sellingChannel(req);
      return ok(req, await openSites(db, scenicId));
    },
  );

  app.get(
    openReservationApi.sessions,
    {
      config: { access: SELLER },
      schema: {
        tags,
        summary:
          'The open sessions of a site on a date, with the places left and whether booking is open now',
        querystring: OpenSessionsQuerySchema,
        response: { 200: envelopeSchema(z.array(OpenSessionSchema)) },
      },
    },
    async (req) => {
      const { scenicId } = sellingChannel(req);
      return ok(req, await openSessions(db, scenicId, req.query.siteId, req.query.date));
    },
  );

  app.post(
    openReservationApi.create,
    {
      config: { access: SELLER },
      schema: {
        tags,
        summary:
          'Book a place of a session (409 when full, closed, outside the window or the visitor already holds one). Idempotency-Key required.',
        headers,
        body: OpenBookSchema,
        response: { 200: envelopeSchema(OpenBookingSchema) },
      },
    },
    async (req) => {
      const { clientId, scenicId, channel } = sellingChannel(req);
      const body = req.body;
      const data = await withIdempotency(db, req, async (tx) => {
        const booking = await bookSession(tx, {
          scenicId,
          sessionId: body.sessionId,
          visitorName: body.visitorName,
          phone: body.phone,
          idNumber: body.idNumber,
          clientId,
          channel,
          actor: actorOfRequest(req),
        });
        return openBookingOf(tx, scenicId, booking);
      });
      return ok(req, data);
    },
  );

  app.get(
    openReservationApi.query,
    {
      config: { access: SELLER },
      schema: {
        tags,
        summary: 'A booking this channel made, by its code',
        querystring: BookingCodeSchema,
        response: { 200: envelopeSchema(OpenBookingSchema) },
      },
    },
    async (req) => {
      const { clientId, scenicId } = sellingChannel(req);
      const { booking } = await bookingOf(db, scenicId, { code: req.query.code });
      if (booking.clientId !== clientId) throw new AppError(404, 'reservationNotFound');
      return ok(req, await openBookingOf(db, scenicId, booking));
    },
  );

  app.post(
    openReservationApi.cancel,
    {
      config: { access: SELLER },
      schema: {
        tags,
        summary:
          'Cancel a booking of this channel before its session starts; the place is given back. Idempotency-Key required.',
        headers,
        body: BookingCodeSchema,
        response: { 200: envelopeSchema(OpenBookingSchema) },
      },
    },
    async (req) => {
      const { clientId, scenicId } = sellingChannel(req);
      const data = await withIdempotency(db, req, async (tx) => {
        const moved = await moveBooking(tx, {
          scenicId,
          by: { code: req.body.code },
          move: 'cancel',
          clientId,
          actor: actorOfRequest(req),
        });
        return openBookingOf(tx, scenicId, moved);
      });
      return ok(req, data);
    },
  );
}
