import { sql } from 'drizzle-orm';
import type { ReportResult, ReportRow } from '../../../shared/api/report.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import type { TestApp } from '../../test/harness.ts';
import { data } from '../../test/replies.ts';

/** A gate event as the tests write it straight into the gate log (the facts of the gate rollup). */
export interface TestGateEvent {
  gateId: number | null;
  direction: 'entry' | 'exit' | 'denied';
  entryType: number | null;
  at: Date;
}

let nonce = 0;

/** Appends gate events of an area (one statement), as the scans and the closing job write them. */
export async function insertGateEvents(db: Db, scenicId: number, events: readonly TestGateEvent[]) {
  if (!events.length) return;
  const rows = events.map((e) => ({
    gate: e.gateId,
    dir: e.direction,
    type: e.entryType,
    at: e.at.toISOString(),
    nonce: `stat-test-${scenicId}-${++nonce}`,
  }));
  await db.execute(sql`insert into gate_events (scenic_id, gate_id, device_id, nonce, direction, entry_type, read_mode,
      result, scanned_at, uploaded_at)
    select ${scenicId}, gate, 'stat-test', nonce, dir, type, case when gate is null then null else 1 end,
      case when dir = 'denied' then 'used' else 'ok' end, at, at
    from json_to_recordset(${JSON.stringify(rows)}) as x(gate int, dir text, type smallint, at timestamptz, nonce text)`);
}

export async function gateIdsOf(db: Db, scenicId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select id from gates where scenic_id = ${scenicId} order by id`,
  );
  return rows.map((r) => Number(r.id));
}

/** A report's answer for `token` (200 expected). */
export const report = (
  t: TestApp,
  token: string,
  url: string,
  body: unknown,
  headers?: Record<string, string>,
) => data<ReportResult>(t.call(token, 'POST', url, body, headers));

/** A table's total row (its last, `total: 1`). */
export const totalOf = (rows: readonly ReportRow[] | undefined) => {
  const last = rows?.[rows.length - 1];
  if (!last || last.total !== 1) throw new Error('no total row');
  return last;
};

/** Moves tickets along transitions of the guard (docs/domain.md), one status after another. */
export async function moveTickets(db: Db, ids: readonly number[], steps: readonly number[]) {
  for (const status of steps)
    await db.execute(
      sql`update order_tickets set status = ${status} where id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
}
