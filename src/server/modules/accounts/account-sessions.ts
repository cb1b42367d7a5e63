import type { Db } from '../../db/client.ts';
import { extensionPoint } from '../../lib/extension-point.ts';

/**
 * Ends the live sessions of an account (its tokens), in the caller's transaction. Accounts does not
 * hold sessions: auth plugs the revocation of its tokens in through its manifest (auth.module.ts),
 * so accounts imports nothing above it.
 */
export type SessionRevoker = (db: Db, adminId: number, reason: string) => Promise<unknown>;

/** What ends an account's sessions when it is disabled or its password is reset. */
export const sessionRevokers = extensionPoint<SessionRevoker>('accounts.sessionRevokers');

/** Runs every plugged revoker; an error when none is (a disabled account must not keep working). */
export async function revokeSessions(db: Db, adminId: number, reason: string): Promise<void> {
  if (!sessionRevokers.items.length)
    throw new Error(`nothing plugged into ${sessionRevokers.name} (is src/server/modules.ts loaded?)`);
  for (const revoke of sessionRevokers.items) await revoke(db, adminId, reason);
}
