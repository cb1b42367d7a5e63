import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import {
  distributorApi,
  DistributorResetPasswordSchema,
  DistributorApiClientResultSchema,
  DistributorApiClientSchema,
  DistributorStateSchema,
} from '../../../shared/api/distribution.ts';
import { perm, scenicScope } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { writeAudit } from '../audit/index.ts';
import { hashPassword, revokeAccountTokens } from '../auth/index.ts';
import { newClientSecret, oauthClients } from '../oauth/index.ts';
import { lockDistributor, moveDistributor } from './distribution.service.ts';
import { distributors } from './distribution.table.ts';
import { decryptPassword, okSchema } from './distribution-http.ts';

const d = distributors;

/** docs/product.md §2 /disManage/disList: enabling, disabling and the logins of a distributor. */
export async function distributorAccountRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;
  const tags = ['distribution'];

  app.post(
    distributorApi.state,
    {
      config: { access: perm('admin:distributor:edit') },
      schema: {
        tags,
        summary:
          'Freeze (1 → 2), unfreeze (2 → 1) or enable (3 → 1, needs its login account) a distributor, as a compare-and-set',
        body: DistributorStateSchema,
        response: { 200: okSchema },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const { id, move } = req.body;
      await db.transaction(async (tx) => {
        const before = await lockDistributor(tx, scenicId, id);
        if (move === 'enable' && before.adminId == null) throw new AppError(409, 'distributorNeedsAccount');
        const changed = await moveDistributor(tx, { scenicId, distributorId: id, move });
        await writeAudit(tx, req, {
          module: 'distribution',
          action: move,
          targetType: 'distributor',
          targetId: id,
          before: { state: before.state },
          after: { state: changed.to },
        });
      });
      return ok(req, null);
    },
  );

  app.post(
    distributorApi.resetPassword,
    {
      config: { access: perm('admin:distributor:resetPassword') },
      schema: {
        tags,
        summary:
          'Set a new initial password (encrypted) of the distributor’s login account: signs it out and forces a change at next login',
        body: DistributorResetPasswordSchema,
        response: { 200: okSchema },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const passwordHash = await hashPassword(decryptPassword(req, req.body.password));
      await db.transaction(async (tx) => {
        const before = await lockDistributor(tx, scenicId, req.body.id);
        if (before.adminId == null) throw new AppError(409, 'distributorNeedsAccount');
        await tx.execute(
          sql`update admins set password_hash = ${passwordHash}, must_change_password = true,
                password_changed_at = now(), failed_login_count = 0, locked_until = null, updated_at = now()
              where id = ${before.adminId} and scenic_id = ${scenicId} and adm_type = 3`,
        );
        await revokeAccountTokens(tx, before.adminId, 'password_reset');
        await writeAudit(tx, req, {
          module: 'distribution',
          action: 'resetPassword',
          targetType: 'distributor',
          targetId: req.body.id,
          after: { accountId: before.adminId },
        });
      });
      return ok(req, null, 'passwordReset');
    },
  );

  app.post(
    distributorApi.apiClient,
    {
      config: { access: perm('admin:distributor:apiClient') },
      schema: {
        tags,
        summary:
          'Issue the distributor its own OAuth client for the selling API (client_credentials), or re-key it: the secret is answered this once; the old secret and its tokens stop working',
        body: DistributorApiClientSchema,
        response: { 200: envelopeSchema(DistributorApiClientResultSchema) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const { secret, secretHash } = newClientSecret(false);
      const clientId = await db.transaction(async (tx) => {
        const before = await lockDistributor(tx, scenicId, req.body.id);
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
        await writeAudit(tx, req, {
          module: 'distribution',
          action: 'apiClient',
          targetType: 'distributor',
          targetId: before.id,
          after: { clientId: id, rekeyed: before.clientId != null },
        });
        return id;
      });
      return ok(req, { clientId, clientSecret: secret });
    },
  );
}
