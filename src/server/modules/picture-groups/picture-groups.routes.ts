import { and, asc, count, eq, ilike, inArray, max, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema, IdSchema } from '../../../shared/api/common.ts';
import {
  PictureAddSchema,
  PictureGroupCreateSchema,
  PictureGroupPageSchema,
  PictureGroupRowSchema,
  PictureGroupStatusSchema,
  PictureGroupUpdateSchema,
  pictureGroupApi,
  PictureListQuerySchema,
  PictureReorderSchema,
  PictureRowSchema,
  PictureUpdateSchema,
  type PictureGroupPage,
  type PictureGroupRow,
  type PictureRow,
} from '../../../shared/api/picture-groups.ts';
import { EnableStatus } from '../../../shared/dict/account.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import {
  MAX_GROUP_PICTURES,
  PictureGroupField,
  PictureGroupReason,
  PictureGroupText,
  PictureShowType,
} from '../../../shared/dict/picture-groups.ts';
import type { Db } from '../../db/client.ts';
import { perm, scenicScope } from '../../http/access.ts';
import type { Resource } from '../../http/crud.ts';
import { ok } from '../../http/envelope.ts';
import { AppError, FieldError } from '../../http/errors.ts';
import type { ExportColumn } from '../../http/export.ts';
import { registerListResource } from '../../http/list-resource.ts';
import { likeContains } from '../../http/paging.ts';
import { writeAudit } from '../audit/index.ts';
import { ensureDemoPictures } from './demo-images.ts';
import {
  groupPictures,
  pictureGroups,
  type GroupPicture,
  type PictureGroup,
} from './picture-groups.table.ts';

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

const toPicture = (p: GroupPicture): PictureRow => ({
  id: p.id,
  groupId: p.groupId,
  url: p.url,
  caption: p.caption,
  sort: p.sort,
});

/** A group's pictures in their order (the list the console and the mini-program show). */
export async function picturesOf(db: Db, groupId: number): Promise<GroupPicture[]> {
  return db
    .select()
    .from(groupPictures)
    .where(eq(groupPictures.groupId, groupId))
    .orderBy(asc(groupPictures.sort), asc(groupPictures.id));
}

/** Locks a group of the area for a change of its pictures; 404 when it is not there. */
async function lockGroup(tx: Db, scenicId: number, groupId: number): Promise<PictureGroup> {
  const [group] = await tx
    .select()
    .from(pictureGroups)
    .where(and(eq(pictureGroups.id, groupId), eq(pictureGroups.scenicId, scenicId)))
    .for('update');
  if (!group) throw new AppError(404, 'pictureGroupNotFound');
  return group;
}

const touch = (tx: Db, groupId: number) =>
  tx.update(pictureGroups).set({ updatedAt: new Date() }).where(eq(pictureGroups.id, groupId));

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

const picturesAnswer = envelopeSchema(z.array(PictureRowSchema));

/** docs/product.md §2 /scenic/pictureCate: the area's picture groups and their ordered pictures. */
export async function pictureGroupRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, config, uploadDir } = root.ctx;
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

  const tags = ['scenic'];
  const read = perm('admin:scenicPictureGroup:page');
  const write = perm('admin:scenicPictureGroup:update');

  app.get(
    pictureGroupApi.pictures,
    {
      config: { access: read },
      schema: {
        tags,
        summary: "A picture group's pictures in their order",
        querystring: PictureListQuerySchema,
        response: { 200: picturesAnswer },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const [group] = await db
        .select({ id: pictureGroups.id })
        .from(pictureGroups)
        .where(and(eq(pictureGroups.id, req.query.groupId), eq(pictureGroups.scenicId, scenicId)));
      if (!group) throw new AppError(404, 'pictureGroupNotFound');
      return ok(req, (await picturesOf(db, group.id)).map(toPicture));
    },
  );

  app.post(
    pictureGroupApi.addPictures,
    {
      config: { access: write },
      schema: {
        tags,
        summary: `Add uploaded pictures after the group's last one, in the order sent (at most ${MAX_GROUP_PICTURES} a group)`,
        body: PictureAddSchema,
        response: { 200: picturesAnswer },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const { groupId, pictures } = req.body;
      const list = await db.transaction(async (tx) => {
        await lockGroup(tx, scenicId, groupId);
        const [have] = await tx
          .select({ n: count(), last: max(groupPictures.sort) })
          .from(groupPictures)
          .where(eq(groupPictures.groupId, groupId));
        if ((have?.n ?? 0) + pictures.length > MAX_GROUP_PICTURES)
          throw new FieldError('pictures', PictureGroupReason.tooMany);
        const next = (have?.last ?? 0) + 1;
        const added = await tx
          .insert(groupPictures)
          .values(
            pictures.map((p, i) => ({ scenicId, groupId, url: p.url, caption: p.caption, sort: next + i })),
          )
          .returning();
        await touch(tx, groupId);
        await writeAudit(tx, req, {
          module: 'scenic',
          action: 'addPictures',
          targetType: 'pictureGroup',
          targetId: groupId,
          after: added.map(toPicture),
        });
        return picturesOf(tx, groupId);
      });
      return ok(req, list.map(toPicture));
    },
  );

  app.post(
    pictureGroupApi.updatePicture,
    {
      config: { access: write },
      schema: {
        tags,
        summary: "Change a picture's caption",
        body: PictureUpdateSchema,
        response: { 200: envelopeSchema(PictureRowSchema) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const row = await db.transaction(async (tx) => {
        const where = and(eq(groupPictures.id, req.body.id), eq(groupPictures.scenicId, scenicId));
        const [before] = await tx.select().from(groupPictures).where(where).for('update');
        if (!before) throw new AppError(404, 'pictureNotFound');
        const [after] = await tx
          .update(groupPictures)
          .set({ caption: req.body.caption })
          .where(where)
          .returning();
        await touch(tx, before.groupId);
        await writeAudit(tx, req, {
          module: 'scenic',
          action: 'update',
          targetType: 'groupPicture',
          targetId: before.id,
          before: toPicture(before),
          after: toPicture(after!),
        });
        return after!;
      });
      return ok(req, toPicture(row));
    },
  );

  app.get(
    pictureGroupApi.deletePicture,
    {
      config: { access: write },
      schema: {
        tags,
        summary: 'Remove a picture from its group',
        querystring: z.object({ id: IdSchema }).strict(),
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      await db.transaction(async (tx) => {
        const [gone] = await tx
          .delete(groupPictures)
          .where(and(eq(groupPictures.id, req.query.id), eq(groupPictures.scenicId, scenicId)))
          .returning();
        if (!gone) throw new AppError(404, 'pictureNotFound');
        await touch(tx, gone.groupId);
        await writeAudit(tx, req, {
          module: 'scenic',
          action: 'delete',
          targetType: 'groupPicture',
          targetId: gone.id,
          before: toPicture(gone),
        });
      });
      return ok(req, null);
    },
  );

  app.post(
    pictureGroupApi.reorder,
    {
      config: { access: write },
      schema: {
        tags,
        summary:
          "Save a group's picture order in one transaction: every picture id of the group once, first shown first",
        body: PictureReorderSchema,
        response: { 200: picturesAnswer },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const { groupId, ids } = req.body;
      const list = await db.transaction(async (tx) => {
        await lockGroup(tx, scenicId, groupId);
        const before = await picturesOf(tx, groupId);
        const have = new Set(before.map((p) => p.id));
        if (ids.length !== have.size || ids.some((id) => !have.has(id)))
          throw new FieldError('ids', PictureGroupReason.reorderSet);
        // one statement: the new positions 1..n of the ids sent
        await tx.execute(sql`
          update ${groupPictures} set sort = v.position
          from unnest(array[${sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          )}]::int[]) with ordinality as v(id, position)
          where ${groupPictures.id} = v.id and ${groupPictures.groupId} = ${groupId}`);
        await touch(tx, groupId);
        await writeAudit(tx, req, {
          module: 'scenic',
          action: 'reorder',
          targetType: 'pictureGroup',
          targetId: groupId,
          before: before.map((p) => p.id),
          after: ids,
        });
        return picturesOf(tx, groupId);
      });
      return ok(req, list.map(toPicture));
    },
  );
}
