import { and, desc, eq, gte, ilike, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, IdSchema } from '../../../shared/api/common.ts';
import {
  cameraApi,
  CameraHistoryQuerySchema,
  CameraHourSchema,
  CameraPageSchema,
  CameraRowSchema,
  CameraSettingsUpdateSchema,
  CountsResultSchema,
  CountsUploadSchema,
  crowdWarningApi,
  CrowdWarningPageSchema,
  CrowdWarningRowSchema,
  type CameraPage,
  type CameraRow,
  type CrowdWarningPage,
  type CrowdWarningRow,
} from '../../../shared/api/passenger-cameras.ts';
import { terminalDeviceApi } from '../../../shared/api/terminals.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import {
  CAMERA_DEFAULT_INTERVAL_SECONDS,
  CameraText,
  CrowdWarningStatus,
} from '../../../shared/dict/passenger-cameras.ts';
import { TerminalOnline } from '../../../shared/dict/terminal.ts';
import type { Db } from '../../db/client.ts';
import { deviceOf, perm, scenicScope } from '../../http/access.ts';
import { audited, registerAction } from '../../http/action.ts';
import { ok } from '../../http/envelope.ts';
import type { ExportColumn } from '../../http/export.ts';
import { registerListResource } from '../../http/list-resource.ts';
import { likeContains } from '../../http/paging.ts';
import { writeAudit } from '../audit/index.ts';
import {
  deviceTerminal,
  logDeviceRefusals,
  terminalOfKind,
  terminals,
  type Terminal,
} from '../terminals/index.ts';
import {
  cameraHistory,
  cameraRow,
  defaultZone,
  recordCounts,
  recordWarning,
  warningStep,
} from './passenger-cameras.service.ts';
import { cameraSettings, crowdWarnings, type CrowdWarning } from './passenger-cameras.table.ts';

// hand-registered (file): a camera's query and history are reads that are not list resources; the camera's own counts call has its own client token

const tags = ['passenger-cameras'];
const CAMERA = 'camera';
const iso = (d: Date | null) => (d ? d.toISOString() : null);

async function cameraRows(db: Db, records: Terminal[]): Promise<CameraRow[]> {
  const ids = records.map((r) => r.id);
  if (!ids.length) return [];
  const [settings, warnings] = await Promise.all([
    db
      .select()
      .from(cameraSettings)
      .where(sql`${cameraSettings.terminalId} in ${ids}`),
    db
      .select({ id: crowdWarnings.terminalId, n: sql<number>`count(*)::int` })
      .from(crowdWarnings)
      .where(sql`${crowdWarnings.terminalId} in ${ids}`)
      .groupBy(crowdWarnings.terminalId),
  ]);
  const byId = new Map(settings.map((s) => [s.terminalId, s]));
  const warned = new Map(warnings.map((w) => [w.id, Number(w.n)]));
  return records.map((r) => {
    const s = byId.get(r.id);
    return {
      id: r.id,
      name: r.name,
      serialNo: r.serialNo,
      location: r.location,
      status: r.status,
      online: r.online,
      lastSeenTime: iso(r.lastSeenAt),
      zone: s?.zone ?? defaultZone(r),
      capacity: s?.capacity ?? null,
      threshold: s?.threshold ?? null,
      recipients: s?.recipients ?? [],
      intervalSeconds: s?.intervalSeconds ?? CAMERA_DEFAULT_INTERVAL_SECONDS,
      liveCount: s?.liveCount ?? 0,
      warned: s?.warned ?? false,
      lastReadingTime: iso(s?.lastReadingAt ?? null),
      warnings: warned.get(r.id) ?? 0,
    };
  });
}

function cameraWhere(scenicId: number, q: CameraPage) {
  return and(
    eq(terminals.scenicId, scenicId),
    eq(terminals.kind, CAMERA),
    q.keyword
      ? or(
          ilike(terminals.name, likeContains(q.keyword)),
          ilike(terminals.serialNo, likeContains(q.keyword)),
          sql`exists (select 1 from camera_settings cs where cs.terminal_id = ${terminals.id} and cs.zone ilike ${likeContains(q.keyword)})`,
        )
      : undefined,
    q.online != null ? eq(terminals.online, q.online) : undefined,
  );
}

const CAMERA_EXPORT: ExportColumn<CameraRow>[] = [
  { header: CameraText.name, value: (r) => r.name, width: 20 },
  { header: CameraText.zone, value: (r) => r.zone, width: 16 },
  { header: CameraText.liveCount, value: (r) => r.liveCount },
  { header: CameraText.capacity, value: (r) => r.capacity ?? '' },
  { header: CameraText.threshold, value: (r) => r.threshold ?? '' },
  { header: CameraText.online, value: (r, lang) => dictLabel(TerminalOnline, r.online, lang) },
  {
    header: CameraText.lastReading,
    value: (r) => (r.lastReadingTime ? new Date(r.lastReadingTime) : null),
    kind: 'datetime',
  },
  { header: CameraText.warnings, value: (r) => r.warnings },
];

function warningWhere(scenicId: number, q: CrowdWarningPage) {
  return and(
    eq(crowdWarnings.scenicId, scenicId),
    q.cameraId ? eq(crowdWarnings.terminalId, q.cameraId) : undefined,
    q.from ? gte(crowdWarnings.createdAt, new Date(q.from)) : undefined,
    q.to ? lt(crowdWarnings.createdAt, new Date(q.to)) : undefined,
  );
}

async function warningRows(db: Db, records: CrowdWarning[]): Promise<CrowdWarningRow[]> {
  const ids = [...new Set(records.map((r) => r.terminalId))];
  const names = new Map(
    ids.length
      ? (
          await db
            .select({ id: terminals.id, name: terminals.name })
            .from(terminals)
            .where(sql`${terminals.id} in ${ids}`)
        ).map((t) => [t.id, t.name])
      : [],
  );
  return records.map((w) => ({
    id: w.id,
    cameraId: w.terminalId,
    cameraName: names.get(w.terminalId) ?? '',
    zone: w.zone,
    count: w.count,
    threshold: w.threshold,
    recipients: w.recipients,
    smsTemplate: w.smsTemplate,
    status: w.status,
    time: w.createdAt.toISOString(),
  }));
}

const WARNING_EXPORT: ExportColumn<CrowdWarningRow>[] = [
  { header: CameraText.time, value: (r) => new Date(r.time), kind: 'datetime' },
  { header: CameraText.name, value: (r) => r.cameraName, width: 20 },
  { header: CameraText.zone, value: (r) => r.zone, width: 16 },
  { header: CameraText.count, value: (r) => r.count },
  { header: CameraText.threshold, value: (r) => r.threshold },
  { header: CameraText.recipients, value: (r) => r.recipients.join(', '), width: 30 },
  { header: CameraText.template, value: (r) => r.smsTemplate },
  { header: CameraText.status, value: (r, lang) => dictLabel(CrowdWarningStatus, r.status, lang) },
];

/** A camera of the acting area; 404 for another area's or another kind. */
const camera = (db: Db, scenicId: number, id: number, lock = false): Promise<Terminal> =>
  terminalOfKind(db, scenicId, id, CAMERA, lock);

/** /terminal/passengerCamera and the cameras' uploads (docs/decisions.md "People-counting cameras"). */
export async function passengerCameraRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;
  logDeviceRefusals(root);

  registerListResource(root, {
    tag: 'passenger-cameras',
    api: { page: cameraApi.page, export: cameraApi.export },
    perms: { page: 'admin:camera:page' },
    table: terminals,
    where: cameraWhere,
    sort: {
      name: terminals.name,
      serialNo: terminals.serialNo,
      lastSeenTime: terminals.lastSeenAt,
      // a camera without settings yet reads as its default zone and a count of 0 (cameraRows)
      zone: sql`coalesce((select cs.zone from camera_settings cs where cs.terminal_id = ${terminals.id}),
        left(coalesce(nullif(${terminals.location}, ''), ${terminals.name}), 50))`,
      liveCount: sql`coalesce((select cs.live_count from camera_settings cs where cs.terminal_id = ${terminals.id}), 0)`,
      lastReadingTime: sql`(select cs.last_reading_at from camera_settings cs where cs.terminal_id = ${terminals.id})`,
    },
    order: [desc(terminals.createdAt), desc(terminals.id)],
    rowSchema: CameraRowSchema,
    rows: (records, { db: d }) => cameraRows(d, records),
    page: {
      summary: 'People-counting cameras of the acting area: zone, live count, capacity, threshold, warnings',
      body: CameraPageSchema,
    },
    export: {
      summary: 'The cameras of the current filter (all pages) as an .xlsx download',
      fileName: CameraText.camerasFile,
      columns: CAMERA_EXPORT,
    },
  });

  registerListResource(root, {
    tag: 'passenger-cameras',
    api: crowdWarningApi,
    perms: { page: 'admin:camera:page' },
    table: crowdWarnings,
    where: warningWhere,
    sort: { time: crowdWarnings.createdAt, count: crowdWarnings.count },
    order: [desc(crowdWarnings.createdAt), desc(crowdWarnings.id)],
    rowSchema: CrowdWarningRowSchema,
    rows: (records, { db: d }) => warningRows(d, records),
    page: {
      summary:
        'Crowd warnings raised (SMS template 10 queued for each recipient: status queued, or recorded when none could be)',
      body: CrowdWarningPageSchema,
    },
    export: {
      summary: 'The crowd warnings of the current filter (all pages) as an .xlsx download',
      fileName: CameraText.warningsFile,
      columns: WARNING_EXPORT,
    },
  });

  app.get(
    cameraApi.query,
    {
      config: { access: perm('admin:camera:page') },
      schema: {
        tags,
        summary: 'One camera of the acting area with its settings and live count',
        querystring: z.object({ id: IdSchema }).strict(),
        response: { 200: envelopeSchema(CameraRowSchema) },
      },
    },
    async (req) => ok(req, (await cameraRows(db, [await camera(db, scenicScope(req), req.query.id)]))[0]!),
  );

  app.get(
    cameraApi.history,
    {
      config: { access: perm('admin:camera:page') },
      schema: {
        tags,
        summary: 'A camera’s hourly in/out and count over [from, to) (at most 31 days), on the area’s clock',
        querystring: CameraHistoryQuerySchema,
        response: { 200: envelopeSchema(z.array(CameraHourSchema)) },
      },
    },
    async (req) => {
      const t = await camera(db, scenicScope(req), req.query.id);
      return ok(req, await cameraHistory(db, t, new Date(req.query.from), new Date(req.query.to)));
    },
  );

  registerAction(root, {
    url: cameraApi.update,
    access: perm('admin:camera:update'),
    tag: 'passenger-cameras',
    summary:
      'Save a camera’s zone, capacity, warning threshold, recipients and interval; the camera sees them in its configuration (new ETag)',
    body: CameraSettingsUpdateSchema,
    response: z.null(),
    audit: { write: writeAudit, module: 'terminals', action: 'cameraSettings', targetType: 'terminal' },
    run: async (tx, { scenicId, adminId: _, id, ...s }) => {
      const t = await camera(tx, scenicId, id, true);
      const before = await cameraRow(tx, t, true);
      // the zone's count judged against the new threshold at once, as a reading would be: already
      // at or above it warns now (once), below 90% of it re-arms a warned camera
      const step = warningStep(before.warned, before.liveCount, s.threshold);
      await tx
        .update(cameraSettings)
        .set({ ...s, warned: step.warned, updatedAt: sql`now()` })
        .where(eq(cameraSettings.terminalId, id));
      if (step.raise) await recordWarning(tx, t, { ...s, count: before.liveCount, threshold: s.threshold });
      return audited(null, {
        targetId: id,
        before: {
          zone: before.zone,
          capacity: before.capacity,
          threshold: before.threshold,
          recipients: before.recipients,
          intervalSeconds: before.intervalSeconds,
        },
        after: s,
      });
    },
  });

  app.post(
    terminalDeviceApi.counts,
    {
      config: { access: deviceOf('camera') },
      schema: {
        tags,
        summary:
          'A camera’s interval counts (≤ 200 per batch), stored once per nonce; moves the zone’s live count and raises one crowd warning per crossing of the threshold',
        body: CountsUploadSchema,
        response: { 200: envelopeSchema(CountsResultSchema) },
      },
    },
    async (req) => {
      const t = await deviceTerminal(db, req, ['camera']);
      return ok(req, await recordCounts(db, t, req.body.counts));
    },
  );
}
