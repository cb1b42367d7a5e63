import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type {
  GateAdmissions,
  GateChoices,
  GateDetail,
  GateDevice,
  GateOption,
  GateRow,
} from '../../../shared/api/gates.ts';
import { ValidationMessage } from '../../../shared/api/validation-messages.ts';
import { ENABLED } from '../../../shared/dict/account.ts';
import type { GateAdmissionKindCode } from '../../../shared/dict/gates.ts';
import { TERMINAL_ONLINE } from '../../../shared/dict/terminal.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { FieldError } from '../../http/errors.ts';
import { terminals, type Terminal } from '../terminals/index.ts';
import { gateAdmissions, gates } from './gates.table.ts';

export type Gate = typeof gates.$inferSelect;

/** Every gate of an area, for selects (staff cards, the log filter) and name lookups. */
export async function gateOptions(db: Db, scenicId: number): Promise<GateOption[]> {
  return db
    .select({
      id: gates.id,
      code: gates.code,
      name: gates.name,
      gateType: gates.gateType,
      status: gates.status,
    })
    .from(gates)
    .where(eq(gates.scenicId, scenicId))
    .orderBy(asc(gates.code), asc(gates.id));
}

/** The ids among `ids` that are not gates of the area (another area's, or none at all). */
export async function foreignGateIds(db: Db, scenicId: number, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) return [];
  const found = await db
    .select({ id: gates.id })
    .from(gates)
    .where(and(eq(gates.scenicId, scenicId), inArray(gates.id, [...ids])));
  const known = new Set(found.map((g) => g.id));
  return ids.filter((id) => !known.has(id));
}

/** Kinds of terminal that are mounted on a gate from the gate's form (face devices: /terminal/faceMange). */
export const GATE_DEVICE_KINDS = ['gateDevice'] as const;
const MOUNTABLE_KINDS = ['gateDevice', 'faceDevice'] as const;

const iso = (d: Date | string | null) => (d == null ? null : new Date(d).toISOString());

function deviceOf(
  t: Pick<Terminal, 'id' | 'kind' | 'name' | 'serialNo' | 'status' | 'online' | 'lastSeenAt'>,
) {
  return {
    id: t.id,
    kind: t.kind,
    name: t.name,
    serialNo: t.serialNo,
    status: t.status,
    online: t.status === ENABLED ? t.online : TERMINAL_ONLINE.offline,
    lastSeenTime: iso(t.lastSeenAt),
  } satisfies GateDevice;
}

/** List rows of gates: what they admit (counts), their devices and their last scan. */
export async function gateRows(db: Db, records: Gate[]): Promise<GateRow[]> {
  if (!records.length) return [];
  const ids = records.map((g) => g.id);
  const idList = sql.join(
    ids.map((id) => sql`${id}::int`),
    sql`, `,
  );
  const [admitted, devices, last] = await Promise.all([
    db
      .select()
      .from(gateAdmissions)
      .where(inArray(gateAdmissions.gateId, ids))
      .orderBy(asc(gateAdmissions.refId)),
    db
      .select()
      .from(terminals)
      .where(and(inArray(terminals.gateId, ids), inArray(terminals.kind, [...MOUNTABLE_KINDS])))
      .orderBy(asc(terminals.name), asc(terminals.id)),
    // the last scan of each gate (index gate_events_gate_time_idx); raw: gate_events is check-in's
    queryRows<{ gate_id: number; scanned_at: string | Date; result: string }>(
      db,
      sql`select g.id as gate_id, e.scanned_at, e.result from unnest(array[${idList}]) as g(id)
        join lateral (select scanned_at, result from gate_events where gate_id = g.id
          order by scanned_at desc, id desc limit 1) e on true`,
    ),
  ]);
  return records.map((g) => {
    const idsOf = (kind: GateAdmissionKindCode) =>
      admitted.filter((a) => a.gateId === g.id && a.kind === kind).map((a) => a.refId);
    const count = (kind: GateAdmissionKindCode) => idsOf(kind).length;
    const own = devices.filter((d) => d.gateId === g.id).map(deviceOf);
    const online = own.filter((d) => d.online === TERMINAL_ONLINE.online).length;
    const scan = last.find((l) => Number(l.gate_id) === g.id);
    return {
      id: g.id,
      code: g.code,
      name: g.name,
      gateType: g.gateType,
      location: g.location,
      status: g.status,
      passState: g.passState,
      openFrom: g.openFrom,
      openTo: g.openTo,
      admissions: { product: count('product'), card: count('card'), booking: count('booking') },
      productIds: idsOf('product'),
      cardIds: idsOf('card'),
      bookingSiteIds: idsOf('booking'),
      deviceIds: own.filter((d) => d.kind === 'gateDevice').map((d) => d.id),
      devices: own,
      devicesOnline: online,
      online: online > 0 ? TERMINAL_ONLINE.online : TERMINAL_ONLINE.offline,
      lastScanTime: scan ? iso(scan.scanned_at) : null,
      lastScanResult: scan?.result ?? null,
      createTime: g.createdAt.toISOString(),
      updateTime: g.updatedAt.toISOString(),
    };
  });
}

/** The ids a gate admits, by kind (empty: all of that kind). */
export async function admissionsOf(db: Db, gateId: number): Promise<GateAdmissions> {
  const rows = await db.select().from(gateAdmissions).where(eq(gateAdmissions.gateId, gateId));
  const of = (kind: GateAdmissionKindCode) =>
    rows
      .filter((r) => r.kind === kind)
      .map((r) => r.refId)
      .sort((a, b) => a - b);
  return { productIds: of('product'), cardIds: of('card'), bookingSiteIds: of('booking') };
}

export async function gateDetail(db: Db, gate: Gate): Promise<GateDetail> {
  const [row] = await gateRows(db, [gate]);
  return row!;
}

/** Table and field of each admission kind, for the area check. */
const REF: Record<GateAdmissionKindCode, { table: string; field: keyof GateAdmissions }> = {
  product: { table: 'ticket_products', field: 'productIds' },
  card: { table: 'staff_cards', field: 'cardIds' },
  booking: { table: 'reservation_sites', field: 'bookingSiteIds' },
};

/** 400 naming the field when an id is not a product, card or site of the area. */
export async function checkAdmissions(db: Db, scenicId: number, a: Partial<GateAdmissions>): Promise<void> {
  for (const [kind, ref] of Object.entries(REF)) {
    const ids = [...new Set(a[ref.field] ?? [])];
    if (!ids.length) continue;
    const found = await queryRows<{ id: number }>(
      db,
      sql`select id from ${sql.identifier(ref.table)} where scenic_id = ${scenicId} and id in (${sql.join(
        ids.map((id) => sql`${id}::int`),
        sql`, `,
      )})`,
    );
    if (found.length !== ids.length) throw new FieldError(ref.field, ValidationMessage.notInArea);
    void kind;
  }
}

/** Replaces the admissions of the kinds given. */
export async function writeAdmissions(tx: Db, gateId: number, a: Partial<GateAdmissions>): Promise<void> {
  for (const [kind, ref] of Object.entries(REF) as [GateAdmissionKindCode, (typeof REF)['product']][]) {
    const ids = a[ref.field];
    if (!ids) continue;
    await tx
      .delete(gateAdmissions)
      .where(and(eq(gateAdmissions.gateId, gateId), eq(gateAdmissions.kind, kind)));
    const unique = [...new Set(ids)];
    if (unique.length)
      await tx.insert(gateAdmissions).values(unique.map((refId) => ({ gateId, kind, refId })));
  }
}

/** 400 when a device id is not a gate device of the area. */
export async function checkDevices(db: Db, scenicId: number, ids: readonly number[]): Promise<void> {
  const unique = [...new Set(ids)];
  if (!unique.length) return;
  const found = await db
    .select({ id: terminals.id })
    .from(terminals)
    .where(
      and(
        eq(terminals.scenicId, scenicId),
        inArray(terminals.id, unique),
        inArray(terminals.kind, [...GATE_DEVICE_KINDS]),
      ),
    );
  if (found.length !== unique.length) throw new FieldError('deviceIds', ValidationMessage.notInArea);
}

/** Mounts exactly these gate devices on the gate (others mounted there are unmounted). */
export async function writeDevices(tx: Db, scenicId: number, gateId: number, ids: readonly number[]) {
  const kinds = inArray(terminals.kind, [...GATE_DEVICE_KINDS]);
  await tx
    .update(terminals)
    .set({ gateId: null, updatedAt: sql`now()` })
    .where(and(eq(terminals.gateId, gateId), kinds));
  if (ids.length)
    await tx
      .update(terminals)
      .set({ gateId, updatedAt: sql`now()` })
      .where(and(eq(terminals.scenicId, scenicId), inArray(terminals.id, [...ids]), kinds));
}

/**
 * A gate device's profile (`config.profile`, part of its ETag): the gate it is mounted on (null when
 * none) and what it admits, so an edit of the gate reaches the device.
 */
export async function gateDeviceProfile(db: Db, t: Terminal): Promise<Record<string, unknown>> {
  if (t.gateId == null) return { gate: null };
  const [g] = await db
    .select()
    .from(gates)
    .where(and(eq(gates.id, t.gateId), eq(gates.scenicId, t.scenicId)));
  if (!g) return { gate: null };
  const admitted = await admissionsOf(db, g.id);
  const products = admitted.productIds.length
    ? await queryRows<{ id: number; name: string }>(
        db,
        sql`select id, name from ticket_products where scenic_id = ${g.scenicId} and id in (${sql.join(
          admitted.productIds.map((id) => sql`${id}::int`),
          sql`, `,
        )}) order by id`,
      )
    : [];
  return {
    gate: {
      id: g.id,
      code: g.code,
      name: g.name,
      gateType: g.gateType,
      status: g.status,
      passState: g.passState,
      openFrom: g.openFrom,
      openTo: g.openTo,
    },
    /** empty: every product of the area */
    products: products.map((p) => ({ id: Number(p.id), name: p.name })),
    cardIds: admitted.cardIds,
    bookingSiteIds: admitted.bookingSiteIds,
  };
}

/** The gate form's pickers, in the area: products, staff cards, booking sites, gate devices. */
export async function gateChoices(db: Db, scenicId: number): Promise<GateChoices> {
  type R = { id: number; name: string };
  const [products, cards, bookingSites, devices] = await Promise.all([
    queryRows<R>(db, sql`select id, name from ticket_products where scenic_id = ${scenicId} order by id`),
    queryRows<R>(
      db,
      sql`select id, holder_name as name from staff_cards where scenic_id = ${scenicId} order by id`,
    ),
    queryRows<R>(db, sql`select id, name from reservation_sites where scenic_id = ${scenicId} order by id`),
    db
      .select({
        id: terminals.id,
        name: terminals.name,
        serialNo: terminals.serialNo,
        gateId: terminals.gateId,
      })
      .from(terminals)
      .where(and(eq(terminals.scenicId, scenicId), inArray(terminals.kind, [...GATE_DEVICE_KINDS])))
      .orderBy(asc(terminals.name), asc(terminals.id)),
  ]);
  const plain = (rows: R[]) => rows.map((r) => ({ id: Number(r.id), name: String(r.name) }));
  return { products: plain(products), cards: plain(cards), bookingSites: plain(bookingSites), devices };
}
