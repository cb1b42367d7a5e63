import { and, desc, eq, gte, ilike, lt, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, IdSchema } from '../../../shared/api/common.ts';
import {
  faceDeviceApi,
  FaceDevicePageSchema,
  FaceDeviceRowSchema,
  faceEventApi,
  FaceEventPageSchema,
  FaceEventRowSchema,
  FaceSettingsUpdateSchema,
  GateOptionSchema,
  type FaceDevicePage,
  type FaceDeviceRow,
  type FaceEventPage,
  type FaceEventRow,
} from '../../../shared/api/face-devices.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import { HealthCode } from '../../../shared/dict/checkin.ts';
import { FaceAlarmReason, FaceDirection, FaceText } from '../../../shared/dict/face-devices.ts';
import { TerminalOnline } from '../../../shared/dict/terminal.ts';
import type { Db } from '../../db/client.ts';
import { perm, scenicScope } from '../../http/access.ts';
import { audited, registerAction } from '../../http/action.ts';
import { ok } from '../../http/envelope.ts';
import { FieldError } from '../../http/errors.ts';
import type { ExportColumn } from '../../http/export.ts';
import { registerListResource } from '../../http/list-resource.ts';
import { likeContains } from '../../http/paging.ts';
import { writeAudit } from '../audit/index.ts';
import { foreignGateIds, gateOptions } from '../gates/index.ts';
import { terminalOfKind, terminals, type Terminal } from '../terminals/index.ts';
import { gateNames, settingsView, storedSettings, todayCounts } from './face-devices.service.ts';
import { faceEvents, faceSettings, type FaceEvent } from './face-devices.table.ts';

const tags = ['face-devices'];
const FACE = 'faceDevice';
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Names the gate the area does not have. */
const gateNotInArea = { zh: '闸机通道不属于本景区', en: 'not a gate of this scenic area' };

/** List rows of some face devices: settings, gate and today's passages and alarms. */
async function deviceRows(db: Db, scenicId: number, records: Terminal[]): Promise<FaceDeviceRow[]> {
  const ids = records.map((r) => r.id);
  const [settings, names, today] = await Promise.all([
    storedSettings(db, ids),
    gateNames(
      db,
      scenicId,
      records.map((r) => r.gateId),
    ),
    todayCounts(db, scenicId, ids),
  ]);
  return records.map((r) => {
    const gate =
      r.gateId != null && names.has(r.gateId) ? { id: r.gateId, name: names.get(r.gateId)! } : null;
    return {
      id: r.id,
      name: r.name,
      serialNo: r.serialNo,
      location: r.location,
      status: r.status,
      online: r.online,
      lastSeenTime: iso(r.lastSeenAt),
      ...settingsView(settings.get(r.id), gate),
      todayPassages: today.get(r.id)?.passages ?? 0,
      todayAlarms: today.get(r.id)?.alarms ?? 0,
    };
  });
}

function deviceWhere(scenicId: number, q: FaceDevicePage) {
  return and(
    eq(terminals.scenicId, scenicId),
    eq(terminals.kind, FACE),
    q.keyword
      ? or(ilike(terminals.name, likeContains(q.keyword)), ilike(terminals.serialNo, likeContains(q.keyword)))
      : undefined,
    q.online != null ? eq(terminals.online, q.online) : undefined,
    q.gateId ? eq(terminals.gateId, q.gateId) : undefined,
    q.direction != null
      ? sql`coalesce((select fs.direction from face_settings fs where fs.terminal_id = ${terminals.id}), 0) = ${q.direction}`
      : undefined,
  );
}

const DEVICE_EXPORT: ExportColumn<FaceDeviceRow>[] = [
  { header: FaceText.name, value: (r) => r.name, width: 20 },
  { header: FaceText.serialNo, value: (r) => r.serialNo, width: 18 },
  { header: FaceText.online, value: (r, lang) => dictLabel(TerminalOnline, r.online, lang) },
  { header: FaceText.gate, value: (r) => r.gateName ?? '', width: 16 },
  { header: FaceText.direction, value: (r, lang) => dictLabel(FaceDirection, r.direction, lang) },
  { header: FaceText.matchThreshold, value: (r) => r.matchThreshold },
  { header: FaceText.todayPassages, value: (r) => r.todayPassages },
  { header: FaceText.todayAlarms, value: (r) => r.todayAlarms },
  {
    header: FaceText.lastSeen,
    value: (r) => (r.lastSeenTime ? new Date(r.lastSeenTime) : null),
    kind: 'datetime',
  },
];

function eventWhere(scenicId: number, q: FaceEventPage) {
  return and(
    eq(faceEvents.scenicId, scenicId),
    q.terminalId ? eq(faceEvents.terminalId, q.terminalId) : undefined,
    q.from ? gte(faceEvents.at, new Date(q.from)) : undefined,
    q.to ? lt(faceEvents.at, new Date(q.to)) : undefined,
    q.alarm != null ? eq(faceEvents.alarm, q.alarm) : undefined,
    q.healthCode != null ? eq(faceEvents.healthCode, q.healthCode) : undefined,
  );
}

async function eventRows(db: Db, records: FaceEvent[]): Promise<FaceEventRow[]> {
  const ids = [...new Set(records.map((r) => r.terminalId))];
  const names = ids.length
    ? new Map(
        (
          await db
            .select({ id: terminals.id, name: terminals.name })
            .from(terminals)
            .where(sql`${terminals.id} in ${ids}`)
        ).map((t) => [t.id, t.name]),
      )
    : new Map<number, string>();
  return records.map((e) => ({
    id: e.id,
    terminalId: e.terminalId,
    terminalName: names.get(e.terminalId) ?? '',
    time: e.at.toISOString(),
    direction: e.direction,
    matched: e.matched,
    score: e.score,
    livenessOk: e.livenessOk,
    temperature: e.temperature == null ? null : e.temperature / 10,
    healthCode: e.healthCode,
    personRef: e.personRef,
    alarm: e.alarm,
    alarmReasons: e.alarmReasons,
  }));
}

const EVENT_EXPORT: ExportColumn<FaceEventRow>[] = [
  { header: FaceText.time, value: (r) => new Date(r.time), kind: 'datetime' },
  { header: FaceText.name, value: (r) => r.terminalName, width: 20 },
  { header: FaceText.direction, value: (r, lang) => dictLabel(FaceDirection, r.direction, lang) },
  { header: FaceText.matched, value: (r, lang) => (r.matched ? FaceText.yes : FaceText.no)[lang] },
  { header: FaceText.score, value: (r) => r.score },
  { header: FaceText.liveness, value: (r, lang) => (r.livenessOk ? FaceText.yes : FaceText.no)[lang] },
  { header: FaceText.temperature, value: (r) => r.temperature ?? '' },
  {
    header: FaceText.healthCode,
    value: (r, lang) => (r.healthCode == null ? '' : dictLabel(HealthCode, r.healthCode, lang)),
  },
  { header: FaceText.personRef, value: (r) => r.personRef },
  { header: FaceText.alarm, value: (r, lang) => (r.alarm ? FaceText.yes : FaceText.no)[lang] },
  {
    header: FaceText.reasons,
    value: (r, lang) => r.alarmReasons.map((c) => dictLabel(FaceAlarmReason, c, lang)).join(', '),
    width: 24,
  },
];

/** A face device of the acting area; 404 for another area's or another kind. */
const faceDevice = (db: Db, scenicId: number, id: number, lock = false): Promise<Terminal> =>
  terminalOfKind(db, scenicId, id, FACE, lock);

/** /terminal/faceMange and faceConfig (docs/decisions.md "Face devices"). */
export async function faceDeviceRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  registerListResource(root, {
    tag: 'face-devices',
    api: { page: faceDeviceApi.page, export: faceDeviceApi.export },
    perms: { page: 'admin:face:page' },
    table: terminals,
    where: deviceWhere,
    sort: { name: terminals.name, serialNo: terminals.serialNo, lastSeenTime: terminals.lastSeenAt },
    order: [desc(terminals.createdAt), desc(terminals.id)],
    rowSchema: FaceDeviceRowSchema,
    rows: (records, { db: d, scope }) => deviceRows(d, scope, records),
    page: {
      summary:
        'Face devices of the acting area with gate, direction, threshold and today’s passages and alarms',
      body: FaceDevicePageSchema,
    },
    export: {
      summary: 'The face devices of the current filter (all pages) as an .xlsx download',
      fileName: FaceText.devicesFile,
      columns: DEVICE_EXPORT,
    },
  });

  registerListResource(root, {
    tag: 'face-devices',
    api: faceEventApi,
    perms: { page: 'admin:face:page' },
    table: faceEvents,
    where: eventWhere,
    sort: { time: faceEvents.at, score: faceEvents.score, temperature: faceEvents.temperature },
    order: [desc(faceEvents.at), desc(faceEvents.id)],
    rowSchema: FaceEventRowSchema,
    rows: (records, { db: d }) => eventRows(d, records),
    page: {
      summary: 'Observations face devices uploaded, by device, time, alarm and health code',
      body: FaceEventPageSchema,
    },
    export: {
      summary: 'The face events of the current filter (all pages) as an .xlsx download',
      fileName: FaceText.eventsFile,
      columns: EVENT_EXPORT,
    },
  });

  // hand-registered: a read that is not a list resource
  app.get(
    faceDeviceApi.query,
    {
      config: { access: perm('admin:face:page') },
      schema: {
        tags,
        summary: 'One face device of the acting area with its settings',
        querystring: z.object({ id: IdSchema }).strict(),
        response: { 200: envelopeSchema(FaceDeviceRowSchema) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const t = await faceDevice(db, scenicId, req.query.id);
      return ok(req, (await deviceRows(db, scenicId, [t]))[0]!);
    },
  );

  // hand-registered: a read for a form's picker, not a list resource
  app.get(
    faceDeviceApi.gates,
    {
      config: { access: perm('admin:face:page') },
      schema: {
        tags,
        summary: 'The gates of the acting area a face device can be mounted on',
        response: { 200: envelopeSchema(z.array(GateOptionSchema)) },
      },
    },
    async (req) => ok(req, await gateOptions(db, scenicScope(req))),
  );

  registerAction(root, {
    url: faceDeviceApi.update,
    access: perm('admin:face:update'),
    tag: 'face-devices',
    summary:
      'Save a face device’s settings and gate; the device sees them in its configuration (new ETag), alarms of later uploads follow them',
    body: FaceSettingsUpdateSchema,
    response: z.null(),
    audit: { write: writeAudit, module: 'terminals', action: 'faceSettings', targetType: 'terminal' },
    run: async (tx, { scenicId, adminId: _, id, gateId, ...s }) => {
      if (gateId != null && (await foreignGateIds(tx, scenicId, [gateId])).length)
        throw new FieldError('gateId', gateNotInArea);
      const before = await faceDevice(tx, scenicId, id, true);
      const old = settingsView((await storedSettings(tx, [id])).get(id), null);
      const values = {
        direction: s.direction,
        matchThreshold: s.matchThreshold,
        livenessCheck: s.livenessCheck,
        temperatureAlarm: s.temperatureAlarm,
        temperatureThreshold: Math.round(s.temperatureThreshold * 10),
        admittedHealthCodes: [...s.admittedHealthCodes].sort((a, b) => a - b),
        updatedAt: sql`now()`,
      };
      await tx
        .insert(faceSettings)
        .values({ terminalId: id, ...values })
        .onConflictDoUpdate({ target: faceSettings.terminalId, set: values });
      if (before.gateId !== gateId)
        await tx
          .update(terminals)
          .set({ gateId, updatedAt: sql`now()` })
          .where(eq(terminals.id, id));
      const { gateName: _g, gateId: _i, ...oldSettings } = old;
      return audited(null, {
        targetId: id,
        before: { gateId: before.gateId, ...oldSettings },
        after: { gateId, ...s, admittedHealthCodes: values.admittedHealthCodes },
      });
    },
  });
}
