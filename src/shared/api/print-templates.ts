import { z } from 'zod';
import { PAPER_SIZE_MM, PrinterPaper, type PrinterPaperCode } from '../dict/printer.ts';
import { EnableStatusSchema } from './general.ts';
import { dictCodeSchema, endpoints, IdSchema, listQuerySchema } from './common.ts';
import type { ValidationMessageKey } from './validation-messages.ts';
import { text } from './fields.ts';

/** docs/product.md §2 /ticket/printerModule and /ticket/printer. */
export const printTemplateApi = endpoints('/web/api/admin/printer', [
  'page',
  'export',
  'query',
  'create',
  'update',
  'setDefault',
  'delete',
]);

/** Fields a print template may place on a ticket (issue 5). */
export const PRINT_FIELDS = [
  'productName',
  'visitDate',
  'price',
  'qrCode',
  'visitor',
  'orderNo',
  'text',
] as const;
export type PrintField = (typeof PRINT_FIELDS)[number];

/** One field on the ticket; position and size in mm from the top-left corner of the paper. */
export const PrintElementSchema = z
  .object({
    field: z.enum(PRINT_FIELDS),
    x: z.number().min(0).max(300),
    y: z.number().min(0).max(300),
    width: z.number().min(1).max(300),
    height: z.number().min(1).max(300),
    /** pt */
    fontSize: z.number().min(5).max(72).default(10),
    bold: z.boolean().default(false),
    align: z.enum(['left', 'center', 'right']).default('left'),
    /** Fixed text for the `text` field, or a label printed before the value */
    text: z.string().max(100).default(''),
  })
  .strict();
export type PrintElement = z.infer<typeof PrintElementSchema>;

/** A ticket may carry at most this many fields. */
export const MAX_PRINT_ELEMENTS = 30;
/** The editable paper length (mm); the width is fixed by the paper. */
export const PRINT_HEIGHT_RANGE = { min: 20, max: 300 } as const;

export const PrinterPaperSchema = dictCodeSchema(PrinterPaper);

/** The paper's width in mm (PAPER_SIZE_MM); 0 for an unknown code. */
export function paperWidthMm(paper: number): number {
  return PAPER_SIZE_MM[paper as PrinterPaperCode]?.width ?? 0;
}

/**
 * The first element that does not lie inside the paper, as the field to name: `elements.N.x` when
 * it runs over the right edge, `elements.N.y` when it runs over the bottom.
 */
export function printElementIssue(
  paper: number,
  heightMm: number,
  elements: readonly Pick<PrintElement, 'x' | 'y' | 'width' | 'height'>[],
): { path: (string | number)[]; error: ValidationMessageKey } | null {
  const widthMm = paperWidthMm(paper);
  // compared in hundredths of a mm, so 0.1 + 0.2 style sums do not refuse an element on the edge
  const mm = (n: number) => Math.round(n * 100);
  for (const [i, e] of elements.entries()) {
    if (mm(e.x) + mm(e.width) > mm(widthMm)) return { path: ['elements', i, 'x'], error: 'insidePaper' };
    if (mm(e.y) + mm(e.height) > mm(heightMm)) return { path: ['elements', i, 'y'], error: 'insidePaper' };
  }
  return null;
}

const templateFields = {
  name: z
    .string()
    .trim()
    .min(1, { error: 'required' satisfies ValidationMessageKey })
    .max(50),
  paper: PrinterPaperSchema,
  heightMm: z.coerce.number().int().min(PRINT_HEIGHT_RANGE.min).max(PRINT_HEIGHT_RANGE.max),
  elements: z.array(PrintElementSchema).max(MAX_PRINT_ELEMENTS),
  status: EnableStatusSchema,
  remark: text(200),
};

export const PRINT_TEMPLATE_SORT_FIELDS = ['name', 'paper', 'updateTime', 'createTime'] as const;

export const PrintTemplatePageSchema = listQuerySchema(PRINT_TEMPLATE_SORT_FIELDS, {
  name: text(50).optional(),
  paper: PrinterPaperSchema.optional(),
  status: EnableStatusSchema.optional(),
});
export type PrintTemplatePage = z.infer<typeof PrintTemplatePageSchema>;

/** The width is not sent: it follows the paper. Every element must lie inside the paper. */
export const PrintTemplateCreateSchema = z
  .object({
    name: templateFields.name,
    paper: templateFields.paper,
    heightMm: templateFields.heightMm,
    elements: templateFields.elements.default([]),
    status: templateFields.status.default(1),
    remark: templateFields.remark.default(''),
  })
  .strict()
  .superRefine((t, ctx) => {
    const issue = printElementIssue(t.paper, t.heightMm, t.elements);
    if (issue) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.error });
  });
export type PrintTemplateCreate = z.infer<typeof PrintTemplateCreateSchema>;

/** Only the fields sent change; the elements are checked against the merged paper and height. */
export const PrintTemplateUpdateSchema = z
  .object({
    id: IdSchema,
    name: templateFields.name.optional(),
    paper: templateFields.paper.optional(),
    heightMm: templateFields.heightMm.optional(),
    elements: templateFields.elements.optional(),
    status: templateFields.status.optional(),
    remark: templateFields.remark.optional(),
  })
  .strict()
  .superRefine((t, ctx) => {
    if (t.paper === undefined || t.heightMm === undefined || !t.elements) return;
    const issue = printElementIssue(t.paper, t.heightMm, t.elements);
    if (issue) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.error });
  });
export type PrintTemplateUpdate = z.infer<typeof PrintTemplateUpdateSchema>;

export const PrintTemplateIdSchema = z.object({ id: IdSchema }).strict();

export const PrintTemplateRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  paper: z.number().int().describe('PrinterPaper'),
  widthMm: z.number(),
  heightMm: z.number(),
  elements: z.array(PrintElementSchema),
  isDefault: z.boolean(),
  status: z.number().int(),
  remark: z.string(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type PrintTemplateRow = z.infer<typeof PrintTemplateRowSchema>;

/** What a printed ticket shows; the renderer fills the template's fields from it. */
export interface TicketPrintData {
  productName: string;
  /** "YYYY-MM-DD" (or a validity text) */
  visitDate: string;
  /** cents */
  price: number;
  /** The QR payload of the ticket */
  qrCode: string;
  /** Visitor name and masked ID number, e.g. "张三 1101********1234" */
  visitor: string;
  orderNo: string;
}
