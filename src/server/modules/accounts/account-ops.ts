import { and, asc, eq, inArray, ne, type SQL } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AccountCreate, AccountRow, AccountUpdate } from '../../../shared/api/accounts.ts';
import { PasswordSchema } from '../../../shared/api/auth.ts';
import { ValidationMessage } from '../../../shared/api/validation-messages.ts';
import { ADM_TYPE, DISABLED } from '../../../shared/dict/account.ts';
import type { Db } from '../../db/client.ts';
import { requireAuth, scenicScope } from '../../http/access.ts';
import { auditedInRun } from '../../http/action.ts';
import { createRecord, updateRecord, type Resource } from '../../http/crud.ts';
import { AppError, FieldError } from '../../http/errors.ts';
import { decryptField } from '../../http/password-transport.ts';
import { hashPassword } from '../../lib/password.ts';
import { writeAudit } from '../audit/index.ts';
import {
  checkAdmType,
  checkPayType,
  checkRoleIds,
  isPlatform,
  keepingWildcard,
  replaceAccountRoles,
  roleIdsOf,
} from './accounts.service.ts';
import { adminRoles, admins, roles } from './accounts.table.ts';
import { checkAccountWithinReach, checkGrantable, permissionsOfRoles } from './privilege.ts';
import { revokeSessions } from './account-sessions.ts';

// The account operations of /sys/admin, shared with screens that manage one kind of account
// (/shop/accountManage): each takes an optional `where` that narrows which accounts it may touch
// (another account is then a 404) and hooks for the caller's own rows, written in the same transaction.

type Admin = typeof admins.$inferSelect;

export const accountResource: Resource<typeof admins> = {
  table: admins,
  id: admins.id,
  scenic: admins.scenicId,
  module: 'sys',
  targetType: 'admin',
  audit: writeAudit,
};

/** Platform accounts exist for platform callers only; to anyone else they are not there (404). */
export function visibleTo(req: FastifyRequest) {
  return isPlatform(requireAuth(req)) ? undefined : ne(admins.admType, ADM_TYPE.platform);
}

/** Role ids for the audit snapshot of an account (the hash is dropped by writeAudit). */
export const withRoleIds = async (tx: Db, row: Admin) => ({ roleIds: await roleIdsOf(tx, row.id) });

export interface AccountHooks {
  /** narrows the accounts the operation may touch */
  where?: SQL | undefined;
  /** the caller's own rows of the account, in the same transaction */
  write?: (tx: Db, row: Admin) => Promise<void>;
  /** extra fields of the audit snapshot (role ids are always there) */
  snapshot?: (tx: Db, row: Admin) => Promise<Record<string, unknown>>;
}

const snapshotWith =
  (hooks: AccountHooks) =>
  async (tx: Db, row: Admin): Promise<Record<string, unknown>> => ({
    ...(await withRoleIds(tx, row)),
    ...(hooks.snapshot ? await hooks.snapshot(tx, row) : {}),
  });

/** Decrypts a password sent encrypted and checks the password policy; 400 naming `password`. */
export function decryptPassword(req: FastifyRequest, encrypted: string): string {
  const plain = decryptField(req.server.ctx.keys, 'password', encrypted);
  if (!PasswordSchema.safeParse(plain).success) {
    throw new FieldError('password', ValidationMessage.passwordPolicy);
  }
  return plain;
}

/** List rows of accounts with the roles they hold; never the password hash. */
export async function accountRows(db: Db, page: Admin[]): Promise<AccountRow[]> {
  const ids = page.map((r) => r.id);
  const held = ids.length
    ? await db
        .select({ adminId: adminRoles.adminId, id: roles.id, code: roles.code, name: roles.name })
        .from(adminRoles)
        .innerJoin(roles, eq(roles.id, adminRoles.roleId))
        .where(inArray(adminRoles.adminId, ids))
        .orderBy(asc(roles.id))
    : [];
  return page.map((r) => ({
    id: r.id,
    username: r.username,
    nickname: r.nickname,
    avatar: r.avatar,
    introduction: r.introduction,
    admType: r.admType,
    payType: r.payType,
    status: r.status,
    scenicId: r.scenicId,
    mustChangePassword: r.mustChangePassword,
    lockedUntil: r.lockedUntil && r.lockedUntil > new Date() ? r.lockedUntil.toISOString() : null,
    lastLoginTime: r.lastLoginAt?.toISOString() ?? null,
    lastLoginIp: r.lastLoginIp,
    createTime: r.createdAt.toISOString(),
    updateTime: r.updatedAt.toISOString(),
    roles: held.filter((h) => h.adminId === r.id).map(({ id, code, name }) => ({ id, code, name })),
  }));
}

/**
 * Creates an account in the acting area with an initial password (encrypted), changed at first
 * login; its roles must be assignable here and within the caller's own permissions.
 */
export async function createAccount(
  db: Db,
  req: FastifyRequest,
  input: AccountCreate,
  hooks: Omit<AccountHooks, 'where'> = {},
): Promise<Admin> {
  const auth = requireAuth(req);
  const scenicId = scenicScope(req);
  const { password, roleIds, ...body } = input;
  checkAdmType(auth, body.admType);
  checkPayType(body.admType, body.payType);
  const ids = await checkRoleIds(db, auth, scenicId, roleIds);
  checkGrantable(auth, await permissionsOfRoles(db, ids), 'roleIds');
  const passwordHash = await hashPassword(decryptPassword(req, password));
  return createRecord(
    db,
    req,
    accountResource,
    { ...body, scenicId, passwordHash, mustChangePassword: true },
    {
      write: async (tx, created) => {
        if (ids.length)
          await tx.insert(adminRoles).values(ids.map((roleId) => ({ adminId: created.id, roleId })));
        await hooks.write?.(tx, created);
      },
      snapshot: snapshotWith(hooks),
    },
  );
}

/** Edits an account (not its password); role and status changes apply at its next request. */
export async function updateAccount(
  db: Db,
  req: FastifyRequest,
  input: AccountUpdate,
  hooks: AccountHooks = {},
): Promise<void> {
  const auth = requireAuth(req);
  const scenicId = scenicScope(req);
  const { id, roleIds, ...values } = input;
  checkAdmType(auth, values.admType);
  const ids = roleIds && (await checkRoleIds(db, auth, scenicId, roleIds));
  await keepingWildcard(db, (tx) =>
    updateRecord(
      tx,
      req,
      accountResource,
      id,
      scenicId,
      { ...values, updatedAt: new Date() },
      {
        where: and(visibleTo(req), hooks.where),
        guard: async (before, inner) => {
          if (values.status === DISABLED && before.id === auth.adminId) {
            throw new AppError(409, 'cannotDisableSelf');
          }
          checkPayType(values.admType ?? before.admType, values.payType ?? before.payType);
          await checkAccountWithinReach(inner, auth, before.id);
          // roles it already has stay; each new one must be within the caller's own permissions
          if (ids) {
            const had = new Set(await roleIdsOf(inner, before.id));
            const added = ids.filter((roleId) => !had.has(roleId));
            checkGrantable(auth, await permissionsOfRoles(inner, added), 'roleIds');
          }
        },
        write: async (inner, after) => {
          if (ids) await replaceAccountRoles(inner, auth, scenicId, after.id, ids);
          if (after.status === DISABLED) await revokeSessions(inner, after.id, 'account_disabled');
          await hooks.write?.(inner, after);
        },
        snapshot: snapshotWith(hooks),
      },
    ),
  );
}

/** Enables or disables accounts, all or none; disabling signs them out. */
export async function setAccountsStatus(
  db: Db,
  req: FastifyRequest,
  input: { ids: number[]; status: number },
  hooks: Pick<AccountHooks, 'where'> = {},
): Promise<void> {
  const auth = requireAuth(req);
  const scenicId = scenicScope(req);
  const { status } = input;
  // Ascending ids: two batches over the same accounts lock them in the same order.
  const ids = [...new Set(input.ids)].sort((a, b) => a - b);
  await keepingWildcard(db, async (tx) => {
    for (const id of ids) {
      await updateRecord(
        tx,
        req,
        accountResource,
        id,
        scenicId,
        { status, updatedAt: new Date() },
        {
          action: 'status',
          where: and(visibleTo(req), hooks.where),
          guard: async (before, inner) => {
            if (status === DISABLED && before.id === auth.adminId)
              throw new AppError(409, 'cannotDisableSelf');
            await checkAccountWithinReach(inner, auth, before.id);
          },
          write: async (inner, after) => {
            if (after.status === DISABLED) await revokeSessions(inner, after.id, 'account_disabled');
          },
        },
      );
    }
  });
}

/** Sets a new initial password (encrypted): signs the account out and forces a change at next login. */
export async function resetAccountPassword(
  db: Db,
  req: FastifyRequest,
  input: { id: number; password: string },
  hooks: Pick<AccountHooks, 'where'> = {},
): Promise<void> {
  const auth = requireAuth(req);
  const scenicId = scenicScope(req);
  const passwordHash = await hashPassword(decryptPassword(req, input.password));
  const now = new Date();
  await updateRecord(
    db,
    req,
    accountResource,
    input.id,
    scenicId,
    {
      passwordHash,
      mustChangePassword: true,
      passwordChangedAt: now,
      failedLoginCount: 0,
      lockedUntil: null,
      updatedAt: now,
    },
    {
      action: 'resetPassword',
      where: and(visibleTo(req), hooks.where),
      // whoever resets a password can log in as the account: never one above the caller
      guard: (before, tx) => checkAccountWithinReach(tx, auth, before.id),
      write: async (tx, after) => {
        await revokeSessions(tx, after.id, 'password_reset');
      },
    },
  );
}

/**
 * The password reset as an action's answer, message, audit row and run, for /sys/admin and the
 * shop's accounts (`hooks.where`: the accounts it may reach); resetAccountPassword writes the row.
 */
export const resetPasswordMove = (hooks: Pick<AccountHooks, 'where'> = {}) => ({
  response: z.null(),
  message: 'passwordReset' as const,
  audit: { write: writeAudit, module: 'sys', targetType: 'admin', action: 'resetPassword' } as const,
  run: async (tx: Db, { id, password }: { id: number; password: string }, req: FastifyRequest) => {
    await resetAccountPassword(tx, req, { id, password }, hooks);
    return auditedInRun(null);
  },
});
