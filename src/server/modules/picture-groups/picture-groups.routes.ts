import { and, asc, count, eq, ilike, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  PictureGroupCreateSchema,
  PictureGroupPageSchema,
  PictureGroupRowSchema,
  PictureGroupStatusSchema,
  PictureGroupUpdateSchema,
  pictureGroupApi,
  type PictureGroupPage,
  type PictureGroupRow,
} from '../../../shared/api/picture-groups.ts';
import { EnableStatus } from '../../../shared/dict/account.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import { PictureGroupField, PictureGroupText, PictureShowType } from '../../../shared/dict/picture-groups.ts';
import type { Db } from '../../db/client.ts';
import type { Resource } from '../../http/crud.ts';
import type { ExportColumn } from '../../http/export.ts';
import { registerListResource } from '../../http/list-resource.ts';
import { likeContains } from '../../http/paging.ts';
import { writeAudit } from '../audit/index.ts';
import { ensureDemoPictures } from '../../lib/demo-pictures.ts';
import { groupPictures, pictureGroups, type PictureGroup } from './picture-groups.table.ts';

const resource: Resource<typeof pictureGroups> = {
  table: pictureGroups,
  id: pictureGroups.id,
  scenic: pictureGroups.scenicId,
  module: 'scenic',
  targetType: 'pictureGroup',
  audit: writeAudit,
};

/** The groups as list rows: each with its first picture as the cover and its picture count. */
async function groupRows(db: Db, groups: PictureGroup[]): Promise<PictureGroupRow[]> {
  const ids = groups.map((g) => g.id);
  const [counts, covers] = ids.length
    ? await Promise.all([
        db
          .select({ groupId: groupPictures.groupId, n: count() })
          .from(groupPictures)
          .where(inArray(groupPictures.groupId, ids))
          .groupBy(groupPictures.groupId),
        db
          .selectDistinctOn([groupPictures.groupId], {
            groupId: groupPictures.groupId,
            url: groupPictures.url,
          })
          .from(groupPictures)
          .where(inArray(groupPictures.groupId, ids))
          .orderBy(groupPictures.groupId, asc(groupPictures.sort), asc(groupPictures.id)),
      ])
    : [[], []];
  const countOf = new Map(counts.map((c) => [c.groupId, c.n]));
  const coverOf = new Map(covers.map((c) => [c.groupId, c.url]));
  return groups.map((g) => ({
    id: g.id,
    name: g.name,
    showType: g.showType,
    sort: g.sort,
    status: g.status,
    cover: coverOf.get(g.id) ?? '',
    pictureCount: countOf.get(g.id) ?? 0,
    createTime: g.createdAt.toISOString(),
    updateTime: g.updatedAt.toISOString(),
  }));
}

const groupWhere = (scenicId: number, q: PictureGroupPage) =>
  and(
    eq(pictureGroups.scenicId, scenicId),
    q.name ? ilike(pictureGroups.name, likeContains(q.name)) : undefined,
    q.showType !== undefined ? eq(pictureGroups.showType, q.showType) : undefined,
    q.status ? eq(pictureGroups.status, q.status) : undefined,
  );

const GROUP_EXPORT: ExportColumn<PictureGroupRow>[] = [
  { header: PictureGroupField.name, value: (r) => r.name, width: 24 },
  { header: PictureGroupField.showType, value: (r, lang) => dictLabel(PictureShowType, r.showType, lang) },
  { header: PictureGroupField.pictureCount, value: (r) => r.pictureCount, kind: 'number' },
  { header: PictureGroupField.sort, value: (r) => r.sort, kind: 'number' },
  { header: PictureGroupField.status, value: (r, lang) => dictLabel(EnableStatus, r.status, lang) },
  { header: PictureGroupField.cover, value: (r) => r.cover, width: 40 },
  { header: PictureGroupField.createTime, value: (r) => r.createTime, kind: 'datetime', width: 20 },
];

/** docs/product.md §2 /scenic/pictureCate: the area's picture groups (their pictures: group-pictures.routes.ts). */
export async function pictureGroupRoutes(root: FastifyInstance) {
  const { config, uploadDir } = root.ctx;
  if (config.seed === 'demo') await ensureDemoPictures(uploadDir);

  registerListResource(root, {
    tag: 'scenic',
    api: pictureGroupApi,
    perms: {
      page: 'admin:scenicPictureGroup:page',
      create: 'admin:scenicPictureGroup:create',
      update: 'admin:scenicPictureGroup:update',
      delete: 'admin:scenicPictureGroup:delete',
    },
    table: pictureGroups,
    resource,
    where: groupWhere,
    sort: { sort: pictureGroups.sort, name: pictureGroups.name, createTime: pictureGroups.createdAt },
    order: [asc(pictureGroups.sort), asc(pictureGroups.id)],
    rowSchema: PictureGroupRowSchema,
    rows: (groups, { db: d }) => groupRows(d, groups),
    page: {
      summary: 'Picture groups of the acting area by sort order, with cover and picture count',
      body: PictureGroupPageSchema,
    },
    export: {
      summary: 'The picture groups of the current filter (all pages) as .xlsx',
      fileName: PictureGroupText.exportName,
      columns: GROUP_EXPORT,
    },
    query: { summary: 'One picture group of the acting area' },
    create: {
      summary: 'Create a picture group (show type 0 carousel, 1 album)',
      body: PictureGroupCreateSchema,
      values: (body, { scope: scenicId }) => ({ ...body, scenicId }),
    },
    update: { summary: 'Edit a picture group; only the fields sent change', body: PictureGroupUpdateSchema },
    delete: { summary: 'Delete a picture group with its pictures' },
    status: {
      summary: 'Enable or disable picture groups (1 enabled, 2 disabled); all or none change',
      body: PictureGroupStatusSchema,
    },
  });
}
