import { and, count, eq, max, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdSchema } from '../../../shared/api/common.ts';
import {
  PictureAddSchema,
  pictureGroupApi,
  PictureListQuerySchema,
  PictureReorderSchema,
  PictureRowSchema,
  PictureUpdateSchema,
} from '../../../shared/api/picture-groups.ts';
import { MAX_GROUP_PICTURES, PictureGroupReason } from '../../../shared/dict/picture-groups.ts';
import { scenicScope } from '../../http/access.ts';
import { audited, registerAction } from '../../http/action.ts';
import { ok } from '../../http/envelope.ts';
import { AppError, FieldError } from '../../http/errors.ts';
import { writeAudit } from '../audit/index.ts';
import {
  lockGroup,
  picturesAnswer,
  picturesOf,
  read,
  tags,
  toPicture,
  touch,
  write,
} from './picture-groups-http.ts';
import { groupPictures, pictureGroups } from './picture-groups.table.ts';

const tag = 'scenic';
const pictureList = z.array(PictureRowSchema);
/** The pictures' audit rows (every write below): the scenic module's. */
const audit = { write: writeAudit, module: 'scenic' } as const;

/** docs/product.md §2 /scenic/pictureCate: a group's pictures, and adding to them. */
export async function groupPictureRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;

  // hand-registered: a read that is not a list resource
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

  registerAction(root, {
    url: pictureGroupApi.addPictures,
    access: write,
    tag,
    summary: `Add uploaded pictures after the group's last one, in the order sent (at most ${MAX_GROUP_PICTURES} a group)`,
    body: PictureAddSchema,
    response: pictureList,
    audit: { ...audit, action: 'addPictures', targetType: 'pictureGroup' },
    run: async (tx, { scenicId, groupId, pictures }) => {
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
      const list = (await picturesOf(tx, groupId)).map(toPicture);
      return audited(list, { targetId: groupId, after: added.map(toPicture) });
    },
  });
}

/** docs/product.md §2 /scenic/pictureCate: a picture's caption, its removal, and the group's order. */
export async function groupPictureEditRoutes(root: FastifyInstance) {
  registerAction(root, {
    url: pictureGroupApi.updatePicture,
    access: write,
    tag,
    summary: "Change a picture's caption",
    body: PictureUpdateSchema,
    response: PictureRowSchema,
    audit: { ...audit, action: 'update', targetType: 'groupPicture' },
    run: async (tx, { scenicId, id, caption }) => {
      const where = and(eq(groupPictures.id, id), eq(groupPictures.scenicId, scenicId));
      const [before] = await tx.select().from(groupPictures).where(where).for('update');
      if (!before) throw new AppError(404, 'pictureNotFound');
      const [after] = await tx.update(groupPictures).set({ caption }).where(where).returning();
      await touch(tx, before.groupId);
      const row = toPicture(after!);
      return audited(row, { targetId: before.id, before: toPicture(before), after: row });
    },
  });

  registerAction(root, {
    method: 'GET',
    url: pictureGroupApi.deletePicture,
    access: write,
    tag,
    summary: 'Remove a picture from its group',
    querystring: z.object({ id: IdSchema }).strict(),
    response: z.null(),
    audit: { ...audit, action: 'delete', targetType: 'groupPicture' },
    run: async (tx, { scenicId, id }) => {
      const [gone] = await tx
        .delete(groupPictures)
        .where(and(eq(groupPictures.id, id), eq(groupPictures.scenicId, scenicId)))
        .returning();
      if (!gone) throw new AppError(404, 'pictureNotFound');
      await touch(tx, gone.groupId);
      return audited(null, { targetId: gone.id, before: toPicture(gone) });
    },
  });

  registerAction(root, {
    url: pictureGroupApi.reorder,
    access: write,
    tag,
    summary:
      "Save a group's picture order in one transaction: every picture id of the group once, first shown first",
    body: PictureReorderSchema,
    response: pictureList,
    audit: { ...audit, action: 'reorder', targetType: 'pictureGroup' },
    run: async (tx, { scenicId, groupId, ids }) => {
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
      const list = (await picturesOf(tx, groupId)).map(toPicture);
      return audited(list, { targetId: groupId, before: before.map((p) => p.id), after: ids });
    },
  });
}
