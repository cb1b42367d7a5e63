import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import {
  DASHBOARD_FIGURES,
  dashboardApi,
  DashboardSchema,
  type Dashboard,
} from '../../../shared/api/dashboard.ts';
import { hasPermission } from '../../../shared/perms.ts';
import { LOGIN, requireAuth, scenicScope } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { addDays, areaDay, areaTimeZone } from '../../lib/area-clock.ts';
import { dashboardFigures, type DashboardContext } from '../../lib/dashboard-figures.ts';

/** How many days the trend covers, today included. */
export const TREND_DAYS = 30;

/** The same calendar day a year before (29 February reads 28 February). */
export function dayLastYear(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  const last = m === 2 && d === 29 ? 28 : d;
  return `${String(y - 1).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(last).padStart(2, '0')}`;
}

export function dashboardContext(base: Omit<DashboardContext, 'today' | 'yesterday' | 'lastYear' | 'days'>) {
  const today = areaDay(base.now, base.timeZone);
  const days = Array.from({ length: TREND_DAYS }, (_, i) => addDays(today, i - TREND_DAYS + 1));
  return { ...base, today, yesterday: addDays(today, -1), lastYear: dayLastYear(today), days };
}

/** GET figures: the figures every module contributes that the caller's roles may see, read at once. */
export async function dashboardRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  // hand-registered: one read over the figures the modules plug in (lib/dashboard-figures.ts)
  app.get(
    dashboardApi.figures,
    {
      // staff accounts: distributors and shop accounts (admType 3, 4) have no dashboard figures
      config: { access: LOGIN },
      schema: {
        tags: ['dashboard'],
        summary:
          "The dashboard: today's figures of the acting area with yesterday's and last year's, and a 30-day trend; only those the caller's roles may see",
        response: { 200: envelopeSchema(DashboardSchema) },
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      const scenicId = scenicScope(req);
      const ctx = dashboardContext({
        db,
        scenicId,
        timeZone: await areaTimeZone(db, scenicId),
        now: new Date(),
      });
      const sources = dashboardFigures.items
        .filter((s) => hasPermission(auth.permissions, s.permission))
        .sort((a, b) => DASHBOARD_FIGURES.indexOf(a.key) - DASHBOARD_FIGURES.indexOf(b.key));
      const readings = await Promise.all(sources.map((s) => s.read(ctx)));
      const result: Dashboard = {
        today: ctx.today,
        days: [...ctx.days],
        figures: sources.map((s, i) => ({
          key: s.key,
          kind: s.kind,
          value: readings[i]!.value,
          yesterday: readings[i]!.yesterday,
          lastYear: readings[i]!.lastYear,
          link: s.link,
        })),
        trends: sources.flatMap((s, i) => {
          const trend = readings[i]!.trend;
          return trend ? [{ key: s.key, values: trend }] : [];
        }),
      };
      return ok(req, result);
    },
  );
}
