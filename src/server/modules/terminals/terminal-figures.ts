import { and, count, eq } from 'drizzle-orm';
import { ENABLED } from '../../../shared/dict/account.ts';
import { TERMINAL_ONLINE } from '../../../shared/dict/terminal.ts';
import type { DashboardFigureSource } from '../../lib/dashboard-figures.ts';
import { terminals } from './terminals.table.ts';

/** The dashboard's enabled devices that are offline now (the offline job marks them). */
export const offlineDevicesFigure: DashboardFigureSource = {
  key: 'devicesOffline',
  kind: 'count',
  permission: 'admin:terminal:page',
  link: '/terminal/terminal',
  read: async ({ db, scenicId }) => {
    const [row] = await db
      .select({ n: count() })
      .from(terminals)
      .where(
        and(
          eq(terminals.scenicId, scenicId),
          eq(terminals.status, ENABLED),
          eq(terminals.online, TERMINAL_ONLINE.offline),
        ),
      );
    return { value: Number(row?.n ?? 0), yesterday: null, lastYear: null };
  },
};
