import type { FastifyInstance } from 'fastify';
import type { DemoHistoryOptions } from '../../lib/server-module.ts';
import type { Db } from '../../db/client.ts';
import { zoneChangeListeners } from '../settings/index.ts';
import { detailReportRoutes } from './detail-report.routes.ts';
import { particularsRoutes } from './money-report.routes.ts';
import { rechargeStatRoutes } from './recharge-report.routes.ts';
import {
  foldMoneyDetailRollups,
  settleMoneyDetailRollups,
  startMoneyDetailFold,
} from './money-detail-rollups.ts';

/**
 * What the ticket details, money movements and top-ups reports give the statistics manifest: their
 * routes, the fold of their rollups, the rollups moved with a change of the area's zone, and after
 * the demo history (written with the triggers off) the rollups settled against it and folded.
 */
export const moneyDetailModule = {
  routes: [detailReportRoutes, particularsRoutes, rechargeStatRoutes],
  jobs: [(app: FastifyInstance) => startMoneyDetailFold(app.ctx.db, app.log)],
  plugs: [
    zoneChangeListeners.plug({
      name: 'moneyDetailTotals',
      zoneChanged: async (db, scenicId) => {
        await settleMoneyDetailRollups(db, scenicId);
      },
    }),
  ],
  seedDemoHistory: async (db: Db, { scenicId }: DemoHistoryOptions) => {
    await settleMoneyDetailRollups(db, scenicId);
    await foldMoneyDetailRollups(db);
  },
};
