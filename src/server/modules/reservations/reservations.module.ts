import { defineServerModule } from '../../lib/server-module.ts';
import { messageKinds } from '../messaging/index.ts';
import { bookingKind } from './reservation-messages.ts';
import { startReservationJobs } from './reservations.jobs.ts';
import { reservationBookingRoutes } from './reservation-bookings.routes.ts';
import { reservationSessionRoutes } from './reservation-sessions.routes.ts';
import { reservationPublicRoutes } from './reservations.public.routes.ts';
import { reservationRoutes } from './reservations.routes.ts';
import { reservationSellingRoutes } from './reservations.selling.routes.ts';
import { seedDemoReservations } from './reservations.seed.ts';

export default defineServerModule({
  name: 'reservations',
  routes: [
    reservationRoutes,
    reservationSessionRoutes,
    reservationBookingRoutes,
    reservationSellingRoutes,
    reservationPublicRoutes,
  ],
  // bookings still booked after their session ended become expired (0 → 3)
  jobs: [(app) => startReservationJobs(app.ctx.db, app.log)],
  seedDemo: (tx, scenicId) => seedDemoReservations(tx, scenicId),
  // SMS template 8: queued with each booking
  plugs: [messageKinds.plug(bookingKind)],
});
