import type { Db } from '../db/client.ts';
import type { ExtensionPoint } from './extension-point.ts';

/**
 * How many rows of another module refer to one record: what a delete guard asks before it removes
 * the record (the foreign key would refuse the delete anyway; the guard answers 409 with the count).
 * A module whose records others refer to declares a point of these; the module that refers plugs its
 * count in through its manifest, so the referred-to module imports nothing above it.
 */
export type UseCounter = (db: Db, id: number) => Promise<number>;

/** The uses of record `id` that every plugged counter finds, summed. */
export async function countUses(point: ExtensionPoint<UseCounter>, db: Db, id: number): Promise<number> {
  let n = 0;
  for (const count of point.items) n += await count(db, id);
  return n;
}
