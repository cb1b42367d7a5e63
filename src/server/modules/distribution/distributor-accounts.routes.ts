import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  distributorApi,
  DistributorResetPasswordSchema,
  DistributorApiClientResultSchema,
  DistributorApiClientSchema,
  DistributorStateSchema,
} from '../../../shared/api/distribution.ts';
import { perm } from '../../http/access.ts';
import { audited, registerAction } from '../../http/action.ts';
import { AppError } from '../../http/errors.ts';
import { writeAudit } from '../audit/index.ts';
import { hashPassword, revokeAccountTokens } from '../auth/index.ts';
import { newClientSecret, oauthClients } from '../oauth/index.ts';
import { lockDistributor, moveDistributor } from './distribution.service.ts';
import { distributors } from './distribution.table.ts';
import { decryptPassword } from './distribution-http.ts';

const d = distributors;
/** The distributors' audit rows (the writes below). */
const audit = { write: writeAudit, module: 'distribution', targetType: 'distributor' } as const;

/** docs/product.md §2 /disManage/disList: enabling, disabling and the logins of a distributor. */
export async function distributorAccountRoutes(root: FastifyInstance) {
  registerAction(root, {
    url: distributorApi.state,
    access: perm('admin:distributor:edit'),
    tag: 'distribution',
    summary:
      'Freeze (1 → 2), unfreeze (2 → 1) or enable (3 → 1, needs its login account) a distributor, as a compare-and-set',
    body: DistributorStateSchema,
    response: z.null(),
    audit: { ...audit, action: 'state' },
    run: async (tx, { scenicId, id, move }) => {
      const before = await lockDistributor(tx, scenicId, id);
      if (move === 'enable' && before.adminId == null) throw new AppError(409, 'distributorNeedsAccount');
      const changed = await moveDistributor(tx, { scenicId, distributorId: id, move });
      return audited(null, {
        targetId: id,
        action: move,
        before: { state: before.state },
        after: { state: changed.to },
      });
    },
  });

  registerAction(root, {
    url: distributorApi.resetPassword,
    access: perm('admin:distributor:resetPassword'),
    tag: 'distribution',
    summary:
      'Set a new initial password (encrypted) of the distributor’s login account: signs it out and forces a change at next login',
    body: DistributorResetPasswordSchema,
    response: z.null(),
    message: 'passwordReset',
    audit: { ...audit, action: 'resetPassword' },
    run: async (tx, { scenicId, id, password }, req) => {
      const passwordHash = await hashPassword(decryptPassword(req, password));
      const before = await lockDistributor(tx, scenicId, id);
      if (before.adminId == null) throw new AppError(409, 'distributorNeedsAccount');
      await tx.execute(
        sql`update admins set password_hash = ${passwordHash}, must_change_password = true,
              password_changed_at = now(), failed_login_count = 0, locked_until = null, updated_at = now()
            where id = ${before.adminId} and scenic_id = ${scenicId} and adm_type = 3`,
      );
      await revokeAccountTokens(tx, before.adminId, 'password_reset');
      return audited(null, { targetId: id, after: { accountId: before.adminId } });
    },
  });

  registerAction(root, {
    url: distributorApi.apiClient,
    access: perm('admin:distributor:apiClient'),
    tag: 'distribution',
    summary:
      'Issue the distributor its own OAuth client for the selling API (client_credentials), or re-key it: the secret is answered this once; the old secret and its tokens stop working',
    body: DistributorApiClientSchema,
    response: DistributorApiClientResultSchema,
    audit: { ...audit, action: 'apiClient' },
    run: async (tx, { scenicId, id: distributorId }) => {
      const { secret, secretHash } = newClientSecret(false);
      const before = await lockDistributor(tx, scenicId, distributorId);
      if (before.adminId == null) throw new AppError(409, 'distributorNeedsAccount');
      const id = before.clientId ?? `agency${before.id}`;
      const values = { secretHash, grantTypes: ['client_credentials'], status: 1, updatedAt: sql`now()` };
      await tx
        .insert(oauthClients)
        .values({
          clientId: id,
          name: before.company.slice(0, 100),
          publicSecret: null,
          scenicId,
          callerKind: 'agency',
          ...values,
        })
        .onConflictDoUpdate({ target: oauthClients.clientId, set: values });
      // the old secret's tokens stop working with it
      await tx.execute(
        sql`update tokens set revoked_at = now(), revoked_reason = 'secret_rotated'
            where client_id = ${id} and revoked_at is null`,
      );
      await tx
        .update(d)
        .set({ clientId: id, updatedAt: sql`now()` })
        .where(eq(d.id, before.id));
      return audited(
        { clientId: id, clientSecret: secret },
        { targetId: before.id, after: { clientId: id, rekeyed: before.clientId != null } },
      );
    },
  });
}
