import { and, desc, eq, gte, lte } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  otaLogApi,
  OtaLogPageSchema,
  OtaLogRowSchema,
  type OtaLogPage,
  type OtaLogRow,
} from '../../../shared/api/ota.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import {
  OtaDirection,
  OtaField,
  OtaMessageType,
  OtaPlatformLabel,
  OtaResult,
  OtaText,
} from '../../../shared/dict/ota.ts';
import type { ExportColumn } from '../../http/export.ts';
import { registerListResource } from '../../http/list-resource.ts';
import { otaLogs } from './ota.table.ts';

const LOG_EXPORT: ExportColumn<OtaLogRow>[] = [
  { header: OtaField.createTime, value: (r) => r.createTime, kind: 'datetime', width: 20 },
  { header: OtaField.platform, value: (r, lang) => dictLabel(OtaPlatformLabel, r.platform, lang) },
  { header: OtaField.direction, value: (r, lang) => dictLabel(OtaDirection, r.direction, lang) },
  { header: OtaField.type, value: (r, lang) => dictLabel(OtaMessageType, r.type, lang) },
  { header: OtaField.externalOrderId, value: (r) => r.externalOrderId, width: 22 },
  { header: OtaField.orderNo, value: (r) => r.orderNo, width: 22 },
  { header: OtaField.result, value: (r, lang) => dictLabel(OtaResult, r.result, lang) },
  { header: OtaField.request, value: (r) => r.request, width: 40 },
  { header: OtaField.response, value: (r) => r.response, width: 40 },
];

const logWhere = (scenicId: number, q: OtaLogPage) =>
  and(
    eq(otaLogs.scenicId, scenicId),
    q.platform ? eq(otaLogs.platform, q.platform) : undefined,
    q.direction ? eq(otaLogs.direction, q.direction) : undefined,
    q.type ? eq(otaLogs.type, q.type) : undefined,
    q.result ? eq(otaLogs.result, q.result) : undefined,
    q.externalOrderId ? eq(otaLogs.externalOrderId, q.externalOrderId) : undefined,
    q.orderNo ? eq(otaLogs.orderNo, q.orderNo) : undefined,
    q.createTimeFrom ? gte(otaLogs.createdAt, new Date(q.createTimeFrom)) : undefined,
    q.createTimeTo ? lte(otaLogs.createdAt, new Date(q.createTimeTo)) : undefined,
  );

/** /ota/otaManage: the message log of the area's channels. */
export async function otaLogRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  registerListResource(app, {
    tag: 'ota',
    api: { page: otaLogApi.page, export: otaLogApi.export },
    perms: { page: 'admin:ota:log' },
    table: otaLogs,
    where: logWhere,
    sort: { createTime: otaLogs.createdAt },
    order: [desc(otaLogs.createdAt), desc(otaLogs.id)],
    rowSchema: OtaLogRowSchema,
    rows: (logs) =>
      logs.map((l) => ({
        id: l.id,
        platform: l.platform,
        direction: l.direction,
        type: l.type,
        externalOrderId: l.externalOrderId,
        orderNo: l.orderNo,
        request: l.request,
        response: l.response,
        result: l.result,
        createTime: l.createdAt.toISOString(),
      })),
    page: {
      summary: 'Inbound and outbound messages of the area’s channels, newest first',
      body: OtaLogPageSchema,
    },
    export: {
      summary: 'The messages of the current filter as .xlsx',
      fileName: OtaText.logExportName,
      columns: LOG_EXPORT,
    },
  });
}
