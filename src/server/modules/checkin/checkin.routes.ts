import { and, asc, count, desc, eq, gte, ilike, isNull, lte, or, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CheckinAnswerSchema,
  DeviceScanSchema,
  GardenLogPageSchema,
  GardenLogRowSchema,
  GateScanSchema,
  GateUploadSchema,
  gardenLogApi,
  gateScanApi,
  SelectGardenLogSchema,
  type GardenLogPage,
  type GardenLogRow,
  type GateScanBody,
} from '../../../shared/api/checkin.ts';
import { envelopeSchema, pageResultSchema } from '../../../shared/api/common.ts';
import { CheckinResult, GardenLogField, GardenLogText, HealthCode } from '../../../shared/dict/checkin.ts';
import { dictLabel, type Lang } from '../../../shared/dict/dict.ts';
import { GateDirection } from '../../../shared/dict/order.ts';
import { CardReadMode, ParkEntryType } from '../../../shared/dict/gates.ts';
import type { Db } from '../../db/client.ts';
import { deviceOf, perm, scenicScope } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { sendXlsx, type ExportColumn } from '../../http/export.ts';
import { likeContains } from '../../http/paging.ts';
import { orderTickets, ticketOrders } from '../orders/index.ts';
import { gateOptions, gates } from '../gates/index.ts';
import { GateOptionSchema } from '../../../shared/api/gates.ts';
import { gateEvents } from './checkin.table.ts';
import { staffCards } from '../staff-cards/index.ts';
import { checkIn } from './checkin.service.ts';
import { deviceTerminal, logDeviceRefusals } from '../terminals/index.ts';
import { terminalDeviceApi } from '../../../shared/api/terminals.ts';

const READ = perm('admin:gardenLog:page');

/**
 * Who may scan through the gate API (docs/accounts.md "Who may call"): a registered gate device or
 * handheld, with its own client, in its own area. A gate device scans at the gate it is mounted on
 * (403 for another); a handheld at any gate of its area. The log's device is the caller's own client
 * id, so nonces are unique per device whatever `deviceId` the body names.
 */
const GATE_CLIENTS = deviceOf('gateDevice', 'handManagement');

async function gateCaller(db: Db, req: FastifyRequest, gateIds: readonly number[]) {
  const t = await deviceTerminal(db, req, ['gateDevice', 'handManagement']);
  if (t.kind === 'gateDevice' && gateIds.some((id) => id !== t.gateId))
    throw new AppError(403, 'terminalOtherGate');
  return { scenicId: t.scenicId, deviceId: t.clientId ?? `term${t.id}` };
}

const scanOf = (
  caller: { scenicId: number; deviceId: string },
  body: Omit<GateScanBody, 'offline'>,
  offline: boolean,
) => ({
  scenicId: caller.scenicId,
  gateId: body.gateId,
  deviceId: caller.deviceId,
  nonce: body.nonce,
  readMode: body.readMode,
  value: body.value,
  scannedAt: new Date(body.scannedAt),
  offline,
  forced: body.forced,
  healthCode: body.healthCode ?? null,
});

const logSelect = {
  event: gateEvents,
  gateName: gates.name,
  orderNo: ticketOrders.orderNo,
  holder: staffCards.holderName,
};

function logFrom(db: Db) {
  return db
    .select(logSelect)
    .from(gateEvents)
    .leftJoin(gates, eq(gates.id, gateEvents.gateId))
    .leftJoin(orderTickets, eq(orderTickets.id, gateEvents.ticketId))
    .leftJoin(ticketOrders, eq(ticketOrders.id, gateEvents.orderId))
    .leftJoin(staffCards, eq(staffCards.id, gateEvents.staffCardId));
}

/** The same joins as logFrom, counted (filters may name any of the joined tables). */
function logCount(db: Db) {
  return db
    .select({ n: count() })
    .from(gateEvents)
    .leftJoin(gates, eq(gates.id, gateEvents.gateId))
    .leftJoin(orderTickets, eq(orderTickets.id, gateEvents.ticketId))
    .leftJoin(ticketOrders, eq(ticketOrders.id, gateEvents.orderId))
    .leftJoin(staffCards, eq(staffCards.id, gateEvents.staffCardId));
}

type LogJoin = Awaited<ReturnType<ReturnType<typeof logFrom>['execute']>>[number];

function toRow(r: LogJoin): GardenLogRow {
  const e = r.event;
  return {
    id: e.id,
    scannedAt: e.scannedAt.toISOString(),
    uploadedAt: e.uploadedAt.toISOString(),
    gateId: e.gateId,
    gateName: r.gateName ?? '',
    direction: e.direction,
    deviceId: e.deviceId,
    readMode: e.readMode,
    entryType: e.entryType,
    ticketId: e.ticketId,
    orderId: e.orderId,
    orderNo: r.orderNo ?? '',
    staffCardId: e.staffCardId,
    staffCardHolder: r.holder ?? '',
    cardNo: e.cardNo,
    visitorName: e.visitorName,
    scannedValue: e.scannedValue,
    result: e.result,
    offline: e.offline,
    forced: e.forced,
    healthCode: e.healthCode,
  };
}

function logWhere(scenicId: number, q: GardenLogPage, extra?: SQL): SQL | undefined {
  return and(
    eq(gateEvents.scenicId, scenicId),
    extra,
    q.scannedFrom ? gte(gateEvents.scannedAt, new Date(q.scannedFrom)) : undefined,
    q.scannedTo ? lte(gateEvents.scannedAt, new Date(q.scannedTo)) : undefined,
    q.gateId ? eq(gateEvents.gateId, q.gateId) : undefined,
    q.readMode ? eq(gateEvents.readMode, q.readMode) : undefined,
    q.healthCode != null ? eq(gateEvents.healthCode, q.healthCode) : undefined,
    q.direction ? eq(gateEvents.direction, q.direction) : undefined,
    q.result ? eq(gateEvents.result, q.result) : undefined,
    q.entryType ? eq(gateEvents.entryType, q.entryType) : undefined,
    q.orderNo ? eq(ticketOrders.orderNo, q.orderNo) : undefined,
    q.ticketCode ? eq(orderTickets.code, q.ticketCode) : undefined,
    q.cardNo ? eq(gateEvents.cardNo, q.cardNo) : undefined,
    q.visitorName ? ilike(gateEvents.visitorName, likeContains(q.visitorName)) : undefined,
    q.idNumber
      ? or(eq(orderTickets.visitorIdNumber, q.idNumber), eq(staffCards.idNumber, q.idNumber))
      : undefined,
  );
}

const logOrder = (q: GardenLogPage) =>
  q.sort === 'scannedAt' && q.order === 'asc'
    ? [asc(gateEvents.scannedAt), asc(gateEvents.id)]
    : [desc(gateEvents.scannedAt), desc(gateEvents.id)];

async function logPage(db: Db, where: SQL | undefined, q: GardenLogPage) {
  const [rows, total] = await Promise.all([
    logFrom(db)
      .where(where)
      .orderBy(...logOrder(q))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    logCount(db).where(where),
  ]);
  return { rows: rows.map(toRow), total: Number(total[0]?.n ?? 0) };
}

const ticketText = (r: GardenLogRow, lang: Lang) =>
  r.ticketId
    ? GardenLogText.ticketNo[lang].replace('{id}', String(r.ticketId))
    : r.staffCardId
      ? GardenLogText.staffCard[lang].replace('{name}', r.staffCardHolder)
      : r.cardNo
        ? GardenLogText.passCard[lang].replace('{no}', r.cardNo)
        : '';

const LOG_EXPORT: ExportColumn<GardenLogRow>[] = [
  { header: GardenLogField.scannedAt, value: (r) => r.scannedAt, kind: 'datetime', width: 20 },
  {
    header: GardenLogField.gate,
    value: (r, lang) => (r.gateId == null ? GardenLogText.system[lang] : r.gateName),
  },
  { header: GardenLogField.direction, value: (r, lang) => dictLabel(GateDirection, r.direction, lang) },
  { header: GardenLogField.deviceId, value: (r) => r.deviceId },
  {
    header: GardenLogField.readMode,
    value: (r, lang) => (r.readMode == null ? '' : dictLabel(CardReadMode, r.readMode, lang)),
  },
  {
    header: GardenLogField.entryType,
    value: (r, lang) => (r.entryType ? dictLabel(ParkEntryType, r.entryType, lang) : ''),
  },
  { header: GardenLogField.ticket, value: ticketText, width: 22 },
  { header: GardenLogField.orderNo, value: (r) => r.orderNo, kind: 'text', width: 24 },
  { header: GardenLogField.visitorName, value: (r) => r.visitorName },
  { header: GardenLogField.scannedValue, value: (r) => r.scannedValue, kind: 'text', width: 22 },
  { header: GardenLogField.result, value: (r, lang) => dictLabel(CheckinResult, r.result, lang), width: 24 },
  { header: GardenLogField.offline, value: (r) => (r.offline ? '✓' : '') },
  { header: GardenLogField.forced, value: (r) => (r.forced ? '✓' : '') },
  {
    header: GardenLogField.healthCode,
    value: (r, lang) => (r.healthCode == null ? '' : dictLabel(HealthCode, r.healthCode, lang)),
  },
  { header: GardenLogField.uploadedAt, value: (r) => r.uploadedAt, kind: 'datetime', width: 20 },
];

/**
 * ID-card scans that matched no ticket (docs/product.md §7 getFreeIdCardGarLog): people who came in by ID
 * card without a ticket, i.e. staff cards and free passes read by ID card.
 */
const freeIdCard = and(
  eq(gateEvents.readMode, 2),
  isNull(gateEvents.ticketId),
  eq(gateEvents.direction, 'entry'),
);

/** Gate check-in (docs/domain.md T9-T14) and the entry/exit log of docs/product.md §2 /ticket/visitors. */
export async function checkinRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  // hand-registered: a gate's call (its own client token), not a staff action
  app.post(
    gateScanApi.scan,
    {
      config: { access: GATE_CLIENTS },
      schema: {
        tags: ['gate'],
        summary:
          'One gate scan: allow or deny with a reason in both languages; idempotent on (deviceId, nonce)',
        description:
          'Gate types decide the direction: 10 entry, 11 exit, 20 timer start (entry of a time-limited ' +
          'ticket), 21 timer pause (its exit). readMode: 1 QR (ticket code, else staff card), 2 ID card ' +
          '(real-name tickets, else travel card, else staff card), 3 IC card and 4 face (travel cards, staff ' +
          'cards); a QR code that is no ticket may also be a travel card number. The same nonce again ' +
          'answers the first answer with duplicate = true.',
        body: GateScanSchema,
        response: { 200: envelopeSchema(CheckinAnswerSchema) },
      },
    },
    async (req) => {
      const caller = await gateCaller(db, req, [req.body.gateId]);
      return ok(req, await checkIn(db, scanOf(caller, req.body, req.body.offline)));
    },
  );

  // hand-registered: a gate's call (its own client token), not a staff action
  app.post(
    gateScanApi.upload,
    {
      config: { access: GATE_CLIENTS },
      schema: {
        tags: ['gate'],
        summary: 'Scans an offline gate kept, uploaded later: recorded as facts in scan-time order',
        description:
          'Each scan is a passage that happened: it is recorded in the gate’s direction even when the ' +
          'ticket has moved since (applied = false, reason says why); it is never denied afterwards. ' +
          'Nonces already uploaded answer their first answer.',
        body: GateUploadSchema,
        response: { 200: envelopeSchema(z.array(CheckinAnswerSchema)) },
      },
    },
    async (req) => {
      const caller = await gateCaller(
        db,
        req,
        req.body.scans.map((scan) => scan.gateId),
      );
      const order = req.body.scans
        .map((scan, index) => ({ scan, index }))
        .sort((a, b) => Date.parse(a.scan.scannedAt) - Date.parse(b.scan.scannedAt) || a.index - b.index);
      const answers = new Array<z.infer<typeof CheckinAnswerSchema>>(order.length);
      for (const { scan, index } of order) answers[index] = await checkIn(db, scanOf(caller, scan, true));
      return ok(req, answers);
    },
  );

  // hand-registered: a read that is not a list resource
  app.post(
    gardenLogApi.page,
    {
      config: { access: READ },
      schema: {
        tags: ['ticket'],
        summary: 'The entry/exit log of the acting area: filters, newest first or by scan time',
        body: GardenLogPageSchema,
        response: { 200: envelopeSchema(pageResultSchema(GardenLogRowSchema)) },
      },
    },
    async (req) => {
      const q = req.body;
      return ok(req, await logPage(db, logWhere(scenicScope(req), q), q));
    },
  );

  // hand-registered: streams an .xlsx file
  app.post(
    gardenLogApi.derivedPage,
    {
      config: { access: READ },
      schema: {
        tags: ['ticket'],
        summary: 'The entry/exit log of the current filter (all pages) as .xlsx (导出)',
        body: GardenLogPageSchema,
      },
    },
    async (req, reply) => {
      const q = req.body;
      const where = logWhere(scenicScope(req), q);
      return sendXlsx(req, reply, {
        fileName: GardenLogText.exportName,
        columns: LOG_EXPORT,
        fetch: async (offset, limit) =>
          (
            await logFrom(db)
              .where(where)
              .orderBy(...logOrder(q))
              .limit(limit)
              .offset(offset)
          ).map(toRow),
      });
    },
  );
}

/** /ticket/visitors: the entry/exit log's other reads (one ticket's log, the gates, free ID-card entries). */
export async function gardenLogRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  // hand-registered: a read that is not a list resource
  app.post(
    gardenLogApi.selectGardenLog,
    {
      config: { access: READ },
      schema: {
        tags: ['ticket'],
        summary: 'The gate events of one ticket or one order, oldest first (at most 500)',
        body: SelectGardenLogSchema,
        response: { 200: envelopeSchema(z.array(GardenLogRowSchema)) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const { ticketId, orderId } = req.body;
      const rows = await logFrom(db)
        .where(
          and(
            eq(gateEvents.scenicId, scenicId),
            ticketId ? eq(gateEvents.ticketId, ticketId) : eq(gateEvents.orderId, orderId!),
          ),
        )
        .orderBy(asc(gateEvents.scannedAt), asc(gateEvents.id))
        .limit(500);
      return ok(req, rows.map(toRow));
    },
  );

  // hand-registered: a read for a form's picker, not a list resource
  app.get(
    gardenLogApi.gates,
    {
      config: { access: READ },
      schema: {
        tags: ['ticket'],
        summary: 'The gates of the acting area, for the log’s gate filter',
        response: { 200: envelopeSchema(z.array(GateOptionSchema)) },
      },
    },
    async (req) => ok(req, await gateOptions(db, scenicScope(req))),
  );

  // hand-registered: a read that is not a list resource
  app.post(
    gardenLogApi.getFreeIdCardGarLog,
    {
      config: { access: READ },
      schema: {
        tags: ['ticket'],
        summary: 'Entries by ID card without a ticket (staff cards and free passes read by ID card)',
        body: GardenLogPageSchema,
        response: { 200: envelopeSchema(pageResultSchema(GardenLogRowSchema)) },
      },
    },
    async (req) => {
      const q = req.body;
      return ok(req, await logPage(db, logWhere(scenicScope(req), q, freeIdCard), q));
    },
  );
}

/** A gate or face device's scan at the gate it is mounted on (its own plugin: device refusals are logged). */
export async function checkinDeviceRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  logDeviceRefusals(root);

  // hand-registered: a device's call (its own client token), not a staff action
  app.post(
    terminalDeviceApi.scan,
    {
      config: { access: deviceOf('gateDevice', 'faceDevice') },
      schema: {
        tags: ['terminals'],
        summary:
          'A gate or face device’s scan (its own client token): check-in at the gate it is mounted on (409 terminalNoGate when none); idempotent on the nonce',
        description:
          'The device is the caller’s terminal (401 when unknown, disabled or of another kind, logged on it); ' +
          'deviceId in the log is its client id. The gate’s type, status, pass state, hours and admissions ' +
          'decide as for POST /api/gate/scan; healthCode (docs/product.md §5) is recorded with the passage.',
        body: DeviceScanSchema,
        response: { 200: envelopeSchema(CheckinAnswerSchema) },
      },
    },
    async (req) => {
      const t = await deviceTerminal(db, req, ['gateDevice', 'faceDevice']);
      if (t.gateId == null) throw new AppError(409, 'terminalNoGate');
      const body = req.body;
      return ok(
        req,
        await checkIn(db, {
          scenicId: t.scenicId,
          gateId: t.gateId,
          deviceId: t.clientId ?? `term${t.id}`,
          nonce: body.nonce,
          readMode: body.readMode,
          value: body.value,
          scannedAt: new Date(body.scannedAt),
          offline: body.offline,
          forced: body.forced,
          healthCode: body.healthCode ?? null,
        }),
      );
    },
  );
}
