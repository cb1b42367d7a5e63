import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import { PictureRowSchema, type PictureRow } from '../../../shared/api/picture-groups.ts';
import type { Db } from '../../db/client.ts';
import { perm } from '../../http/access.ts';
import { AppError } from '../../http/errors.ts';
import {
  groupPictures,
  pictureGroups,
  type GroupPicture,
  type PictureGroup,
} from './picture-groups.table.ts';

export const toPicture = (p: GroupPicture): PictureRow => ({
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
export async function lockGroup(tx: Db, scenicId: number, groupId: number): Promise<PictureGroup> {
  const [group] = await tx
    .select()
    .from(pictureGroups)
    .where(and(eq(pictureGroups.id, groupId), eq(pictureGroups.scenicId, scenicId)))
    .for('update');
  if (!group) throw new AppError(404, 'pictureGroupNotFound');
  return group;
}

export const touch = (tx: Db, groupId: number) =>
  tx.update(pictureGroups).set({ updatedAt: new Date() }).where(eq(pictureGroups.id, groupId));
export const picturesAnswer = envelopeSchema(z.array(PictureRowSchema));

export const tags = ['scenic'];
export const read = perm('admin:scenicPictureGroup:page');
export const write = perm('admin:scenicPictureGroup:update');
