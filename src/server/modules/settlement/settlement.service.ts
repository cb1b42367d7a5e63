import crypto from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { ADM_TYPE } from '../../../shared/dict/account.ts';
import { TICKET_STATUS, type TicketStatusCode } from '../../../shared/dict/order.ts';
import { SETTLEMENT_BATCH_STATE } from '../../../shared/dict/settlement.ts';
import {
  SETTLEMENT_BATCH_TRANSITIONS,
  type SettlementBatchMove,
} from '../../../shared/domain/withdrawal-transitions.ts';
import type { SettlementSetting, SettlementSettingUpdate } from '../../../shared/api/settlement.ts';
import type { Db } from '../../db/client.ts';
import { queryRows, statusIn } from '../../db/rows.ts';
import { AppError } from '../../http/errors.ts';
import { transitionTickets } from '../orders/index.ts';

/** BuyChannel 13 (docs/product.md §9): sold by a distributor account. */
export const DISTRIBUTION_CHANNEL = 13;
const DEFAULTS = { cycle: 3, settleUsed: true, settleExpired: true, commissionRate: 0 } as const;

export async function settingsOf(db: Db, scenicId: number): Promise<SettlementSetting> {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select cycle, settle_used, settle_expired, commission_rate, updated_at from settlement_settings
        where scenic_id = ${scenicId}`,
  );
  if (!row) return { ...DEFAULTS, updateTime: null };
  return {
    cycle: Number(row.cycle),
    settleUsed: Boolean(row.settle_used),
    settleExpired: Boolean(row.settle_expired),
    commissionRate: Number(row.commission_rate),
    updateTime: new Date(row.updated_at as string).toISOString(),
  };
}

export async function saveSettings(db: Db, scenicId: number, s: SettlementSettingUpdate): Promise<void> {
  await db.execute(sql`insert into settlement_settings (scenic_id, cycle, settle_used, settle_expired, commission_rate)
    values (${scenicId}, ${s.cycle}, ${s.settleUsed}, ${s.settleExpired}, ${s.commissionRate})
    on conflict (scenic_id) do update set cycle = excluded.cycle, settle_used = excluded.settle_used,
      settle_expired = excluded.settle_expired, commission_rate = excluded.commission_rate, updated_at = now()`);
}

/** The ticket statuses a batch settles (T25 starts from 402, 403 and 501). */
export function settledStatuses(b: { settleUsed: boolean; settleExpired: boolean }): TicketStatusCode[] {
  return [
    ...(b.settleUsed ? [TICKET_STATUS.used, TICKET_STATUS.left] : []),
    ...(b.settleExpired ? [TICKET_STATUS.expired] : []),
  ];
}

interface BatchScope {
  id: number;
  scenicId: number;
  periodFrom: string;
  periodTo: string;
  settleUsed: boolean;
  settleExpired: boolean;
  commissionRate: number;
}

/**
 * The settleable tickets of a batch: tickets of distribution orders (channel 13, ordered by a
 * distributor's account, admType 3) visited in the period, in a status the batch settles, not yet
 * settled; with their distributor, amount (the ticket's price) and commission (rounded).
 */
export function candidatesSql(b: BatchScope, columns: SQL): SQL {
  const statuses = settledStatuses(b);
  return sql`select ${columns}
    from order_tickets t
    join ticket_orders o on o.id = t.order_id
    join admins a on a.id = o.admin_id and a.adm_type = ${ADM_TYPE.distributor}
    join distributors d on d.admin_id = o.admin_id and d.scenic_id = o.scenic_id
    left join ticket_products p on p.id = t.product_id
    where t.scenic_id = ${b.scenicId} and o.scenic_id = ${b.scenicId} and o.channel = ${DISTRIBUTION_CHANNEL}
      and t.visit_date between ${b.periodFrom} and ${b.periodTo}
      and t.status in ${statusIn(statuses.length ? statuses : [-1])}
      and not exists (select 1 from settlement_items i where i.ticket_id = t.id)`;
}

export const commissionSql = (rate: number) => sql`((t.price::bigint * ${rate} + 5000) / 10000)::int`;

const batchOf = (r: Record<string, unknown>): BatchScope & { state: number; batchNo: string } => ({
  id: Number(r.id),
  scenicId: Number(r.scenic_id),
  batchNo: String(r.batch_no),
  periodFrom: String(r.period_from).slice(0, 10),
  periodTo: String(r.period_to).slice(0, 10),
  state: Number(r.state),
  settleUsed: Boolean(r.settle_used),
  settleExpired: Boolean(r.settle_expired),
  commissionRate: Number(r.commission_rate),
});

export async function findBatch(db: Db, scenicId: number, id: number) {
  const [row] = await queryRows<Record<string, unknown>>(
    db,
    sql`select * from settlement_batches where id = ${id} and scenic_id = ${scenicId}`,
  );
  if (!row) throw new AppError(404, 'settlementBatchNotFound');
  return batchOf(row);
}

/**
 * A draft batch of a period with the area's current settings: refused (409) when the period
 * overlaps a draft or closed batch of the area. The settings row is locked so two drafts of an area
 * are made one after the other.
 */
export async function createBatch(
  db: Db,
  input: { scenicId: number; periodFrom: string; periodTo: string; adminId: number | null },
): Promise<{ id: number; batchNo: string }> {
  return db.transaction(async (tx) => {
    const settings = await settingsOf(tx, input.scenicId);
    await saveSettingsIfMissing(tx, input.scenicId);
    await tx.execute(sql`select 1 from settlement_settings where scenic_id = ${input.scenicId} for update`);
    const [overlap] = await queryRows<{ batch_no: string }>(
      tx,
      sql`select batch_no from settlement_batches where scenic_id = ${input.scenicId}
            and state in (${SETTLEMENT_BATCH_STATE.draft}, ${SETTLEMENT_BATCH_STATE.closed})
            and period_from <= ${input.periodTo} and period_to >= ${input.periodFrom} limit 1`,
    );
    if (overlap)
      throw new AppError(409, 'settlementPeriodOverlap', { params: { batchNo: overlap.batch_no } });
    const batchNo = `ST${input.periodFrom.replaceAll('-', '')}${crypto.randomBytes(3).toString('hex').toUpperCase()}`;
    const [row] = await queryRows<{ id: number }>(
      tx,
      sql`insert into settlement_batches
            (scenic_id, batch_no, period_from, period_to, settle_used, settle_expired, commission_rate, created_by)
          values (${input.scenicId}, ${batchNo}, ${input.periodFrom}, ${input.periodTo}, ${settings.settleUsed},
            ${settings.settleExpired}, ${settings.commissionRate}, ${input.adminId})
          returning id`,
    );
    return { id: Number(row!.id), batchNo };
  });
}

async function saveSettingsIfMissing(tx: Db, scenicId: number) {
  await tx.execute(
    sql`insert into settlement_settings (scenic_id) values (${scenicId}) on conflict do nothing`,
  );
}

const TICKETS_PER_MOVE = 5_000;

/**
 * Closes a draft batch (T25): compare-and-set of its state (draft → closed; a second close finds no
 * draft and gets 409), a settlement row per settleable ticket (a ticket is settled once: unique
 * index), and the tickets moved to 405 through transitionTickets, all in one transaction.
 */
export async function moveBatch(
  db: Db,
  input: { scenicId: number; id: number; move: SettlementBatchMove; adminId: number | null },
): Promise<{ id: number; ticketCount: number; amount: number; commission: number }> {
  const { from, to } = SETTLEMENT_BATCH_TRANSITIONS[input.move];
  return db.transaction(async (tx) => {
    const [row] = await queryRows<Record<string, unknown>>(
      tx,
      sql`update settlement_batches set state = ${to}, updated_at = now()
            ${input.move === 'close' ? sql`, closed_by = ${input.adminId}, closed_at = now()` : sql``}
          where id = ${input.id} and scenic_id = ${input.scenicId} and state in ${statusIn(from)}
          returning *`,
    );
    if (!row) {
      await findBatch(tx, input.scenicId, input.id);
      throw new AppError(409, 'settlementBatchStateChanged');
    }
    const batch = batchOf(row);
    if (input.move !== 'close') return { id: batch.id, ticketCount: 0, amount: 0, commission: 0 };
    const items = await queryRows<{ ticket_id: number; ticket_status: number }>(
      tx,
      sql`insert into settlement_items (scenic_id, batch_id, ticket_id, order_id, distributor_id, ticket_status, amount, commission)
          ${candidatesSql(batch, sql`${batch.scenicId}, ${batch.id}, t.id, t.order_id, d.id, t.status, t.price, ${commissionSql(batch.commissionRate)}`)}
          returning ticket_id, ticket_status`,
    );
    const ids = items.map((i) => Number(i.ticket_id));
    for (let i = 0; i < ids.length; i += TICKETS_PER_MOVE)
      await transitionTickets(tx, {
        scenicId: batch.scenicId,
        ticketIds: ids.slice(i, i + TICKETS_PER_MOVE),
        transition: 'T25',
        to: TICKET_STATUS.settled,
        from: settledStatuses(batch),
      });
    const [sum] = await queryRows<{ n: number; amount: number; commission: number }>(
      tx,
      sql`update settlement_batches b set ticket_count = s.n, amount = s.amount, commission = s.commission
          from (select count(*)::int as n, coalesce(sum(amount), 0)::bigint as amount,
                  coalesce(sum(commission), 0)::bigint as commission
                from settlement_items where batch_id = ${batch.id}) s
          where b.id = ${batch.id}
          returning b.ticket_count as n, b.amount, b.commission`,
    );
    return {
      id: batch.id,
      ticketCount: Number(sum!.n),
      amount: Number(sum!.amount),
      commission: Number(sum!.commission),
    };
  });
}
