import { and, desc, eq, gte, ilike, lte, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import {
  distributorApi,
  DistributorCreateSchema,
  DistributorOptionSchema,
  DistributorPageSchema,
  DistributorRowSchema,
  DistributorUpdateSchema,
  type DistributorPage,
  type DistributorRow,
} from '../../../shared/api/distribution.ts';
import { dictLabel } from '../../../shared/dict/dict.ts';
import { DistributionField, DistributionText, DistributorState } from '../../../shared/dict/distribution.ts';
import { perm, requireAuth, scenicScope } from '../../http/access.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import type { ExportColumn } from '../../http/export.ts';
import { registerListResource } from '../../http/list-resource.ts';
import { likeContains } from '../../http/paging.ts';
import { writeAudit } from '../audit/index.ts';
import { hashPassword } from '../auth/index.ts';
import { distributorRows, distributorScope, ownRows } from './distribution-rows.ts';
import { createDistributorWithAccount } from './distribution.service.ts';
import { distributors } from './distribution.table.ts';
import { decryptPassword, idSchema } from './distribution-http.ts';

// hand-registered (file): the create and update of a distributor are not yet actions (issue 29), a staff write still to convert; options is a read for a form's picker

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

/** docs/product.md §2 /disManage/accManage and /disManage/details. */
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
}
