import type { DashboardFigureSource } from '../../lib/dashboard-figures.ts';
import { entriesOnDay, entriesPerDay, visitorsInParkNow } from './gate-figures.ts';
import { salesByDay } from './sales-rollup.ts';

/**
 * The dashboard's figures read from the statistics rollups (docs/statistics.md "Dashboard"):
 * today's sales and entries with yesterday's, last year's and the 30-day trend, and the people in the
 * park now. Each is shown to the roles that may open the report it comes from.
 */

export const salesFigure: DashboardFigureSource = {
  key: 'sales',
  kind: 'money',
  permission: 'admin:stat:dataPars',
  link: '/statAnalyse/dataPars',
  read: async ({ db, scenicId, days, today, yesterday, lastYear }) => {
    const [recent, before] = await Promise.all([
      salesByDay(db, scenicId, days[0]!, today),
      salesByDay(db, scenicId, lastYear, lastYear),
    ]);
    const byDay = new Map(recent.map((r) => [r.day, r.amount]));
    return {
      value: byDay.get(today) ?? 0,
      yesterday: byDay.get(yesterday) ?? 0,
      lastYear: before[0]?.amount ?? 0,
      trend: days.map((d) => byDay.get(d) ?? 0),
    };
  },
};

export const entriesFigure: DashboardFigureSource = {
  key: 'entries',
  kind: 'count',
  permission: 'admin:stat:stat',
  link: '/statAnalyse/stat',
  read: async ({ db, scenicId, now, days, lastYear }) => {
    const [perDay, before] = await Promise.all([
      entriesPerDay(db, scenicId, now, days.length),
      entriesOnDay(db, scenicId, lastYear),
    ]);
    return {
      value: perDay.at(-1)?.entries ?? 0,
      yesterday: perDay.at(-2)?.entries ?? 0,
      lastYear: before,
      trend: perDay.map((d) => d.entries),
    };
  },
};

export const visitorsNowFigure: DashboardFigureSource = {
  key: 'visitorsNow',
  kind: 'count',
  permission: 'admin:stat:stat',
  link: '/statAnalyse/stat',
  read: async ({ db, scenicId, now }) => ({
    value: await visitorsInParkNow(db, scenicId, now),
    yesterday: null,
    lastYear: null,
  }),
};
