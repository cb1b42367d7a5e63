import { z } from 'zod';
import { dictCodes } from '../dict/dict.ts';
import { NoticeType } from '../dict/notices.ts';
import { EnableStatusSchema } from './general.ts';
import { endpoints, IdSchema, listQuerySchema, statusChangeSchema } from './common.ts';
import { key, required, text } from './fields.ts';

/** docs/product.md §2 /ticket/explainrule: ticket agreements. */
export const agreementApi = endpoints('/web/api/admin/explainRule', [
  'page',
  'query',
  'create',
  'update',
  'delete',
  'status',
]);
/** docs/product.md §2 /ticket/instructions: purchase-notice templates. */
export const noticeApi = endpoints('/web/api/admin/instructions', [
  'page',
  'export',
  'query',
  'create',
  'update',
  'delete',
  'status',
]);

/** The most characters of rich text stored (after the server sanitised it). */
export const RICH_TEXT_MAX = 100_000;
/** What may be sent: sanitising removes markup, so the raw HTML may be somewhat longer. */
export const RICH_TEXT_INPUT_MAX = 200_000;

/** HTML from the rich-text editor; the server sanitises it and refuses it when nothing is left. */
export const RichTextSchema = z
  .string()
  .trim()
  .min(1, { error: key('required') })
  .max(RICH_TEXT_INPUT_MAX, { error: key('richTextTooLong') });

export const NoticeTypeSchema = z.coerce
  .number()
  .int()
  .pipe(z.literal(dictCodes(NoticeType)));

const TitleSchema = required(100);
const SortSchema = z.coerce.number().int().min(0).max(99_999);
const TitleFilterSchema = text(100).optional();

// ---- ticket agreements (/ticket/explainrule) ----

export const AGREEMENT_SORT_FIELDS = ['sort', 'title', 'updateTime'] as const;

export const AgreementPageSchema = listQuerySchema(AGREEMENT_SORT_FIELDS, {
  title: TitleFilterSchema,
  status: EnableStatusSchema.optional(),
});
export type AgreementPage = z.infer<typeof AgreementPageSchema>;

export const AgreementCreateSchema = z
  .object({
    title: TitleSchema,
    content: RichTextSchema,
    status: EnableStatusSchema.default(1),
    sort: SortSchema.default(0),
  })
  .strict();
export type AgreementCreate = z.infer<typeof AgreementCreateSchema>;

/** Only the fields sent change. */
export const AgreementUpdateSchema = z
  .object({
    id: IdSchema,
    title: TitleSchema.optional(),
    content: RichTextSchema.optional(),
    status: EnableStatusSchema.optional(),
    sort: SortSchema.optional(),
  })
  .strict();
export type AgreementUpdate = z.infer<typeof AgreementUpdateSchema>;

/** An agreement; the list carries the (sanitised) content too: agreements are few and short. */
export const AgreementRowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string().describe('sanitised HTML'),
  status: z.number().int(),
  sort: z.number().int(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type AgreementRow = z.infer<typeof AgreementRowSchema>;

// ---- purchase-notice templates (/ticket/instructions) ----

export const NOTICE_SORT_FIELDS = ['sort', 'title', 'noticeType', 'updateTime'] as const;

export const NoticePageSchema = listQuerySchema(NOTICE_SORT_FIELDS, {
  title: TitleFilterSchema,
  noticeType: NoticeTypeSchema.optional(),
  status: EnableStatusSchema.optional(),
});
export type NoticePage = z.infer<typeof NoticePageSchema>;

export const NoticeCreateSchema = z
  .object({
    title: TitleSchema,
    noticeType: NoticeTypeSchema,
    content: RichTextSchema,
    status: EnableStatusSchema.default(1),
    sort: SortSchema.default(0),
  })
  .strict();
export type NoticeCreate = z.infer<typeof NoticeCreateSchema>;

export const NoticeUpdateSchema = z
  .object({
    id: IdSchema,
    title: TitleSchema.optional(),
    noticeType: NoticeTypeSchema.optional(),
    content: RichTextSchema.optional(),
    status: EnableStatusSchema.optional(),
    sort: SortSchema.optional(),
  })
  .strict();
export type NoticeUpdate = z.infer<typeof NoticeUpdateSchema>;

/** A row of the template list (no content: open one with query?id=). */
export const NoticeRowSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  noticeType: z.number().int(),
  status: z.number().int(),
  sort: z.number().int(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type NoticeRow = z.infer<typeof NoticeRowSchema>;

export const NoticeDetailSchema = NoticeRowSchema.extend({
  content: z.string().describe('sanitised HTML'),
});
export type NoticeDetail = z.infer<typeof NoticeDetailSchema>;

// ---- shared by both ----

export const NoticeStatusSchema = statusChangeSchema(EnableStatusSchema);

export const NoticeIdQuerySchema = z.object({ id: IdSchema }).strict();
