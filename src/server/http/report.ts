import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { envelopeSchema } from '../../shared/api/common.ts';
import {
  ReportResultSchema,
  type ReportColumn,
  type ReportDefinition,
  type ReportResult,
  type ReportRow,
  isTotalRow,
} from '../../shared/api/report.ts';
import { ReportText } from '../../shared/dict/report.ts';
import { dictLabel } from '../../shared/dict/dict.ts';
import type { Permission } from '../../shared/perms.ts';
import type { Db } from '../db/client.ts';
import { areaTimeZone } from '../lib/area-clock.ts';
import { ownerScope, perm, scenicScope, type DistributorReach } from './access.ts';
import { ok } from './envelope.ts';
import { AppError } from './errors.ts';
import { sendXlsx, type ExportColumn } from './export.ts';

/** What a report's `run` is given: the acting area (and distributor) and its clock. */
export interface ReportContext {
  db: Db;
  scenicId: number;
  /** The acting distributor's account id (admType 3), null for staff: a distributor's report reads its own rows only. */
  distributorId: number | null;
  /** The area's IANA zone: report days are the area's days (docs/domain.md "area clock"). */
  timeZone: string;
  req: FastifyRequest;
}

/**
 * A report's server side: its shared definition (endpoints, tables), the query body and how it is
 * computed. `registerReport` gives it `POST query` (figures and tables) and `POST export` (one table
 * as .xlsx: the same rows the screen shows, headers and codes in the caller's language).
 */
export interface ServerReport<Q extends { from: string; to: string }> {
  definition: ReportDefinition;
  tag: string;
  summary: string;
  permission: Permission;
  distributor?: DistributorReach;
  query: z.ZodType<Q>;
  export: z.ZodType<Q & { table: string }>;
  run: (ctx: ReportContext, q: Q) => Promise<ReportResult>;
}

/** A column of the shared definition as an export column over report rows. */
export function exportColumnOf(column: ReportColumn, first = false): ExportColumn<ReportRow> {
  const kind = column.kind ?? 'text';
  return {
    header: column.header,
    width: column.width ? Math.max(8, Math.round(column.width / 8)) : 16,
    kind: kind === 'money' ? 'money' : kind === 'number' ? 'number' : 'text',
    value: (row, lang) => {
      const value = row[column.key] ?? null;
      if (first && isTotalRow(row) && value === null) return ReportText.total[lang];
      if (kind === 'dict' && column.dict && value !== null) return dictLabel(column.dict, value, lang);
      if (kind === 'permille' && typeof value === 'number') return `${(value / 10).toFixed(1)}%`;
      return value;
    },
  };
}

export function registerReport<Q extends { from: string; to: string }>(
  root: FastifyInstance,
  report: ServerReport<Q>,
) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;
  const { definition } = report;
  const config = {
    access: perm(report.permission, report.distributor ? { distributor: report.distributor } : {}),
  };
  const contextOf = async (req: FastifyRequest): Promise<ReportContext> => {
    const scenicId = scenicScope(req);
    return {
      db,
      scenicId,
      distributorId: report.distributor === 'own' ? ownerScope(req) : null,
      timeZone: await areaTimeZone(db, scenicId),
      req,
    };
  };

  // hand-registered: a report is one read over many rows, not a list resource
  app.post(
    definition.api.query,
    {
      config,
      schema: {
        tags: [report.tag],
        summary: report.summary,
        body: report.query,
        response: { 200: envelopeSchema(ReportResultSchema) },
      },
    },
    async (req) => ok(req, await report.run(await contextOf(req), req.body as Q)),
  );

  // hand-registered: one table of the same report as .xlsx
  app.post(
    definition.api.export,
    {
      config,
      schema: { tags: [report.tag], summary: `${report.summary}: one table as .xlsx`, body: report.export },
    },
    async (req, reply) => {
      const body = req.body as Q & { table: string };
      const table = definition.tables.find((t) => t.key === body.table);
      if (!table) throw new AppError(400, 'badRequest', { data: { field: 'table' } });
      const { table: _, ...query } = body;
      const result = await report.run(await contextOf(req), query as unknown as Q);
      const rows = result.tables[table.key] ?? [];
      return sendXlsx(req, reply, {
        fileName: {
          zh: `${definition.fileName.zh}-${table.title.zh}`,
          en: `${definition.fileName.en}-${table.title.en}`,
        },
        columns: table.columns.map((c, i) => exportColumnOf(c, i === 0)),
        fetch: async (offset, limit) => rows.slice(offset, offset + limit),
      });
    },
  );
}
