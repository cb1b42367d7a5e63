import { z } from 'zod';
import { EnableStatus } from '../dict/account.ts';
import { MAX_GROUP_PICTURES, PictureShowType } from '../dict/picture-groups.ts';
import { ImageUrlSchema } from './general.ts';
import { dictCodeSchema, endpoints, IdSchema, listQuerySchema, statusChangeSchema } from './common.ts';
import { key, required, text } from './fields.ts';

/**
 * /scenic/pictureCate: an area's picture groups (docs/product.md §7: `POST …/scenicPictureGroup/page`)
 * and the ordered pictures of each.
 */
export const pictureGroupApi = endpoints('/web/api/admin/scenicPictureGroup', [
  'page',
  'export',
  'query',
  'create',
  'update',
  'delete',
  'status',
  'pictures',
  'addPictures',
  'updatePicture',
  'deletePicture',
  'reorder',
]);
/** The mini-program's read: no login, cacheable (docs/api.md "Public picture groups"). */
export const publicPictureGroupApi = endpoints('/api/public/scenicPictureGroup', ['list']);

export const PICTURE_GROUP_SORT_FIELDS = ['sort', 'name', 'createTime'] as const;

export const PictureGroupPageSchema = listQuerySchema(PICTURE_GROUP_SORT_FIELDS, {
  name: text(50).optional(),
  showType: dictCodeSchema(PictureShowType).optional(),
  status: dictCodeSchema(EnableStatus).optional(),
});
export type PictureGroupPage = z.infer<typeof PictureGroupPageSchema>;

const fields = {
  name: required(50),
  showType: dictCodeSchema(PictureShowType),
  sort: z.coerce.number().int().min(0).max(9999),
  status: dictCodeSchema(EnableStatus),
};

export const PictureGroupCreateSchema = z
  .object({
    name: fields.name,
    showType: fields.showType.default(1),
    sort: fields.sort.default(0),
    status: fields.status.default(1),
  })
  .strict();
export type PictureGroupCreate = z.infer<typeof PictureGroupCreateSchema>;

/** Only the fields sent change. */
export const PictureGroupUpdateSchema = z
  .object({
    id: IdSchema,
    name: fields.name.optional(),
    showType: fields.showType.optional(),
    sort: fields.sort.optional(),
    status: fields.status.optional(),
  })
  .strict();
export type PictureGroupUpdate = z.infer<typeof PictureGroupUpdateSchema>;

export const PictureGroupStatusSchema = statusChangeSchema(fields.status);

export const PictureGroupRowSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  showType: z.number().int(),
  sort: z.number().int(),
  status: z.number().int(),
  /** The first picture's url, '' when the group has none. */
  cover: z.string(),
  pictureCount: z.number().int(),
  createTime: z.string(),
  updateTime: z.string(),
});
export type PictureGroupRow = z.infer<typeof PictureGroupRowSchema>;

// ---- pictures of a group ----

const CaptionSchema = text(100);
const PictureUrlSchema = ImageUrlSchema.pipe(z.string().min(1, { error: key('required') }));

/** `GET pictures?groupId=`: the group's pictures in their order. */
export const PictureListQuerySchema = z.object({ groupId: IdSchema }).strict();

/** Appends pictures (several uploads at once) after the group's last one, in the order given. */
export const PictureAddSchema = z
  .object({
    groupId: IdSchema,
    pictures: z
      .array(z.object({ url: PictureUrlSchema, caption: CaptionSchema.default('') }).strict())
      .min(1, { error: key('required') })
      .max(MAX_GROUP_PICTURES),
  })
  .strict();
export type PictureAdd = z.infer<typeof PictureAddSchema>;

export const PictureUpdateSchema = z.object({ id: IdSchema, caption: CaptionSchema }).strict();

/** The group's new order: every picture id of the group once, first shown first. */
export const PictureReorderSchema = z
  .object({
    groupId: IdSchema,
    ids: z
      .array(IdSchema)
      .min(1, { error: key('required') })
      .max(MAX_GROUP_PICTURES)
      .refine((ids) => new Set(ids).size === ids.length, { error: key('noRepeat') }),
  })
  .strict();
export type PictureReorder = z.infer<typeof PictureReorderSchema>;

export const PictureRowSchema = z.object({
  id: z.number().int(),
  groupId: z.number().int(),
  url: z.string(),
  caption: z.string(),
  sort: z.number().int(),
});
export type PictureRow = z.infer<typeof PictureRowSchema>;

// ---- the mini-program's read ----

export const PublicPictureGroupQuerySchema = z
  .object({ scenicId: IdSchema, showType: dictCodeSchema(PictureShowType).optional() })
  .strict();

export const PublicPictureGroupSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  showType: z.number().int(),
  pictures: z.array(z.object({ id: z.number().int(), url: z.string(), caption: z.string() })),
});
export type PublicPictureGroup = z.infer<typeof PublicPictureGroupSchema>;
