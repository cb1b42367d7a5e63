import { and, asc, desc, eq, ilike, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  paperWidthMm,
  printElementIssue,
  printTemplateApi,
  PrintTemplateCreateSchema,
  PrintTemplateIdSchema,
  PrintTemplatePageSchema,
  PrintTemplateRowSchema,
  PrintTemplateUpdateSchema,
  type PrintTemplatePage,
  type PrintTemplateRow,
} from '../../../shared/api/print-templates.ts';
import { ValidationMessage } from '../../../shared/api/validation-messages.ts';
import { DISABLED, EnableStatus } from '../../../shared/dict/account.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import { PrintTemplateField, PrintTemplateText } from '../../../shared/dict/print-templates.ts';
import { PrinterPaper } from '../../../shared/dict/printer.ts';
import type { Db } from '../../db/client.ts';
import { perm } from '../../http/access.ts';
import { audited, auditThrough, registerAction } from '../../http/action.ts';
import { updateRecord, type Resource } from '../../http/crud.ts';
import { AppError, FieldError } from '../../http/errors.ts';
import { type ExportColumn } from '../../http/export.ts';
import { registerListResource } from '../../http/list-resource.ts';
import { likeContains } from '../../http/paging.ts';
import { countUses } from '../../lib/record-uses.ts';
import { writeAudit } from '../audit/index.ts';
import { printTemplateUses } from './print-template-uses.ts';
import { printTemplates } from './print-templates.table.ts';

type Template = typeof printTemplates.$inferSelect;

const resource: Resource<typeof printTemplates> = {
  table: printTemplates,
  id: printTemplates.id,
  scenic: printTemplates.scenicId,
  module: 'ticket',
  targetType: 'printTemplate',
  audit: writeAudit,
};

function toRow(r: Template): PrintTemplateRow {
  return {
    id: r.id,
    name: r.name,
    paper: r.paper,
    widthMm: r.widthMm,
    heightMm: r.heightMm,
    elements: r.elements,
    isDefault: r.isDefault,
    status: r.status,
    remark: r.remark,
    createTime: r.createdAt.toISOString(),
    updateTime: r.updatedAt.toISOString(),
  };
}

function templateWhere(scenicId: number, q: PrintTemplatePage) {
  return and(
    eq(printTemplates.scenicId, scenicId),
    q.name ? ilike(printTemplates.name, likeContains(q.name)) : undefined,
    q.paper ? eq(printTemplates.paper, q.paper) : undefined,
    q.status ? eq(printTemplates.status, q.status) : undefined,
  );
}

const TEMPLATE_EXPORT: ExportColumn<PrintTemplateRow>[] = [
  { header: PrintTemplateField.name, value: (r) => r.name, width: 24 },
  { header: PrintTemplateField.paper, value: (r, lang) => dictLabel(PrinterPaper, r.paper, lang), width: 20 },
  { header: PrintTemplateField.widthMm, value: (r) => r.widthMm, kind: 'number' },
  { header: PrintTemplateField.heightMm, value: (r) => r.heightMm, kind: 'number' },
  { header: PrintTemplateField.elementCount, value: (r) => r.elements.length, kind: 'number' },
  {
    header: PrintTemplateField.isDefault,
    value: (r, lang) => PrintTemplateText[r.isDefault ? 'yes' : 'no'][lang],
  },
  { header: PrintTemplateField.status, value: (r, lang) => dictLabel(EnableStatus, r.status, lang) },
  { header: PrintTemplateField.remark, value: (r) => r.remark, width: 30 },
  { header: PrintTemplateField.updateTime, value: (r) => r.updateTime, kind: 'datetime', width: 20 },
];

const defaultMustBeEnabled = () =>
  new AppError(409, 'printTemplateDefaultEnabled', { data: { field: 'status' } });

/** Locks every template of the area: one default per area, however many callers set it at once. */
async function lockArea(tx: Db, scenicId: number) {
  await tx
    .select({ id: printTemplates.id })
    .from(printTemplates)
    .where(eq(printTemplates.scenicId, scenicId))
    .orderBy(asc(printTemplates.id))
    .for('update');
}

/** docs/product.md §2 /ticket/printerModule and /ticket/printer: ticket print layouts (docs/product.md §9 papers). */
export async function printTemplateRoutes(root: FastifyInstance) {
  registerListResource(root, {
    tag: 'ticket',
    api: printTemplateApi,
    perms: {
      page: 'admin:printer:page',
      create: 'admin:printer:create',
      update: 'admin:printer:update',
      delete: 'admin:printer:delete',
    },
    table: printTemplates,
    resource,
    where: templateWhere,
    sort: {
      name: printTemplates.name,
      paper: printTemplates.paper,
      updateTime: printTemplates.updatedAt,
      createTime: printTemplates.createdAt,
    },
    // the default template first
    order: [desc(printTemplates.isDefault), asc(printTemplates.id)],
    rowSchema: PrintTemplateRowSchema,
    rows: (records) => records.map(toRow),
    page: { summary: 'Print templates of the acting area, the default first', body: PrintTemplatePageSchema },
    export: {
      summary: 'The print templates of the current filter (all pages) as an .xlsx download',
      fileName: PrintTemplateText.exportName,
      columns: TEMPLATE_EXPORT,
    },
    query: { summary: 'One print template of the acting area, with its elements' },
    create: {
      summary: 'Create a print template; the width follows the paper',
      description:
        'paper: PrinterPaper (1 58 mm, 2 80 mm, 3 72 mm, 4 29 mm wristband); heightMm 20-300; ' +
        'at most 30 elements, each inside the paper (400 naming elements.N.x or elements.N.y).',
      body: PrintTemplateCreateSchema,
      values: (body, { scope: scenicId }) => ({ ...body, scenicId, widthMm: paperWidthMm(body.paper) }),
    },
    update: {
      summary: 'Edit a print template; only the fields sent change, elements are checked on the result',
      body: PrintTemplateUpdateSchema,
      values: (body) => ({
        ...body,
        ...(body.paper === undefined ? {} : { widthMm: paperWidthMm(body.paper) }),
      }),
      guard: (before, body) => {
        if (before.isDefault && body.status === DISABLED) throw defaultMustBeEnabled();
        const issue = printElementIssue(
          body.paper ?? before.paper,
          body.heightMm ?? before.heightMm,
          body.elements ?? before.elements,
        );
        if (issue) throw new FieldError(issue.path.join('.'), ValidationMessage[issue.error]);
      },
    },
    delete: {
      summary: 'Delete a print template that no ticket product uses (409 with the count otherwise)',
      guard: async (before, tx) => {
        const n = await countUses(printTemplateUses, tx, before.id);
        if (n > 0)
          throw new AppError(409, 'printTemplateInUse', { params: { count: n }, data: { count: n } });
      },
    },
  });

  // two records in one move: the old default's row (unsetDefault), then the new one's (setDefault)
  registerAction(root, {
    url: printTemplateApi.setDefault,
    access: perm('admin:printer:update'),
    tag: 'ticket',
    summary: "Make a template the area's default (the previous default stops being one), in one transaction",
    body: PrintTemplateIdSchema,
    response: PrintTemplateRowSchema,
    audit: {
      write: resource.audit,
      module: resource.module,
      action: 'setDefault',
      targetType: resource.targetType,
    },
    run: async (tx, { scenicId, id }, req) => {
      await lockArea(tx, scenicId);
      const [current] = await tx
        .select()
        .from(printTemplates)
        .where(
          and(
            eq(printTemplates.scenicId, scenicId),
            eq(printTemplates.isDefault, true),
            ne(printTemplates.id, id),
          ),
        );
      const unset = auditThrough(resource);
      const set = auditThrough(resource);
      const row = await updateRecord(
        tx,
        req,
        set.resource,
        id,
        scenicId,
        { isDefault: true, updatedAt: new Date() },
        {
          action: 'setDefault',
          guard: async (before, inner) => {
            if (before.status === DISABLED) throw defaultMustBeEnabled();
            if (current)
              await updateRecord(
                inner,
                req,
                unset.resource,
                current.id,
                scenicId,
                { isDefault: false, updatedAt: new Date() },
                { action: 'unsetDefault' },
              );
          },
        },
      );
      return audited(
        toRow(row),
        [unset.row(), set.row()].filter((r) => r !== null),
      );
    },
  });
}
