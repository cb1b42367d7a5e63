import type { FastifyInstance } from 'fastify';
import { periodRoutes } from './periods.routes.ts';
import { priceCalendarRoutes } from './price-calendar.routes.ts';

/** `/ticket/priceCalendar` and `/scenic/period` (public stock). */
export async function inventoryRoutes(root: FastifyInstance) {
  await priceCalendarRoutes(root);
  await periodRoutes(root);
}
