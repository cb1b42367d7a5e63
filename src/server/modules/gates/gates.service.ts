import { and, asc, eq, inArray } from 'drizzle-orm';
import type { GateOption } from '../../../shared/api/gates.ts';
import type { Db } from '../../db/client.ts';
import { gates } from './gates.table.ts';

/** Every gate of an area, for selects (staff cards) and name lookups. */
export async function gateOptions(db: Db, scenicId: number): Promise<GateOption[]> {
  return db
    .select({
      id: gates.id,
      code: gates.code,
      name: gates.name,
      gateType: gates.gateType,
      status: gates.status,
    })
    .from(gates)
    .where(eq(gates.scenicId, scenicId))
    .orderBy(asc(gates.code), asc(gates.id));
}

/** The ids among `ids` that are not gates of the area (another area's, or none at all). */
export async function foreignGateIds(db: Db, scenicId: number, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) return [];
  const found = await db
    .select({ id: gates.id })
    .from(gates)
    .where(and(eq(gates.scenicId, scenicId), inArray(gates.id, [...ids])));
  const known = new Set(found.map((g) => g.id));
  return ids.filter((id) => !known.has(id));
}
