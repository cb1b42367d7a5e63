import { defineServerModule } from '../../lib/server-module.ts';
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
});
