import { and, eq } from 'drizzle-orm';
import { TravellerInputSchema, type TravellerInput } from '../../../shared/api/members.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { RequestValidationError } from '../../http/validation.ts';
import { members, travellers, type Traveller } from './members.table.ts';

const isUniqueViolation = (error: unknown): boolean => {
  for (let e: unknown = error, depth = 0; e && depth < 3; e = (e as { cause?: unknown }).cause, depth++) {
    const pg = e as { code?: string; constraint?: string };
    if (pg.code === '23505' && pg.constraint === 'travellers_member_id_number_uq') return true;
  }
  return false;
};

/**
 * Saves a frequent traveller for a member of the area (the member API): the input is checked like a
 * request (400 naming the field: the mainland ID number with its check character), the member must
 * be of the area (404), and one member saves a document number once (409).
 */
export async function createTraveller(
  tx: Db,
  target: { scenicId: number; memberId: number },
  input: TravellerInput,
): Promise<Traveller> {
  const parsed = TravellerInputSchema.safeParse(input, { reportInput: true });
  if (!parsed.success) throw new RequestValidationError(parsed.error.issues, 'body');
  const [member] = await tx
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.id, target.memberId), eq(members.scenicId, target.scenicId)));
  if (!member) throw new AppError(404, 'memberNotFound');
  const values = { ...parsed.data, scenicId: target.scenicId, memberId: target.memberId };
  // a savepoint: a duplicate leaves the caller's transaction usable
  try {
    return await tx.transaction(async (inner) => {
      const [row] = await inner.insert(travellers).values(values).returning();
      if (!row) throw new Error('insert returned no row');
      return row;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError(409, 'travellerTaken', { data: { field: 'idNumber' } });
    throw error;
  }
}

/** Removes a member's own traveller (the member API); 404 when it is not theirs. */
export async function deleteTraveller(
  tx: Db,
  target: { scenicId: number; memberId: number },
  id: number,
): Promise<void> {
  const gone = await tx
    .delete(travellers)
    .where(
      and(
        eq(travellers.id, id),
        eq(travellers.memberId, target.memberId),
        eq(travellers.scenicId, target.scenicId),
      ),
    )
    .returning({ id: travellers.id });
  if (!gone.length) throw new AppError(404, 'travellerNotFound');
}
