import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { ADM_TYPE } from '../../../shared/dict/account.ts';
import {
  DISTRIBUTOR_CREDIT_KIND,
  DISTRIBUTOR_STATE,
  type DistributorStateCode,
} from '../../../shared/dict/distribution.ts';
import {
  DISTRIBUTOR_TOP_UP_TRANSITIONS,
  DISTRIBUTOR_TRANSITIONS,
  type DistributorMoveName,
} from '../../../shared/domain/distribution-transitions.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { AppError, FieldError } from '../../http/errors.ts';
import { ValidationMessage } from '../../../shared/api/validation-messages.ts';
import {
  createDistributor,
  repayDistributorCredit,
  setDistributorCreditLimit,
  topUpDistributor,
} from './ledger.service.ts';

/**
 * The screens' changes of distributors (docs/decisions.md "Distributor screens"): login accounts,
 * channel-state moves and top-up reviews as compare-and-sets of the transition tables, credit
 * grants and repayments with their records. Money moves only through ledger.service.ts.
 */

/** The role a distributor's login account gets: the area's `distributor` role, when it has one. */
async function distributorRoleOf(tx: Db, scenicId: number): Promise<number | null> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`select id from roles where scenic_id = ${scenicId} and code = 'distributor'`,
  );
  return row ? Number(row.id) : null;
}

/**
 * A distributor's login account (admType 3, pay type 1) of the area, with the `distributor` role;
 * `passwordHash` already hashed (the seed hashes its demo password once). A user name already in
 * use answers 409 naming `username` (the unique index).
 */
export async function createDistributorAccount(
  tx: Db,
  input: { scenicId: number; username: string; nickname: string; passwordHash: string; mustChange: boolean },
): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into admins (username, password_hash, nickname, adm_type, scenic_id, pay_type, must_change_password)
        values (${input.username}, ${input.passwordHash}, ${input.nickname.slice(0, 64)}, ${ADM_TYPE.distributor},
          ${input.scenicId}, 1, ${input.mustChange})
        returning id`,
  );
  const adminId = Number(row!.id);
  const roleId = await distributorRoleOf(tx, input.scenicId);
  if (roleId != null)
    await tx.execute(sql`insert into admin_roles (admin_id, role_id) values (${adminId}, ${roleId})`);
  return adminId;
}

/** /disManage/accManage create: the distributor (normal) and its login account in the caller's transaction. */
export async function createDistributorWithAccount(
  tx: Db,
  input: {
    scenicId: number;
    company: string;
    contact: string;
    phone: string;
    username: string;
    passwordHash: string;
    tierId?: number | null | undefined;
    creditLimit: number;
    remark: string;
    adminId: number | null;
  },
): Promise<{ id: number; adminId: number }> {
  const accountId = await createDistributorAccount(tx, {
    scenicId: input.scenicId,
    username: input.username,
    nickname: input.company,
    passwordHash: input.passwordHash,
    mustChange: true,
  });
  const { id } = await createDistributor(tx, {
    scenicId: input.scenicId,
    adminId: accountId,
    company: input.company,
    contact: input.contact,
    phone: input.phone,
    state: DISTRIBUTOR_STATE.normal,
    remark: input.remark,
  });
  if (input.tierId != null)
    await tx.execute(sql`update distributors set tier_id = ${input.tierId} where id = ${id}`);
  if (input.creditLimit > 0)
    await setCredit(tx, {
      scenicId: input.scenicId,
      distributorId: id,
      creditLimit: input.creditLimit,
      remark: '',
      adminId: input.adminId,
    });
  return { id, adminId: accountId };
}

/**
 * Applies one move of DISTRIBUTOR_TRANSITIONS as a compare-and-set: 404 when the distributor is not
 * of the area, 409 when its state is not one the move starts from (someone else moved it first).
 */
export async function moveDistributor(
  tx: Db,
  input: {
    scenicId: number;
    distributorId: number;
    move: DistributorMoveName;
    review?: { adminId: number | null; remark: string };
  },
): Promise<{ from: number; to: DistributorStateCode }> {
  const { from, to } = DISTRIBUTOR_TRANSITIONS[input.move];
  const review = input.review
    ? sql`, reviewed_by = ${input.review.adminId}, reviewed_at = now(), review_remark = ${input.review.remark}`
    : sql``;
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`update distributors set state = ${to}, updated_at = now() ${review}
        where id = ${input.distributorId} and scenic_id = ${input.scenicId}
          and state in (${sql.join(
            from.map((s) => sql`${s}`),
            sql`, `,
          )})
        returning id`,
  );
  if (!row) {
    const [d] = await queryRows<{ state: number; admin_id: number | null }>(
      tx,
      sql`select state, admin_id from distributors where id = ${input.distributorId} and scenic_id = ${input.scenicId}`,
    );
    if (!d) throw new AppError(404, 'distributorNotFound');
    throw new AppError(409, 'distributorStateChanged');
  }
  return { from: from[0], to };
}

/** The account and state of a distributor of the area, locked for a review (404 otherwise). */
export async function lockDistributor(
  tx: Db,
  scenicId: number,
  distributorId: number,
): Promise<{ id: number; state: number; adminId: number | null; company: string; clientId: string | null }> {
  const [d] = await queryRows<{
    state: number;
    admin_id: number | null;
    company: string;
    client_id: string | null;
  }>(
    tx,
    sql`select state, admin_id, company, client_id from distributors where id = ${distributorId} and scenic_id = ${scenicId}
        for no key update`,
  );
  if (!d) throw new AppError(404, 'distributorNotFound');
  return {
    id: distributorId,
    state: Number(d.state),
    adminId: d.admin_id == null ? null : Number(d.admin_id),
    company: d.company,
    clientId: d.client_id,
  };
}

/**
 * Approves an application (4 → 1): creates its login account first when it has none (username and
 * password are then required: 400 naming the field).
 */
export async function approveApplication(
  tx: Db,
  input: {
    scenicId: number;
    distributorId: number;
    username?: string | undefined;
    passwordHash?: string | undefined;
    reviewer: number;
    remark: string;
  },
): Promise<void> {
  const d = await lockDistributor(tx, input.scenicId, input.distributorId);
  if (d.state !== DISTRIBUTOR_STATE.underReview) throw new AppError(409, 'distributorStateChanged');
  if (d.adminId == null) {
    if (!input.username) throw new FieldError('username', ValidationMessage.required);
    if (!input.passwordHash) throw new FieldError('password', ValidationMessage.required);
    const accountId = await createDistributorAccount(tx, {
      scenicId: input.scenicId,
      username: input.username,
      nickname: d.company,
      passwordHash: input.passwordHash,
      mustChange: true,
    });
    await tx.execute(sql`update distributors set admin_id = ${accountId} where id = ${input.distributorId}`);
  }
  await moveDistributor(tx, {
    scenicId: input.scenicId,
    distributorId: input.distributorId,
    move: 'approve',
    review: { adminId: input.reviewer, remark: input.remark },
  });
}

/**
 * A new top-up number: DT + time to the second + 10 random digits, unique by index (6 digits
 * collided now and then when the demo seed records its twenty top-ups within one second).
 */
export function newTopUpNo(now = new Date()): string {
  const stamp = now.toISOString().replace(/\D/g, '').slice(0, 14);
  return `DT${stamp}${crypto.randomInt(0, 10_000_000_000).toString().padStart(10, '0')}`;
}

export async function recordTopUp(
  tx: Db,
  input: {
    scenicId: number;
    distributorId: number;
    amount: number;
    bankRef: string;
    transferDate: string;
    voucher: string;
    remark: string;
    adminId: number | null;
  },
): Promise<{ id: number; topUpNo: string }> {
  const [d] = await queryRows<{ id: number }>(
    tx,
    sql`select id from distributors where id = ${input.distributorId} and scenic_id = ${input.scenicId}`,
  );
  if (!d) throw new FieldError('distributorId', ValidationMessage.notInArea);
  const topUpNo = newTopUpNo();
  const [row] = await queryRows<{ id: number }>(
    tx,
    sql`insert into distributor_top_ups (scenic_id, distributor_id, top_up_no, amount, bank_ref, transfer_date, voucher, remark, created_by)
        values (${input.scenicId}, ${input.distributorId}, ${topUpNo}, ${input.amount}, ${input.bankRef},
          ${input.transferDate}, ${input.voucher}, ${input.remark}, ${input.adminId})
        returning id`,
  );
  return { id: Number(row!.id), topUpNo };
}

/**
 * Confirms (pending → confirmed, crediting the balance once with its ledger row) or rejects a
 * top-up, as a compare-and-set: of two reviewers at once, one wins and the other gets 409.
 */
export async function reviewTopUp(
  tx: Db,
  input: {
    scenicId: number;
    id: number;
    move: 'confirm' | 'reject';
    reviewer: number | null;
    remark: string;
  },
): Promise<{ distributorId: number; amount: number; topUpNo: string }> {
  const { from, to } = DISTRIBUTOR_TOP_UP_TRANSITIONS[input.move];
  const [row] = await queryRows<{ distributor_id: number; amount: number; top_up_no: string }>(
    tx,
    sql`update distributor_top_ups set state = ${to}, reviewed_by = ${input.reviewer}, reviewed_at = now(),
          review_remark = ${input.remark}, updated_at = now()
        where id = ${input.id} and scenic_id = ${input.scenicId} and state in (${sql.join(
          from.map((s) => sql`${s}`),
          sql`, `,
        )})
        returning distributor_id, amount, top_up_no`,
  );
  if (!row) {
    const [exists] = await queryRows<{ id: number }>(
      tx,
      sql`select id from distributor_top_ups where id = ${input.id} and scenic_id = ${input.scenicId}`,
    );
    if (!exists) throw new AppError(404, 'distributorTopUpNotFound');
    throw new AppError(409, 'distributorTopUpReviewed');
  }
  const result = {
    distributorId: Number(row.distributor_id),
    amount: Number(row.amount),
    topUpNo: row.top_up_no,
  };
  if (input.move === 'confirm')
    await topUpDistributor(tx, {
      scenicId: input.scenicId,
      distributorId: result.distributorId,
      amount: result.amount,
      reference: result.topUpNo,
      remark: input.remark,
      adminId: input.reviewer,
    });
  return result;
}

async function creditRecord(
  tx: Db,
  input: {
    scenicId: number;
    distributorId: number;
    kind: number;
    amount: number;
    limitAfter: number;
    usedAfter: number;
    reference: string;
    remark: string;
    adminId: number | null;
  },
) {
  await tx.execute(
    sql`insert into distributor_credit_records (scenic_id, distributor_id, kind, amount, limit_after, used_after, reference, remark, admin_id)
        values (${input.scenicId}, ${input.distributorId}, ${input.kind}, ${input.amount}, ${input.limitAfter},
          ${input.usedAfter}, ${input.reference}, ${input.remark}, ${input.adminId})`,
  );
}

/** Sets a credit limit (never below the credit used: 409) and records the change. */
export async function setCredit(
  tx: Db,
  input: {
    scenicId: number;
    distributorId: number;
    creditLimit: number;
    remark: string;
    adminId: number | null;
  },
): Promise<{ creditLimit: number; creditUsed: number; before: number }> {
  const [before] = await queryRows<{ credit_limit: number }>(
    tx,
    sql`select credit_limit from distributors where id = ${input.distributorId} and scenic_id = ${input.scenicId}
        for no key update`,
  );
  if (!before) throw new AppError(404, 'distributorNotFound');
  const after = await setDistributorCreditLimit(tx, input);
  const delta = after.creditLimit - Number(before.credit_limit);
  if (delta !== 0)
    await creditRecord(tx, {
      ...input,
      kind: DISTRIBUTOR_CREDIT_KIND.limit,
      amount: delta,
      limitAfter: after.creditLimit,
      usedAfter: after.creditUsed,
      reference: '',
    });
  return { ...after, before: Number(before.credit_limit) };
}

/** Records a repayment of credit used (never more than used: 409) with its ledger row and record. */
export async function repayCredit(
  tx: Db,
  input: {
    scenicId: number;
    distributorId: number;
    amount: number;
    reference: string;
    remark: string;
    adminId: number | null;
  },
): Promise<{ creditUsed: number; creditLimit: number }> {
  const reference = input.reference || `CR${newTopUpNo().slice(2)}`;
  const entry = await repayDistributorCredit(tx, { ...input, reference });
  const [d] = await queryRows<{ credit_limit: number }>(
    tx,
    sql`select credit_limit from distributors where id = ${input.distributorId}`,
  );
  const creditLimit = Number(d!.credit_limit);
  await creditRecord(tx, {
    ...input,
    reference,
    kind: DISTRIBUTOR_CREDIT_KIND.repay,
    limitAfter: creditLimit,
    usedAfter: entry.amountAfter,
  });
  return { creditUsed: entry.amountAfter, creditLimit };
}

/** The distributor of an area whose own selling-API client this is (distributors.client_id), or null. */
export async function distributorOfClient(
  db: Db,
  scenicId: number,
  clientId: string,
): Promise<{ id: number; adminId: number | null; state: number } | null> {
  const [row] = await queryRows<{ id: number; admin_id: number | null; state: number }>(
    db,
    sql`select id, admin_id, state from distributors where scenic_id = ${scenicId} and client_id = ${clientId}`,
  );
  return row
    ? {
        id: Number(row.id),
        adminId: row.admin_id == null ? null : Number(row.admin_id),
        state: Number(row.state),
      }
    : null;
}
