import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { ClientDeleteGuard } from '../oauth/index.ts';
import { copyrights } from './copyright.table.ts';

/** A client with branding records is not deleted (409): plugged into oauth's clientDeleteGuards. */
export const keepBrandedClient: ClientDeleteGuard = async (db: Db, clientId: string) => {
  const [branding] = await db
    .select({ id: copyrights.id })
    .from(copyrights)
    .where(eq(copyrights.clientId, clientId))
    .limit(1);
  if (branding) throw new AppError(409, 'clientHasBranding');
};
