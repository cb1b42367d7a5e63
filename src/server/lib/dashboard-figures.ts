import type { DashboardFigureKey } from '../../shared/api/dashboard.ts';
import type { Permission } from '../../shared/perms.ts';
import type { Db } from '../db/client.ts';
import { extensionPoint } from './extension-point.ts';

/** What a figure is read with: the acting area, its today and the trend's days (area days). */
export interface DashboardContext {
  db: Db;
  scenicId: number;
  timeZone: string;
  now: Date;
  /** YYYY-MM-DD on the area's clock */
  today: string;
  yesterday: string;
  /** the same calendar day a year ago (28 February for 29 February) */
  lastYear: string;
  /** the 30 days of the trend, oldest first, today last */
  days: readonly string[];
}

export interface DashboardReading {
  value: number;
  yesterday: number | null;
  lastYear: number | null;
  /** one value per day of `ctx.days`, for a figure drawn as a trend */
  trend?: number[];
}

/**
 * A figure of the dashboard, contributed by the module that owns its facts through its manifest
 * (`plugs: [dashboardFigures.plug({...})]`); the dashboard module imports none of them. Shown only to
 * an account holding `permission`.
 */
export interface DashboardFigureSource {
  key: DashboardFigureKey;
  kind: 'money' | 'count';
  permission: Permission;
  /** the console screen with the facts behind the figure */
  link: string | null;
  read: (ctx: DashboardContext) => Promise<DashboardReading>;
}

export const dashboardFigures = extensionPoint<DashboardFigureSource>('dashboardFigures');
