import type { DemoHistoryOptions } from '../../lib/server-module.ts';
import type { Db } from '../../db/client.ts';
import { disReportRoutes } from './dis-reports.ts';
import { gateTrafficRoutes } from './gate-traffic.ts';
import { originRoutes } from './origin-report.ts';
import { settleGateOriginRollups, startGateOriginFold } from './gate-origin-rollups.ts';

/**
 * What the gate, origin and distributor reports give the statistics manifest: their routes, the
 * fold of their rollups, and after the demo history the rollups checked against it and folded.
 */
export const gateOriginModule = {
  routes: [gateTrafficRoutes, originRoutes, disReportRoutes],
  jobs: [startGateOriginFold],
  seedDemoHistory: async (db: Db, { scenicId }: DemoHistoryOptions) => {
    await settleGateOriginRollups(db, scenicId);
  },
};
