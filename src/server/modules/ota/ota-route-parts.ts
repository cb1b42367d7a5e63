import { and, eq } from 'drizzle-orm';
import { type OtaMappingRow } from '../../../shared/api/ota.ts';
import type { Db } from '../../db/client.ts';
import { AppError, FieldError } from '../../http/errors.ts';
import { findProduct } from '../products/index.ts';
import { otaMessages } from './ota.messages.ts';
import type { otaMappings } from './ota.table.ts';
import { otaChannels, type OtaChannel } from './ota.table.ts';

// Shared by the channel and mapping routes of /ota/otaManage and /ota/otaDetails.

/** A channel of the acting area (404 otherwise). */
export async function channelOf(db: Db, scenicId: number, id: number): Promise<OtaChannel> {
  const [c] = await db
    .select()
    .from(otaChannels)
    .where(and(eq(otaChannels.id, id), eq(otaChannels.scenicId, scenicId)));
  if (!c) throw new AppError(404, 'recordNotFound');
  return c;
}

/** A product of the acting area (400 naming productId otherwise). */
export async function checkProduct(db: Db, scenicId: number, productId: number) {
  const product = await findProduct(db, scenicId, productId);
  if (!product) throw new FieldError('productId', otaMessages.otaProductNotInArea);
  return product;
}

/** A unique-constraint violation (23505), from either database driver. */
export const isUnique = (err: unknown) => {
  const e = err as { code?: string; cause?: { code?: string } };
  return e.code === '23505' || e.cause?.code === '23505';
};

/** A mapping row as answered. */
export const mappingRow = (m: typeof otaMappings.$inferSelect, productName: string): OtaMappingRow => ({
  id: m.id,
  channelId: m.channelId,
  externalCode: m.externalCode,
  productId: m.productId,
  productName,
  price: m.price,
  status: m.status,
  createTime: m.createdAt.toISOString(),
});
