import { and, arrayContains, asc, eq, ilike } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import { GateOptionSchema, type GateOption } from '../../../shared/api/gates.ts';
import {
  StaffCardCreateSchema,
  StaffCardIdSchema,
  StaffCardPageSchema,
  StaffCardRowSchema,
  StaffCardStatusSchema,
  StaffCardUpdateSchema,
  staffCardApi,
  staffCardIssue,
  type StaffCardPage,
  type StaffCardRow,
} from '../../../shared/api/staff-cards.ts';
import { ValidationMessage } from '../../../shared/api/validation-messages.ts';
import { EnableStatus } from '../../../shared/dict/account.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import { CardValidity, StaffCardField, StaffCardText } from '../../../shared/dict/staff-cards.ts';
import { CardReadMode } from '../../../shared/dict/gates.ts';
import type { Db } from '../../db/client.ts';
import { perm, scenicScope } from '../../http/access.ts';
import { updateRecord, type AuditWriter, type Resource } from '../../http/crud.ts';
import { audited, auditThrough, registerAction } from '../../http/action.ts';
import { ok } from '../../http/envelope.ts';
import { FieldError } from '../../http/errors.ts';
import { joinTexts, type ExportColumn } from '../../http/export.ts';
import { registerListResource } from '../../http/list-resource.ts';
import { likeContains } from '../../http/paging.ts';
import { writeAudit } from '../audit/index.ts';
import { foreignGateIds, gateOptions } from '../gates/index.ts';
import { newQrCode, validityAt, validityWhere, type StaffCard } from './staff-cards.service.ts';
import { staffCards } from './staff-cards.table.ts';

/** The QR payload opens gates: it stays out of the audit log (which records that it was reset). */
function withoutQr(snapshot: unknown): unknown {
  if (!snapshot || typeof snapshot !== 'object') return snapshot;
  const { qrCode: _qr, ...rest } = snapshot as Record<string, unknown>;
  return rest;
}
const auditWriter: AuditWriter = (db, req, entry) =>
  writeAudit(db, req, { ...entry, before: withoutQr(entry.before), after: withoutQr(entry.after) });

const resource: Resource<typeof staffCards> = {
  table: staffCards,
  id: staffCards.id,
  scenic: staffCards.scenicId,
  module: 'ticket',
  targetType: 'staffCard',
  audit: auditWriter,
};

/** Empty optional credentials are stored as null, so the per-area unique indexes ignore them. */
const orNull = (value: string | undefined) => (value === undefined ? undefined : value || null);

function toRow(card: StaffCard, gates: Map<number, GateOption>, now: Date): StaffCardRow {
  return {
    id: card.id,
    holderName: card.holderName,
    phone: card.phone,
    department: card.department,
    idNumber: card.idNumber ?? '',
    icCardNo: card.icCardNo ?? '',
    faceImage: card.faceImage ?? '',
    qrCode: card.qrCode,
    readModes: card.readModes,
    gateIds: card.gateIds,
    gates: card.gateIds.map((id) => ({ id, name: gates.get(id)?.name ?? `#${id}` })),
    validFrom: card.validFrom.toISOString(),
    validTo: card.validTo.toISOString(),
    validity: validityAt(card, now),
    status: card.status,
    remark: card.remark,
    createTime: card.createdAt.toISOString(),
    updateTime: card.updatedAt.toISOString(),
  };
}

async function rowsOf(db: Db, scenicId: number, cards: StaffCard[]): Promise<StaffCardRow[]> {
  const gates = new Map((await gateOptions(db, scenicId)).map((g) => [g.id, g]));
  const now = new Date();
  return cards.map((c) => toRow(c, gates, now));
}

function cardWhere(scenicId: number, q: StaffCardPage, now: Date) {
  return and(
    eq(staffCards.scenicId, scenicId),
    q.holderName ? ilike(staffCards.holderName, likeContains(q.holderName)) : undefined,
    q.phone ? ilike(staffCards.phone, likeContains(q.phone)) : undefined,
    q.department ? ilike(staffCards.department, likeContains(q.department)) : undefined,
    q.readMode ? arrayContains(staffCards.readModes, [q.readMode]) : undefined,
    q.status ? eq(staffCards.status, q.status) : undefined,
    q.validity ? validityWhere(q.validity, now) : undefined,
  );
}

/** The ID number masked in the export: the first 6 and last 4 characters. */
const maskId = (id: string) => (id ? `${id.slice(0, 6)}********${id.slice(-4)}` : '');

/** No QR payload in the file: a printed list would open the gates. */
const CARD_EXPORT: ExportColumn<StaffCardRow>[] = [
  { header: StaffCardField.holderName, value: (r) => r.holderName },
  { header: StaffCardField.phone, value: (r) => r.phone, kind: 'text' },
  { header: StaffCardField.department, value: (r) => r.department },
  { header: StaffCardField.idNumber, value: (r) => maskId(r.idNumber), kind: 'text', width: 22 },
  { header: StaffCardField.icCardNo, value: (r) => r.icCardNo, kind: 'text' },
  {
    header: StaffCardField.readModes,
    value: (r, lang) =>
      joinTexts(
        r.readModes.map((m) => dictLabel(CardReadMode, m, lang)),
        lang,
      ),
    width: 24,
  },
  {
    header: StaffCardField.gates,
    value: (r, lang) =>
      r.gates.length
        ? joinTexts(
            r.gates.map((g) => g.name),
            lang,
          )
        : StaffCardText.allGates[lang],
    width: 30,
  },
  { header: StaffCardField.validFrom, value: (r) => r.validFrom, kind: 'datetime', width: 20 },
  { header: StaffCardField.validTo, value: (r) => r.validTo, kind: 'datetime', width: 20 },
  { header: StaffCardField.validity, value: (r, lang) => dictLabel(CardValidity, r.validity, lang) },
  { header: StaffCardField.status, value: (r, lang) => dictLabel(EnableStatus, r.status, lang) },
  { header: StaffCardField.remark, value: (r) => r.remark, width: 30 },
  { header: StaffCardField.createTime, value: (r) => r.createTime, kind: 'datetime', width: 20 },
];

async function checkGates(db: Db, scenicId: number, gateIds: readonly number[] | undefined) {
  if (gateIds && (await foreignGateIds(db, scenicId, gateIds)).length)
    throw new FieldError('gateIds', ValidationMessage.gateOfArea);
}

const NoBodySchema = z.object({}).strict();

/** docs/product.md §2 /ticket/entryCode: staff cards, park entry type 3 at the gate (docs/product.md §9). */
export async function staffCardRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  registerListResource(root, {
    tag: 'ticket',
    api: staffCardApi,
    perms: {
      page: 'admin:entryCode:page',
      create: 'admin:entryCode:create',
      update: 'admin:entryCode:update',
      delete: 'admin:entryCode:delete',
    },
    table: staffCards,
    resource,
    where: (scenicId, q) => cardWhere(scenicId, q, new Date()),
    sort: {
      holderName: staffCards.holderName,
      department: staffCards.department,
      validFrom: staffCards.validFrom,
      validTo: staffCards.validTo,
      createTime: staffCards.createdAt,
    },
    order: [asc(staffCards.id)],
    rowSchema: StaffCardRowSchema,
    rows: (cards, { scope }) => rowsOf(db, scope, cards),
    page: {
      summary: 'Staff cards of the acting area, with their gates and validity state',
      body: StaffCardPageSchema,
    },
    export: {
      summary:
        'The staff cards of the current filter (all pages) as .xlsx; no QR payloads, ID numbers masked',
      fileName: StaffCardText.exportName,
      columns: CARD_EXPORT,
    },
    query: { summary: 'One staff card of the acting area' },
    create: {
      summary: 'Create a staff card; the server generates its QR payload',
      description:
        'readModes: CardReadMode codes; 2 (ID card) needs idNumber, 3 (IC card) icCardNo, 4 (face) ' +
        'faceImage. gateIds: gates of this area, empty = all. ID and IC numbers are unique per area (409).',
      body: StaffCardCreateSchema,
      values: async (body, { scope: scenicId }) => {
        await checkGates(db, scenicId, body.gateIds);
        return {
          ...body,
          scenicId,
          idNumber: orNull(body.idNumber) ?? null,
          icCardNo: orNull(body.icCardNo) ?? null,
          faceImage: orNull(body.faceImage) ?? null,
          validFrom: new Date(body.validFrom),
          validTo: new Date(body.validTo),
          qrCode: newQrCode(),
        };
      },
    },
    update: {
      summary: 'Edit a staff card; only the fields sent change, the rules are checked on the result',
      body: StaffCardUpdateSchema,
      values: async (body, { scope: scenicId }) => {
        await checkGates(db, scenicId, body.gateIds);
        return {
          ...body,
          idNumber: orNull(body.idNumber),
          icCardNo: orNull(body.icCardNo),
          faceImage: orNull(body.faceImage),
          validFrom: body.validFrom === undefined ? undefined : new Date(body.validFrom),
          validTo: body.validTo === undefined ? undefined : new Date(body.validTo),
        };
      },
      guard: (before, body) => {
        const issue = staffCardIssue({ ...before, ...definedOf(body) });
        if (issue) throw new FieldError(issue.path, ValidationMessage[issue.error]);
      },
    },
    delete: { summary: 'Delete a staff card; its QR code, ID and IC numbers stop opening gates at once' },
    status: {
      summary: 'Enable or disable staff cards (1 enabled, 2 disabled); all or none change',
      body: StaffCardStatusSchema,
    },
  });

  // hand-registered: a read for a form's picker, not a list resource
  app.post(
    staffCardApi.gates,
    {
      config: { access: perm('admin:entryCode:page') },
      schema: {
        tags: ['ticket'],
        summary: "The acting area's gates, for the staff-card form's gate select",
        body: NoBodySchema.nullish(),
        response: { 200: envelopeSchema(z.array(GateOptionSchema)) },
      },
    },
    async (req) => ok(req, await gateOptions(db, scenicScope(req))),
  );

  registerAction(root, {
    url: staffCardApi.resetQr,
    access: perm('admin:entryCode:update'),
    tag: 'ticket',
    summary: 'Give a staff card a new QR payload; the old code stops opening gates at once',
    body: StaffCardIdSchema,
    response: StaffCardRowSchema,
    audit: {
      write: resource.audit,
      module: resource.module,
      action: 'resetQr',
      targetType: resource.targetType,
    },
    run: async (tx, { scenicId, id }, req) => {
      const kept = auditThrough(resource);
      const values = { qrCode: newQrCode(), updatedAt: new Date() };
      const card = await updateRecord(tx, req, kept.resource, id, scenicId, values, { action: 'resetQr' });
      return audited((await rowsOf(tx, scenicId, [card]))[0]!, kept.row());
    },
  });
}

function definedOf<T extends Record<string, unknown>>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined)) as Partial<T>;
}
