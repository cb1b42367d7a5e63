import { and, asc, eq, exists, inArray, ne, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CarouselCreateSchema,
  CarouselPageSchema,
  CarouselReorderSchema,
  CarouselRowSchema,
  CarouselUpdateSchema,
  carouselWindowIssue,
  machineCarouselApi,
  type CarouselRow,
} from '../../../shared/api/sales-terminals.ts';
import { ValidationMessage } from '../../../shared/api/validation-messages.ts';
import { EnableStatus } from '../../../shared/dict/account.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import { SalesTerminalField as F, SalesTerminalReason } from '../../../shared/dict/sales-terminals.ts';
import type { Db } from '../../db/client.ts';
import { perm } from '../../http/access.ts';
import { audited, registerAction } from '../../http/action.ts';
import type { AuditWriter } from '../../http/crud.ts';
import { FieldError } from '../../http/errors.ts';
import { type ExportColumn } from '../../http/export.ts';
import { registerListResource } from '../../http/list-resource.ts';
import { writeAudit } from '../audit/index.ts';
import { terminalOfKind, terminals } from '../terminals/index.ts';
import { carouselOfMachine } from './sales-terminals.service.ts';
import { salesMachineCarousels } from './sales-terminals.table.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

// ---- /terminal/autoSellTicketMange: a machine's screen carousel ----

type CarouselRecord = typeof salesMachineCarousels.$inferSelect;

async function carouselRows(db: Db, records: CarouselRecord[], now = new Date()): Promise<CarouselRow[]> {
  const machineIds = [...new Set(records.flatMap((r) => (r.machineId ? [r.machineId] : [])))];
  const machines = machineIds.length
    ? await db
        .select({ id: terminals.id, name: terminals.name })
        .from(terminals)
        .where(inArray(terminals.id, machineIds))
    : [];
  const showing = (r: CarouselRecord) =>
    r.status === 1 && (!r.startAt || r.startAt <= now) && (!r.endAt || r.endAt > now);
  return records.map((r) => ({
    id: r.id,
    machineId: r.machineId,
    machineName: machines.find((m) => m.id === r.machineId)?.name ?? null,
    title: r.title,
    image: r.image,
    sort: r.sort,
    startTime: iso(r.startAt),
    endTime: iso(r.endAt),
    status: r.status,
    showing: showing(r),
    createTime: r.createdAt.toISOString(),
    updateTime: r.updatedAt.toISOString(),
  }));
}

/** machineId names a self-service machine of the area (or is null: every machine). */
async function checkMachine(db: Db, scenicId: number, machineId: number | null) {
  if (machineId == null) return;
  const [m] = await db
    .select({ id: terminals.id })
    .from(terminals)
    .where(
      and(
        eq(terminals.id, machineId),
        eq(terminals.scenicId, scenicId),
        eq(terminals.kind, 'selfManagement'),
      ),
    );
  if (!m) throw new FieldError('machineId', SalesTerminalReason.machineNotInArea);
}

/**
 * Carousel changes are audited under the terminals module with the terminal target type (the
 * shared vocabulary has no carousel target): action `carousel<Action>`, target `carousel-<id>`.
 */
const carouselAudit: AuditWriter = (db, req, entry) =>
  writeAudit(db, req, {
    ...entry,
    action: `carousel${entry.action.charAt(0).toUpperCase()}${entry.action.slice(1)}`,
    targetId: `carousel-${entry.targetId}`,
  });

const CAROUSEL_EXPORT: ExportColumn<CarouselRow>[] = [
  { header: F.title, value: (r) => r.title, width: 20 },
  { header: F.image, value: (r) => r.image, width: 40 },
  { header: F.machine, value: (r, lang) => r.machineName ?? F.allMachines[lang], width: 24 },
  { header: F.sort, value: (r) => r.sort, kind: 'number' },
  { header: F.startTime, value: (r) => (r.startTime ? new Date(r.startTime) : null), kind: 'datetime' },
  { header: F.endTime, value: (r) => (r.endTime ? new Date(r.endTime) : null), kind: 'datetime' },
  { header: F.status, value: (r, lang) => dictLabel(EnableStatus, r.status, lang) },
];

const toDate = (s: string | null | undefined) =>
  s === undefined ? undefined : s === null ? null : new Date(s);
const noUndefined = <T extends object>(o: T) =>
  Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as T;
/** /terminal/autoSellTicketMange: a machine's screen carousel. */
export async function machineCarouselRoutes(root: FastifyInstance) {
  registerListResource(root, {
    tag: 'sales-terminals',
    api: machineCarouselApi,
    perms: {
      page: 'admin:autoSell:page',
      create: 'admin:autoSell:update',
      update: 'admin:autoSell:update',
      delete: 'admin:autoSell:update',
    },
    table: salesMachineCarousels,
    resource: {
      table: salesMachineCarousels,
      id: salesMachineCarousels.id,
      scenic: salesMachineCarousels.scenicId,
      module: 'terminals',
      targetType: 'terminal',
      audit: carouselAudit,
    },
    where: (scenicId: number, q) =>
      and(
        q.own === 1
          ? and(
              eq(salesMachineCarousels.scenicId, scenicId),
              eq(salesMachineCarousels.machineId, q.machineId),
            )
          : carouselOfMachine(scenicId, q.machineId),
        // the machine must be one of the area's: another area's id lists nothing
        exists(
          sql`(select 1 from ${terminals} where ${terminals.id} = ${q.machineId} and ${terminals.scenicId} = ${scenicId} and ${terminals.kind} = 'selfManagement')`,
        ),
        q.status ? eq(salesMachineCarousels.status, q.status) : undefined,
      ),
    sort: {
      sort: salesMachineCarousels.sort,
      startTime: salesMachineCarousels.startAt,
      createTime: salesMachineCarousels.createdAt,
    },
    order: [asc(salesMachineCarousels.sort), asc(salesMachineCarousels.id)],
    rowSchema: CarouselRowSchema,
    rows: (records, { db: d }) => carouselRows(d, records),
    page: {
      summary:
        'The carousel a machine shows: its own items and the area-wide ones (machineId null), by sort; `showing` when enabled and within its window now',
      body: CarouselPageSchema,
    },
    export: {
      summary: 'The carousel of the current filter as .xlsx',
      fileName: F.carouselFile,
      columns: CAROUSEL_EXPORT,
    },
    create: {
      summary: 'Add a carousel image for a machine, or for every machine of the area (machineId null)',
      body: CarouselCreateSchema,
      values: async ({ startTime, endTime, ...body }, { db: d, scope: scenicId }) => {
        await checkMachine(d, scenicId, body.machineId);
        return { ...body, scenicId, startAt: toDate(startTime), endAt: toDate(endTime) };
      },
    },
    update: {
      summary: 'Edit a carousel image; only the fields sent change; the window is checked on the merged item',
      body: CarouselUpdateSchema,
      values: ({ startTime, endTime, ...body }) =>
        noUndefined({ ...body, startAt: toDate(startTime), endAt: toDate(endTime) }),
      guard: async (before, body, { tx }) => {
        const merged = {
          startTime: body.startTime !== undefined ? body.startTime : iso(before.startAt),
          endTime: body.endTime !== undefined ? body.endTime : iso(before.endAt),
        };
        if (carouselWindowIssue(merged)) throw new FieldError('endTime', ValidationMessage.endAfterStart);
        if (body.machineId !== undefined) await checkMachine(tx, before.scenicId, body.machineId);
      },
    },
    delete: { summary: 'Delete a carousel image (an area-wide one leaves every machine)' },
  });

  registerAction(root, {
    url: machineCarouselApi.reorder,
    access: perm('admin:autoSell:update'),
    tag: 'sales-terminals',
    summary:
      'Reorder what a machine shows: every item of it (its own and the area-wide ones) in the new order; sort becomes 10, 20, …',
    body: CarouselReorderSchema,
    response: z.null(),
    // one row on the machine (not carousel-<id>): the order of all it shows, before and after
    audit: { write: writeAudit, module: 'terminals', action: 'carouselReorder', targetType: 'terminal' },
    run: async (tx, { scenicId, machineId, ids }) => {
      await terminalOfKind(tx, scenicId, machineId, 'selfManagement');
      const items = await tx
        .select({ id: salesMachineCarousels.id, sort: salesMachineCarousels.sort })
        .from(salesMachineCarousels)
        .where(carouselOfMachine(scenicId, machineId))
        .orderBy(asc(salesMachineCarousels.id))
        .for('update');
      const known = new Set(items.map((i) => i.id));
      if (items.length !== ids.length || ids.some((id) => !known.has(id)))
        throw new FieldError('ids', SalesTerminalReason.reorderSet);
      for (const [i, id] of ids.entries())
        await tx
          .update(salesMachineCarousels)
          .set({ sort: (i + 1) * 10, updatedAt: sql`now()` })
          .where(and(eq(salesMachineCarousels.id, id), ne(salesMachineCarousels.sort, (i + 1) * 10)));
      return audited(null, {
        targetId: machineId,
        before: items.map((i) => ({ id: i.id, sort: i.sort })),
        after: ids.map((id, i) => ({ id, sort: (i + 1) * 10 })),
      });
    },
  });
}
