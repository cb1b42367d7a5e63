import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { terminals } from '../terminals/index.ts';
import { gateAdmissions, gates } from './gates.table.ts';

type DemoGate = typeof gates.$inferInsert;

/** The first area's twelve gates: all four types; entry/exit gates admit everything (demo orders pass them). */
const QSH = (scenicId: number): DemoGate[] => [
  { scenicId, code: 'S-IN-01', name: '南门入口', gateType: 10, location: '南门广场' },
  { scenicId, code: 'S-OUT-01', name: '南门出口', gateType: 11, location: '南门广场' },
  { scenicId, code: 'N-IN-01', name: '北门入口', gateType: 10, location: '北门停车场' },
  { scenicId, code: 'N-OUT-01', name: '北门出口', gateType: 11, location: '北门停车场' },
  { scenicId, code: 'BUS-01', name: '观光车计时起点', gateType: 20, location: '湖滨观光车站' },
  { scenicId, code: 'BUS-02', name: '观光车计时暂停', gateType: 21, location: '湖心岛站' },
  { scenicId, code: 'W-IN-01', name: '西门入口', gateType: 10, location: '西门游客中心' },
  // closed for maintenance: in service, pass off
  { scenicId, code: 'W-OUT-01', name: '西门出口', gateType: 11, location: '西门游客中心', passState: 1 },
  {
    scenicId,
    code: 'SPOT-IN-01',
    name: '湖心岛景点入口',
    gateType: 10,
    location: '湖心岛',
    openFrom: '08:00',
    openTo: '17:30',
  },
  { scenicId, code: 'SPOT-OUT-01', name: '湖心岛景点出口', gateType: 11, location: '湖心岛' },
  {
    scenicId,
    code: 'CAR-01',
    name: '索道计时起点',
    gateType: 20,
    location: '索道下站',
    openFrom: '09:00',
    openTo: '17:00',
  },
  {
    scenicId,
    code: 'CAR-02',
    name: '索道计时暂停',
    gateType: 21,
    location: '索道上站',
    openFrom: '09:00',
    openTo: '17:30',
  },
];

/** The second area's six gates. */
const YLGZ = (scenicId: number): DemoGate[] => [
  { scenicId, code: 'YL-S-IN', name: '古镇南入口', gateType: 10, location: '南牌坊' },
  { scenicId, code: 'YL-S-OUT', name: '古镇南出口', gateType: 11, location: '南牌坊' },
  { scenicId, code: 'YL-E-IN', name: '古镇东入口', gateType: 10, location: '东码头' },
  { scenicId, code: 'YL-E-OUT', name: '古镇东出口', gateType: 11, location: '东码头' },
  { scenicId, code: 'YL-BOAT-01', name: '游船计时起点', gateType: 20, location: '东码头游船站' },
  { scenicId, code: 'YL-BOAT-02', name: '游船计时暂停', gateType: 21, location: '古戏台码头' },
];

/**
 * Demo gates of the first area and of the second (YLGZ), docs/product.md §9 gate types. What they
 * admit and the devices on them come later (seedDemoGateDevices, a step of the terminals seed: products,
 * staff cards and terminals are seeded after the gates).
 */
export async function seedDemoGates(db: Db, scenicId: number): Promise<void> {
  await db.insert(gates).values(QSH(scenicId));
  const [second] = rowsOf<{ id: number }>(
    await db.execute(sql`select id from scenic_areas where code = 'YLGZ'`),
  );
  if (second) await db.insert(gates).values(YLGZ(Number(second.id)));
}

async function gateIdsByCode(db: Db, scenicId: number): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: gates.id, code: gates.code })
    .from(gates)
    .where(eq(gates.scenicId, scenicId));
  return new Map(rows.map((g) => [g.code, g.id]));
}

/**
 * The demo gates' admissions and devices, once products, staff cards and terminals exist (a step of
 * the terminals seed, demoTerminalSteps): the cable car pair admits two products, the west entrance two staff cards
 * besides every ticket; each demo gate device is mounted on its gate (`serialNo` GATE-<gate code>).
 * Only timer gates are limited to products, so the demo orders' entries and exits stay valid.
 */
export async function seedDemoGateDevices(db: Db, scenicId: number): Promise<void> {
  const byCode = await gateIdsByCode(db, scenicId);
  const products = rowsOf<{ id: number }>(
    await db.execute(sql`select id from ticket_products where scenic_id = ${scenicId}
      and name in ('成人票', '两日联票') order by id`),
  );
  const cards = rowsOf<{ id: number }>(
    await db.execute(sql`select id from staff_cards where scenic_id = ${scenicId}
      and holder_name in ('钱芳', '孙丽') order by id`),
  );
  const rows: (typeof gateAdmissions.$inferInsert)[] = [];
  for (const code of ['CAR-01', 'CAR-02']) {
    const gateId = byCode.get(code);
    if (gateId) rows.push(...products.map((p) => ({ gateId, kind: 'product', refId: Number(p.id) })));
  }
  const west = byCode.get('W-IN-01');
  if (west) rows.push(...cards.map((c) => ({ gateId: west, kind: 'card', refId: Number(c.id) })));
  if (rows.length) await db.insert(gateAdmissions).values(rows);
  await mountDevices(db, scenicId, byCode);
}

/** Gate devices named GATE-<gate code> are mounted on that gate. */
export async function mountDevices(db: Db, scenicId: number, byCode?: Map<string, number>): Promise<void> {
  const codes = byCode ?? (await gateIdsByCode(db, scenicId));
  const devices = await db
    .select({ id: terminals.id, serialNo: terminals.serialNo })
    .from(terminals)
    .where(and(eq(terminals.scenicId, scenicId), inArray(terminals.kind, ['gateDevice'])));
  for (const d of devices) {
    const gateId = codes.get(d.serialNo.replace(/^GATE-/, ''));
    if (gateId) await db.update(terminals).set({ gateId }).where(eq(terminals.id, d.id));
  }
}
