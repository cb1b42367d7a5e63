import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rowsOf } from '../db/rows.ts';
import { isSealedWithCurrentKey, open, seal, sealedColumns, type SealedColumns } from './secret-box.ts';

export interface RotationReport {
  name: string;
  /** Values re-sealed under the current key */
  resealed: number;
  /** Values already under the current key */
  current: number;
  /** Values no key of the ring opens (left as they are: re-enter them on their screen) */
  unreadable: number;
}

/**
 * Re-seals every sealed value of every module (the `sealedColumns` each declares) under the
 * current key: what the previous key, or an older form, sealed. Each value is replaced only if it
 * is still the one read (a save in between wins), so it runs beside a live server. Running it
 * twice changes nothing the second time. docs/operations.md "Secrets at rest".
 */
export async function rotateSecrets(db: Db): Promise<RotationReport[]> {
  const reports: RotationReport[] = [];
  for (const def of sealedColumns.items) reports.push(...(await rotateTable(db, def)));
  return reports;
}

async function rotateTable(db: Db, def: SealedColumns): Promise<RotationReport[]> {
  const key = sql.identifier(def.key.name);
  const reports: RotationReport[] = [];
  for (const column of def.columns) {
    const col = sql.identifier(column.name);
    const report: RotationReport = {
      name: `${def.name}.${column.name}`,
      resealed: 0,
      current: 0,
      unreadable: 0,
    };
    const rows = rowsOf<{ k: number | string; v: string }>(
      await db.execute(
        sql`select ${key} as k, ${col} as v from ${def.table} where coalesce(${col}, '') <> ''`,
      ),
    );
    for (const row of rows) {
      if (isSealedWithCurrentKey(row.v)) {
        report.current++;
        continue;
      }
      const plain = open(row.v) ?? (def.open ? await def.open(db, row.v) : null);
      if (plain === null) {
        report.unreadable++;
        continue;
      }
      await db.execute(
        sql`update ${def.table} set ${col} = ${seal(plain)} where ${key} = ${row.k} and ${col} = ${row.v}`,
      );
      report.resealed++;
    }
    reports.push(report);
  }
  return reports;
}
