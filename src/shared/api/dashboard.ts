import { z } from 'zod';
import { endpoints } from './endpoints.ts';

/** The dashboard's figures (docs/statistics.md "Dashboard"): each from the module that owns the facts. */
export const dashboardApi = endpoints('/web/api/admin/dashboard', ['figures']);

/** The figures a module may contribute, in the order the dashboard shows them. */
export const DASHBOARD_FIGURES = [
  'sales',
  'visitorsNow',
  'entries',
  'refundsPending',
  'shipmentsPending',
  'devicesOffline',
] as const;
export type DashboardFigureKey = (typeof DASHBOARD_FIGURES)[number];

export const DashboardFigureSchema = z.object({
  key: z.enum(DASHBOARD_FIGURES),
  /** money: cents; count: people, requests, orders, devices */
  kind: z.enum(['money', 'count']),
  /** today's figure (or, for a state such as pending requests, the figure now) */
  value: z.number(),
  /** the same figure yesterday and on the same day last year (area days), where a day means something */
  yesterday: z.number().nullable(),
  lastYear: z.number().nullable(),
  /** the console screen that shows the facts behind it */
  link: z.string().nullable(),
});
export type DashboardFigure = z.infer<typeof DashboardFigureSchema>;

export const DashboardSchema = z.object({
  /** the area's today and the 30 days the trend covers (oldest first, today last) */
  today: z.string(),
  days: z.array(z.string()),
  /** only the figures the caller's roles may see */
  figures: z.array(DashboardFigureSchema),
  /** per figure with a trend (sales, entries): one value per day of `days` */
  trends: z.array(z.object({ key: z.enum(DASHBOARD_FIGURES), values: z.array(z.number()) })),
});
export type Dashboard = z.infer<typeof DashboardSchema>;
