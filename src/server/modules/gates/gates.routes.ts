import { and, asc, eq, ilike } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  gateApi,
  GatePageSchema,
  GateRowSchema,
  type GatePage,
  type GateRow,
} from '../../../shared/api/gates.ts';
import { registerListResource } from '../../http/list-resource.ts';
import { likeContains } from '../../http/paging.ts';
import { gates } from './gates.table.ts';

function toRow(r: typeof gates.$inferSelect): GateRow {
  return {
    id: r.id,
    code: r.code,
    name: r.name,
    gateType: r.gateType,
    location: r.location,
    status: r.status,
    createTime: r.createdAt.toISOString(),
    updateTime: r.updatedAt.toISOString(),
  };
}

function gateWhere(scenicId: number, q: GatePage) {
  return and(
    eq(gates.scenicId, scenicId),
    q.name ? ilike(gates.name, likeContains(q.name)) : undefined,
    q.gateType ? eq(gates.gateType, q.gateType) : undefined,
    q.status ? eq(gates.status, q.status) : undefined,
  );
}

/** docs/product.md §7 gate list. Managing gates is the terminal issue's /terminal/gateManage (docs/decisions.md). */
export async function gateRoutes(root: FastifyInstance) {
  registerListResource(root, {
    tag: 'gates',
    api: gateApi,
    perms: { page: 'admin:gate:page' },
    table: gates,
    where: gateWhere,
    sort: { code: gates.code, name: gates.name, gateType: gates.gateType, createTime: gates.createdAt },
    order: [asc(gates.code), asc(gates.id)],
    rowSchema: GateRowSchema,
    rows: (records) => records.map(toRow),
    page: {
      summary: 'Gates of the acting area (docs/product.md §7), filtered by name, gate type and status',
      body: GatePageSchema,
    },
  });
}
