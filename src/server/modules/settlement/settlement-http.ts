import { sql, type SQL } from 'drizzle-orm';
import type { SettlementBatchPage, SettlementBatchRow } from '../../../shared/api/settlement.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';

const iso = (v: unknown) => (v == null ? null : new Date(v as string).toISOString());

export async function listBatches(
  db: Db,
  where: SQL,
  q: Pick<SettlementBatchPage, 'sort' | 'order'>,
  offset: number,
  limit: number,
): Promise<SettlementBatchRow[]> {
  const dir = q.order === 'asc' ? sql`asc` : sql`desc`;
  const col = q.sort === 'createTime' ? sql`b.created_at` : sql`b.period_from`;
  const rows = await queryRows<Record<string, unknown>>(
    db,
    sql`select b.*, c.username as created_name, x.username as closed_name
        from settlement_batches b
        left join admins c on c.id = b.created_by left join admins x on x.id = b.closed_by
        where ${where} order by ${col} ${dir}, b.id ${dir} limit ${limit} offset ${offset}`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    batchNo: String(r.batch_no),
    periodFrom: String(r.period_from).slice(0, 10),
    periodTo: String(r.period_to).slice(0, 10),
    state: Number(r.state),
    ticketCount: Number(r.ticket_count),
    amount: Number(r.amount),
    commission: Number(r.commission),
    commissionRate: Number(r.commission_rate),
    createdBy: String(r.created_name ?? ''),
    closedBy: r.closed_name == null ? null : String(r.closed_name),
    closedAt: iso(r.closed_at),
    createTime: iso(r.created_at)!,
  }));
}

/** One batch as its list row (what the create, items and move answers show). */
export const batchRow = async (db: Db, id: number): Promise<SettlementBatchRow> =>
  (await listBatches(db, sql`b.id = ${id}`, { order: 'desc' }, 0, 1))[0]!;
