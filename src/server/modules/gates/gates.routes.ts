import { and, asc, eq, ilike, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import {
  gateApi,
  GateChoicesSchema,
  GateCreateSchema,
  GateDetailSchema,
  GateOptionSchema,
  GatePageSchema,
  GatePassStateChangeSchema,
  GateRowSchema,
  GateUpdateSchema,
  type GateAdmissions,
  type GatePage,
  type GateRow,
} from '../../../shared/api/gates.ts';
import { EnableStatus } from '../../../shared/dict/account.ts';
import { CheckinResult } from '../../../shared/dict/checkin.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import { GateField, GatePassState, GateText } from '../../../shared/dict/gates.ts';
import { TERMINAL_ONLINE } from '../../../shared/dict/terminal.ts';
import { GateType } from '../../../shared/dict/gates.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { perm, scenicScope } from '../../http/access.ts';
import { audited, auditThrough, registerAction } from '../../http/action.ts';
import { createRecord, deleteRecord, updateRecord, type Resource } from '../../http/crud.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import type { ExportColumn } from '../../http/export.ts';
import { registerListResource } from '../../http/list-resource.ts';
import { likeContains } from '../../http/paging.ts';
import { writeAudit } from '../audit/index.ts';
import {
  admissionsOf,
  checkAdmissions,
  checkDevices,
  gateChoices,
  gateDetail,
  gateOptions,
  gateRows,
  writeAdmissions,
  writeDevices,
  type Gate,
} from './gates.service.ts';
import { gates } from './gates.table.ts';

const tags = ['gates'];

const resource: Resource<typeof gates> = {
  table: gates,
  id: gates.id,
  scenic: gates.scenicId,
  module: 'terminals',
  targetType: 'gate',
  audit: writeAudit,
};
/** The gate actions' audit rows: the resource's (its helpers write them through auditThrough). */
const audit = { write: writeAudit, module: 'terminals', targetType: 'gate' } as const;

/** A gate device of the gate online now (enabled, last beat within the offline timeout). */
const anyOnline = sql`exists (select 1 from terminals d where d.gate_id = ${gates.id}
  and d.status = 1 and d.online = ${TERMINAL_ONLINE.online})`;

function gateWhere(scenicId: number, q: GatePage) {
  return and(
    eq(gates.scenicId, scenicId),
    q.name ? ilike(gates.name, likeContains(q.name)) : undefined,
    q.gateType ? eq(gates.gateType, q.gateType) : undefined,
    q.status ? eq(gates.status, q.status) : undefined,
    q.passState != null ? eq(gates.passState, q.passState) : undefined,
    q.online == null ? undefined : q.online === TERMINAL_ONLINE.online ? anyOnline : sql`not ${anyOnline}`,
  );
}

const hoursText = (r: GateRow, lang: 'zh' | 'en') =>
  r.openFrom && r.openTo ? `${r.openFrom}-${r.openTo}` : GateText.areaHours[lang];
const admitsText = (n: number, lang: 'zh' | 'en') => (n ? String(n) : GateText.all[lang]);

const EXPORT: ExportColumn<GateRow>[] = [
  { header: GateField.code, value: (r) => r.code, kind: 'text' },
  { header: GateField.name, value: (r) => r.name, width: 20 },
  { header: GateField.gateType, value: (r, lang) => dictLabel(GateType, r.gateType, lang) },
  { header: GateField.location, value: (r) => r.location, width: 20 },
  { header: GateField.status, value: (r, lang) => dictLabel(EnableStatus, r.status, lang) },
  { header: GateField.passState, value: (r, lang) => dictLabel(GatePassState, r.passState, lang) },
  { header: GateField.hours, value: hoursText },
  {
    header: GateField.admissions,
    value: (r, lang) =>
      `${admitsText(r.admissions.product, lang)} / ${admitsText(r.admissions.card, lang)} / ${admitsText(
        r.admissions.booking,
        lang,
      )}`,
    width: 16,
  },
  { header: GateField.devices, value: (r) => `${r.devicesOnline}/${r.devices.length}` },
  {
    header: GateField.lastScan,
    value: (r) => r.lastScanTime,
    kind: 'datetime',
    width: 20,
  },
  {
    header: GateField.lastResult,
    value: (r, lang) => (r.lastScanResult ? dictLabel(CheckinResult, r.lastScanResult, lang) : ''),
    width: 20,
  },
];

/** The audit snapshot's extra: what the gate admits and its devices. */
async function snapshot(tx: Db, g: Gate) {
  const devices = await tx.execute(sql`select id from terminals where gate_id = ${g.id} order by id`);
  return {
    ...(await admissionsOf(tx, g.id)),
    deviceIds: rowsOf<{ id: number }>(devices).map((d) => Number(d.id)),
  };
}

const pick = (b: Partial<GateAdmissions>): Partial<GateAdmissions> => ({
  ...(b.productIds ? { productIds: b.productIds } : {}),
  ...(b.cardIds ? { cardIds: b.cardIds } : {}),
  ...(b.bookingSiteIds ? { bookingSiteIds: b.bookingSiteIds } : {}),
});

const answerOne = async (db: Db, g: Gate) => gateDetail(db, g);

/**
 * docs/product.md §7 gate list and /terminal/gateManage (docs/decisions.md "Gates"): gates are
 * managed here: type, in-service status, pass state, opening hours, what each admits, its devices.
 */
export async function gateRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  registerListResource(root, {
    tag: 'gates',
    api: gateApi,
    perms: { page: 'admin:gate:page' },
    table: gates,
    resource,
    where: gateWhere,
    sort: { code: gates.code, name: gates.name, gateType: gates.gateType, createTime: gates.createdAt },
    order: [asc(gates.code), asc(gates.id)],
    rowSchema: GateRowSchema,
    rows: (records, { db: conn }) => gateRows(conn, records),
    page: {
      summary:
        'Gates of the acting area (docs/product.md §7) with pass state, hours, admissions, devices and live state (last scan, online)',
      body: GatePageSchema,
    },
    export: {
      summary: 'The gates of the current filter (all pages) as an .xlsx download',
      fileName: GateText.fileName,
      columns: EXPORT,
    },
    query: {
      summary: 'One gate of the acting area with the ids it admits and its devices',
      response: GateDetailSchema,
      detail: async (record) => answerOne(db, record),
    },
  });

  // hand-registered: a read for a form's picker, not a list resource
  app.get(
    gateApi.options,
    {
      config: { access: perm('admin:gate:page') },
      schema: {
        tags,
        summary: 'Every gate of the acting area, for pickers',
        response: { 200: envelopeSchema(z.array(GateOptionSchema)) },
      },
    },
    async (req) => ok(req, await gateOptions(db, scenicScope(req))),
  );

  // hand-registered: a read for a form's picker, not a list resource
  app.get(
    gateApi.choices,
    {
      config: { access: perm('admin:gate:page') },
      schema: {
        tags,
        summary:
          'What the gate form picks from: the area’s ticket products, staff cards, booking sites and gate devices',
        response: { 200: envelopeSchema(GateChoicesSchema) },
      },
    },
    async (req) => ok(req, await gateChoices(db, scenicScope(req))),
  );

  registerAction(root, {
    url: gateApi.create,
    access: perm('admin:gate:create'),
    tag: 'gates',
    summary:
      'Add a gate: type, status, pass state, hours, what it admits (none of a kind: all), its gate devices',
    body: GateCreateSchema,
    response: GateDetailSchema,
    audit: { ...audit, action: 'create' },
    run: async (
      tx,
      { scenicId, adminId: _, productIds, cardIds, bookingSiteIds, deviceIds, ...fields },
      req,
    ) => {
      await checkAdmissions(tx, scenicId, { productIds, cardIds, bookingSiteIds });
      await checkDevices(tx, scenicId, deviceIds);
      const kept = auditThrough(resource);
      const row = await createRecord(
        tx,
        req,
        kept.resource,
        { scenicId, ...fields },
        {
          write: async (t, g) => {
            await writeAdmissions(t, g.id, { productIds, cardIds, bookingSiteIds });
            await writeDevices(t, scenicId, g.id, deviceIds);
          },
          snapshot,
        },
      );
      return audited(await answerOne(tx, row), kept.row());
    },
  });
}

/** /terminal/gateManage: editing a gate, its pass state, deleting it. */
export async function gateEditRoutes(root: FastifyInstance) {
  registerAction(root, {
    url: gateApi.update,
    access: perm('admin:gate:update'),
    tag: 'gates',
    summary:
      'Edit a gate; only the fields sent change (lists replace). Its devices see the change by their configuration ETag',
    body: GateUpdateSchema,
    response: GateDetailSchema,
    audit: { ...audit, action: 'update' },
    run: async (
      tx,
      { scenicId, adminId: _, id, productIds, cardIds, bookingSiteIds, deviceIds, ...fields },
      req,
    ) => {
      const lists = pick({ productIds, cardIds, bookingSiteIds });
      await checkAdmissions(tx, scenicId, lists);
      if (deviceIds) await checkDevices(tx, scenicId, deviceIds);
      const kept = auditThrough(resource);
      const row = await updateRecord(
        tx,
        req,
        kept.resource,
        id,
        scenicId,
        { ...fields, updatedAt: new Date() },
        {
          write: async (t, g) => {
            await writeAdmissions(t, g.id, lists);
            if (deviceIds) await writeDevices(t, scenicId, g.id, deviceIds);
          },
          snapshot,
        },
      );
      return audited(await answerOne(tx, row), kept.row());
    },
  });

  registerAction(root, {
    url: gateApi.passState,
    access: perm('admin:gate:update'),
    tag: 'gates',
    summary: 'Turn a gate’s pass on (0) or off (1): an off gate refuses every scan (gateClosed)',
    body: GatePassStateChangeSchema,
    response: z.null(),
    audit: { ...audit, action: 'passState' },
    run: async (tx, { scenicId, id, passState }, req) => {
      const kept = auditThrough(resource);
      const values = { passState, updatedAt: new Date() };
      await updateRecord(tx, req, kept.resource, id, scenicId, values, { action: 'passState' });
      return audited(null, kept.row());
    },
  });

  registerAction(root, {
    method: 'GET',
    url: gateApi.delete,
    access: perm('admin:gate:create'),
    tag: 'gates',
    summary:
      'Delete a gate without scans in the log that no staff card names (409 otherwise: disable it); its devices are unmounted',
    querystring: z.object({ id: z.coerce.number().int().positive() }).strict(),
    response: z.null(),
    audit: { ...audit, action: 'delete' },
    run: async (tx, { scenicId, id }, req) => {
      const kept = auditThrough(resource);
      await deleteRecord(tx, req, kept.resource, id, scenicId, {
        guard: async (g, t) => {
          const used = await t.execute(
            sql`select 1 from gate_events where gate_id = ${g.id}
                union all select 1 from staff_cards where ${g.id}::int = any(gate_ids) limit 1`,
          );
          if (rowsOf(used).length) throw new AppError(409, 'inUse', { data: { field: 'gate' } });
        },
        snapshot,
      });
      return audited(null, kept.row());
    },
  });
}
