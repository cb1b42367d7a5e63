import type { FastifyInstance } from 'fastify';
import { zoneChangeListeners } from '../settings/index.ts';
import type { Db } from '../../db/client.ts';
import { foldSalesRollups, rezoneSalesRollups, startSalesFold } from './sales-rollup.ts';
import { salesReportRoutes } from './sales-reports.ts';

/**
 * What the sales reports (dataPars, dataAnalyse, statAllReport) give the statistics manifest: their
 * routes, the fold of the sales rollups, and the rollups moved with a change of the area's zone. After
 * the demo history (the rollups' triggers follow bulk loads too) its deltas are folded.
 */
export const salesModule = {
  routes: [salesReportRoutes],
  jobs: [(app: FastifyInstance) => startSalesFold(app.ctx.db, app.log)],
  plugs: [zoneChangeListeners.plug({ name: 'salesRollups', zoneChanged: rezoneSalesRollups })],
  seedDemoHistory: (db: Db) => foldSalesRollups(db),
};
