import { and, desc, eq, gte, ilike, isNotNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PasswordSchema } from '../../../shared/api/auth.ts';
import { envelopeSchema } from '../../../shared/api/common.ts';
import {
  ApplicationApproveSchema,
  ApplicationPageSchema,
  ApplicationRejectSchema,
  DistributorApplySchema,
  distributorApi,
  distributorApplyApi,
  DistributorCreateSchema,
  DistributorOptionSchema,
  DistributorPageSchema,
  DistributorResetPasswordSchema,
  DistributorApiClientResultSchema,
  DistributorApiClientSchema,
  DistributorRowSchema,
  DistributorStateSchema,
  DistributorUpdateSchema,
  type ApplicationPage,
  type DistributorPage,
  type DistributorRow,
} from '../../../shared/api/distribution.ts';
import { ValidationMessage } from '../../../shared/api/validation-messages.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import {
  DISTRIBUTOR_STATE,
  DistributionField,
  DistributionText,
  DistributorState,
} from '../../../shared/dict/distribution.ts';
import { perm, requireAuth, scenicScope } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { AppError, FieldError } from '../../http/errors.ts';
import type { ExportColumn } from '../../http/export.ts';
import { registerListResource } from '../../http/list-resource.ts';
import { likeContains } from '../../http/paging.ts';
import { writeAudit } from '../audit/index.ts';
import { decryptField, hashPassword, revokeAccountTokens } from '../auth/index.ts';
import { newClientSecret, oauthClients } from '../oauth/index.ts';
import { distributorRows, distributorScope, ownRows } from './distribution-rows.ts';
import {
  approveApplication,
  createDistributorWithAccount,
  lockDistributor,
  moveDistributor,
} from './distribution.service.ts';
import { distributors } from './distribution.table.ts';
import { createDistributor } from './ledger.service.ts';

/** An RSA-encrypted password, decrypted and checked against the password rule (400 naming `password`). */
function decryptPassword(req: FastifyRequest, encrypted: string): string {
  const plain = decryptField(req.server.ctx.keys, 'password', encrypted);
  if (!PasswordSchema.safeParse(plain).success)
    throw new FieldError('password', ValidationMessage.passwordPolicy);
  return plain;
}

const d = distributors;

const distributorWhere = (scenicId: number, q: DistributorPage) =>
  and(
    eq(d.scenicId, scenicId),
    q.company ? ilike(d.company, likeContains(q.company)) : undefined,
    q.contact ? ilike(d.contact, likeContains(q.contact)) : undefined,
    q.phone ? ilike(d.phone, likeContains(q.phone)) : undefined,
    q.username
      ? sql`${d.adminId} in (select id from admins where scenic_id = ${scenicId} and lower(username) = lower(${q.username}))`
      : undefined,
    q.state ? eq(d.state, q.state) : undefined,
    q.createTimeFrom ? gte(d.createdAt, new Date(q.createTimeFrom)) : undefined,
    q.createTimeTo ? lte(d.createdAt, new Date(q.createTimeTo)) : undefined,
  );

/** Applications: those waiting (4) and those already reviewed, whatever their state since. */
const applicationWhere = (scenicId: number, q: ApplicationPage) =>
  and(
    eq(d.scenicId, scenicId),
    or(eq(d.state, DISTRIBUTOR_STATE.underReview), isNotNull(d.reviewedAt)),
    q.company ? ilike(d.company, likeContains(q.company)) : undefined,
    q.phone ? ilike(d.phone, likeContains(q.phone)) : undefined,
    q.state ? eq(d.state, q.state) : undefined,
    q.createTimeFrom ? gte(d.createdAt, new Date(q.createTimeFrom)) : undefined,
    q.createTimeTo ? lte(d.createdAt, new Date(q.createTimeTo)) : undefined,
  );

const DISTRIBUTOR_EXPORT: ExportColumn<DistributorRow>[] = [
  { header: DistributionField.id, value: (r) => r.id, kind: 'number' },
  { header: DistributionField.company, value: (r) => r.company, width: 24 },
  { header: DistributionField.contact, value: (r) => r.contact },
  { header: DistributionField.phone, value: (r) => r.phone, width: 16 },
  { header: DistributionField.username, value: (r) => r.username, width: 16 },
  { header: DistributionField.state, value: (r, lang) => dictLabel(DistributorState, r.state, lang) },
  { header: DistributionField.balance, value: (r) => r.balance, kind: 'money' },
  { header: DistributionField.held, value: (r) => r.held, kind: 'money' },
  { header: DistributionField.creditLimit, value: (r) => r.creditLimit, kind: 'money' },
  { header: DistributionField.creditUsed, value: (r) => r.creditUsed, kind: 'money' },
  { header: DistributionField.creditAvailable, value: (r) => r.creditAvailable, kind: 'money' },
  { header: DistributionField.createTime, value: (r) => r.createTime, kind: 'datetime', width: 20 },
  { header: DistributionField.remark, value: (r) => r.remark, width: 24 },
];

const okSchema = envelopeSchema(z.null());
const idSchema = envelopeSchema(z.object({ id: z.number().int() }));

/** docs/product.md §2 /disManage/accManage, /disManage/details and /disManage/information. */
export async function distributorRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db } = root.ctx;
  const tags = ['distribution'];

  const one = async (scenicId: number, id: number) => {
    const [row] = await db
      .select()
      .from(d)
      .where(and(eq(d.id, id), eq(d.scenicId, scenicId)));
    return row ? (await distributorRows(db, [row]))[0]! : null;
  };

  registerListResource(root, {
    tag: 'distribution',
    api: { page: distributorApi.page, export: distributorApi.export, query: distributorApi.query },
    perms: { page: 'admin:distributor:page' },
    table: d,
    where: distributorWhere,
    sort: {
      createTime: d.createdAt,
      balance: d.balance,
      creditUsed: d.creditUsed,
      creditLimit: d.creditLimit,
    },
    order: [desc(d.createdAt), desc(d.id)],
    rowSchema: DistributorRowSchema,
    rows: (records, { db: x }) => distributorRows(x, records),
    resource: {
      table: d,
      id: d.id,
      scenic: d.scenicId,
      module: 'distribution',
      targetType: 'distributor',
      audit: writeAudit,
    },
    page: {
      summary: 'Distributors of the acting area with their money and login',
      body: DistributorPageSchema,
    },
    export: {
      summary: 'The distributors of the current filter (all pages) as .xlsx',
      fileName: DistributionText.distributorsExport,
      columns: DISTRIBUTOR_EXPORT,
    },
    query: {
      summary: 'One distributor of the acting area (/disManage/details)',
    },
  });

  app.post(
    distributorApi.create,
    {
      config: { access: perm('admin:distributor:edit') },
      schema: {
        tags,
        summary:
          'Create a normal distributor and its login account (admType 3, role `distributor`, password encrypted, changed at first login) in one transaction',
        body: DistributorCreateSchema,
        response: { 200: idSchema },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const auth = requireAuth(req);
      const { password, ...body } = req.body;
      const passwordHash = await hashPassword(decryptPassword(req, password));
      const created = await db.transaction(async (tx) => {
        const result = await createDistributorWithAccount(tx, {
          ...body,
          scenicId,
          passwordHash,
          adminId: auth.adminId,
        });
        await writeAudit(tx, req, {
          module: 'distribution',
          action: 'create',
          targetType: 'distributor',
          targetId: result.id,
          after: { ...body, accountId: result.adminId },
        });
        return result;
      });
      return ok(req, { id: created.id });
    },
  );

  app.post(
    distributorApi.update,
    {
      config: { access: perm('admin:distributor:edit') },
      schema: {
        tags,
        summary:
          'Edit a distributor’s profile and price tier; only the fields sent change (money and state have their own routes)',
        body: DistributorUpdateSchema,
        response: { 200: envelopeSchema(DistributorRowSchema) },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const { id, ...values } = req.body;
      const before = await one(scenicId, id);
      if (!before) throw new AppError(404, 'distributorNotFound');
      await db.transaction(async (tx) => {
        if (Object.keys(values).length)
          await tx
            .update(d)
            .set({ ...values, updatedAt: new Date() })
            .where(and(eq(d.id, id), eq(d.scenicId, scenicId)));
        await writeAudit(tx, req, {
          module: 'distribution',
          action: 'update',
          targetType: 'distributor',
          targetId: id,
          before: {
            company: before.company,
            contact: before.contact,
            phone: before.phone,
            tierId: before.tierId,
            remark: before.remark,
          },
          after: values,
        });
      });
      return ok(req, (await one(scenicId, id))!);
    },
  );

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

  app.get(
    distributorApi.options,
    {
      config: { access: perm('admin:disRecharge:create', { distributor: 'own' }) },
      schema: {
        tags,
        summary: 'Distributors to pick in a form (a distributor account gets only its own)',
        response: { 200: envelopeSchema(z.array(DistributorOptionSchema)) },
      },
    },
    async (req) => {
      const scope = distributorScope(req);
      const rows = await db
        .select({ id: d.id, company: d.company, state: d.state })
        .from(d)
        .where(and(eq(d.scenicId, scope.scenicId), ownRows(d.id, scope)))
        .orderBy(d.company, d.id);
      return ok(req, rows);
    },
  );

  // ---- /disManage/information ----

  registerListResource(root, {
    tag: 'distribution',
    api: { page: distributorApplyApi.page },
    perms: { page: 'admin:disApply:page' },
    table: d,
    where: applicationWhere,
    sort: { createTime: d.createdAt },
    order: [sql`${d.state} = ${DISTRIBUTOR_STATE.underReview} desc`, desc(d.createdAt), desc(d.id)],
    rowSchema: DistributorRowSchema,
    rows: (records, { db: x }) => distributorRows(x, records),
    page: {
      summary: 'Applications of new distributors: those under review first, then those reviewed',
      body: ApplicationPageSchema,
    },
  });

  app.post(
    distributorApplyApi.apply,
    {
      config: { access: perm('admin:disApply:review') },
      schema: {
        tags,
        summary: 'Record an application (a distributor under review, no login account yet)',
        body: DistributorApplySchema,
        response: { 200: idSchema },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const id = await db.transaction(async (tx) => {
        const created = await createDistributor(tx, {
          scenicId,
          ...req.body,
          state: DISTRIBUTOR_STATE.underReview,
        });
        await writeAudit(tx, req, {
          module: 'distribution',
          action: 'apply',
          targetType: 'distributor',
          targetId: created.id,
          after: req.body,
        });
        return created.id;
      });
      return ok(req, { id });
    },
  );

  app.post(
    distributorApplyApi.approve,
    {
      config: { access: perm('admin:disApply:review') },
      schema: {
        tags,
        summary:
          'Approve an application (4 → 1), creating its login account when it has none (username and encrypted password then required); the reviewer is recorded',
        body: ApplicationApproveSchema,
        response: { 200: okSchema },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const auth = requireAuth(req);
      const { id, username, password, reviewRemark } = req.body;
      const passwordHash = password ? await hashPassword(decryptPassword(req, password)) : undefined;
      await db.transaction(async (tx) => {
        await approveApplication(tx, {
          scenicId,
          distributorId: id,
          username,
          passwordHash,
          reviewer: auth.adminId,
          remark: reviewRemark,
        });
        await writeAudit(tx, req, {
          module: 'distribution',
          action: 'approve',
          targetType: 'distributor',
          targetId: id,
          before: { state: DISTRIBUTOR_STATE.underReview },
          after: { state: DISTRIBUTOR_STATE.normal, reviewRemark },
        });
      });
      return ok(req, null);
    },
  );

  app.post(
    distributorApplyApi.reject,
    {
      config: { access: perm('admin:disApply:review') },
      schema: {
        tags,
        summary: 'Reject an application (4 → 3) with the reason; the reviewer is recorded',
        body: ApplicationRejectSchema,
        response: { 200: okSchema },
      },
    },
    async (req) => {
      const scenicId = scenicScope(req);
      const auth = requireAuth(req);
      const { id, reviewRemark } = req.body;
      await db.transaction(async (tx) => {
        await moveDistributor(tx, {
          scenicId,
          distributorId: id,
          move: 'reject',
          review: { adminId: auth.adminId, remark: reviewRemark },
        });
        await writeAudit(tx, req, {
          module: 'distribution',
          action: 'reject',
          targetType: 'distributor',
          targetId: id,
          before: { state: DISTRIBUTOR_STATE.underReview },
          after: { state: DISTRIBUTOR_STATE.notEnabled, reviewRemark },
        });
      });
      return ok(req, null);
    },
  );
}
