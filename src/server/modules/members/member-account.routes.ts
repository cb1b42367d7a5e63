import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelopeSchema } from '../../../shared/api/common.ts';
import {
  BalanceMoveResultSchema,
  MemberAdjustSchema,
  userApi,
  MemberConsumeSchema,
  MemberIdQuerySchema,
  MemberRowSchema,
} from '../../../shared/api/members.ts';
import { BALANCE_OP } from '../../../shared/dict/members.ts';
import type { Db } from '../../db/client.ts';
import { perm, requireAuth, scenicScope } from '../../http/access.ts';
import { audited, auditThrough, registerAction } from '../../http/action.ts';
import { updateRecord } from '../../http/crud.ts';
import { ok } from '../../http/envelope.ts';
import { AppError } from '../../http/errors.ts';
import { admins } from '../accounts/index.ts';
import { writeAudit } from '../audit/index.ts';
import { withIdempotency } from '../orders/index.ts';
import { decryptField, verifyPassword } from '../auth/index.ts';
import { adjustBalance, debitBalance } from './balance.service.ts';
import { recordSpend } from './levels.service.ts';
import { memberResource, memberRows } from './member-rows.ts';

/** The member actions' audit rows: the resource's (its helpers write them through auditThrough). */
const audit = { write: memberResource.audit, module: 'members', targetType: 'member' } as const;

/** docs/product.md §2 /user/userDetail: unbinding the phone, spending from and adjusting the balance. */
export async function memberAccountRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const { db, keys } = root.ctx;
  const tags = ['members'];

  registerAction(root, {
    method: 'GET',
    url: userApi.unbindPhone,
    access: perm('admin:user:update'),
    tag: 'members',
    summary:
      "Unbind a member's phone: the member keeps balance, points and coupons and can bind a phone again",
    querystring: MemberIdQuerySchema,
    response: MemberRowSchema,
    audit: { ...audit, action: 'unbindPhone' },
    run: async (tx, { scenicId, id }, req) => {
      const kept = auditThrough(memberResource);
      const values = { phone: null, updatedAt: new Date() };
      const record = await updateRecord(tx, req, kept.resource, id, scenicId, values, {
        action: 'unbindPhone',
        guard: (locked) => {
          if (locked.phone == null) throw new AppError(409, 'memberPhoneNotBound');
        },
      });
      return audited((await memberRows(tx, req, [record]))[0]!, kept.row());
    },
  });

  // hand-registered: with an Idempotency-Key the charge runs in withIdempotency's own transaction (a
  // replay answers the first charge), so no action transaction can hold it
  app.get(
    userApi.consume,
    {
      config: { access: perm('admin:user:consume') },
      // it checks the operator's password: no faster guessing than at the login
      preHandler: root.passwordAttempts,
      schema: {
        tags,
        summary:
          "Counter consumption (docs/product.md §3 consume payload): the operator's own password (encrypted), the amount in cents taken off the balance",
        description:
          'Debits the balance (ledger operation 2) and counts the amount as spend (points, level) in one transaction. Wrong password: 400 naming admPassword; more than the balance: 409; a frozen member: 409.',
        querystring: MemberConsumeSchema,
        response: { 200: envelopeSchema(BalanceMoveResultSchema) },
      },
    },
    async (req) => {
      const auth = requireAuth(req);
      const scenicId = scenicScope(req);
      const q = req.query;
      const password = decryptField(keys, 'admPassword', q.admPassword);
      const [operator] = await db
        .select({ passwordHash: admins.passwordHash })
        .from(admins)
        .where(eq(admins.id, auth.adminId));
      if (!operator || !(await verifyPassword(password, operator.passwordHash)))
        throw new AppError(400, 'counterPasswordWrong', { data: { field: 'admPassword' } });
      const charge = async (tx: Db) => {
        const moved = await debitBalance(tx, {
          scenicId,
          memberId: q.wxUserId,
          operation: BALANCE_OP.consume,
          amount: q.conOperateMoney,
          remark: q.conRemark,
          adminId: auth.adminId,
        });
        await recordSpend(tx, scenicId, q.wxUserId, q.conOperateMoney);
        await writeAudit(tx, req, {
          module: 'members',
          action: 'consume',
          targetType: 'member',
          targetId: q.wxUserId,
          after: {
            amount: q.conOperateMoney,
            balance: moved.balanceAfter,
            remark: q.conRemark,
            ledgerId: moved.id,
          },
        });
        return { ledgerId: moved.id, balance: moved.balanceAfter };
      };
      // with an Idempotency-Key (the console sends one per dialog), a repeated charge answers the first
      const { admPassword: _password, ...charged } = q;
      const data = req.headers['idempotency-key']
        ? await withIdempotency(db, req, charge, charged)
        : await db.transaction(charge);
      return ok(req, data);
    },
  );

  registerAction(root, {
    url: userApi.adjust,
    access: perm('admin:user:adjust'),
    tag: 'members',
    summary: 'Adjust a balance by staff (ledger operation 5), up or down, with a reason; never below 0 (409)',
    body: MemberAdjustSchema,
    response: BalanceMoveResultSchema,
    audit: { ...audit, action: 'adjust' },
    run: async (tx, { scenicId, adminId, id, change, reason }) => {
      const moved = await adjustBalance(tx, {
        scenicId,
        memberId: id,
        change,
        amount: Math.abs(change),
        remark: reason,
        adminId,
      });
      return audited(
        { ledgerId: moved.id, balance: moved.balanceAfter },
        { targetId: id, after: { change, balance: moved.balanceAfter, reason, ledgerId: moved.id } },
      );
    },
  });
}
