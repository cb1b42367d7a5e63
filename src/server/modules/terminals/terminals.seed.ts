import { sql } from 'drizzle-orm';
import type { TerminalKindCode } from '../../../shared/dict/terminal.ts';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/rows.ts';
import { extensionPoint } from '../../lib/extension-point.ts';
import { terminalEvents, terminals } from './terminals.table.ts';

type Demo = [kind: TerminalKindCode, serialNo: string, name: string, location: string, online: boolean];

/** Never activated: demo terminals have no client secrets; "online" ones show a recent beat. */
const DEMO: Demo[] = [
  ['winManagement', 'WIN-001', '南门1号售票窗口', '南门售票厅', true],
  ['winManagement', 'WIN-002', '南门2号售票窗口', '南门售票厅', true],
  ['winManagement', 'WIN-003', '北门售票窗口', '北门售票厅', false],
  ['selfManagement', 'SELF-001', '南门自助售取票机', '南门广场', true],
  ['selfManagement', 'SELF-002', '北门自助售取票机', '北门停车场', false],
  ['handManagement', 'HAND-001', '检票手持机A', '南门入口', true],
  ['handManagement', 'HAND-002', '检票手持机B', '北门入口', false],
  ['gateDevice', 'GATE-S-IN-01', '南门入口闸机', '南门广场', true],
  ['gateDevice', 'GATE-N-IN-01', '北门入口闸机', '北门停车场', false],
  ['faceDevice', 'FACE-001', '南门人脸识别机', '南门入口', true],
  ['camera', 'CAM-001', '南门客流摄像头', '南门广场', true],
  ['camera', 'CAM-002', '湖心岛客流摄像头', '湖心岛站', false],
];

/** The second area's gate devices (mounted on their gates: serial GATE-<gate code>). */
const YLGZ: Demo[] = [
  ['gateDevice', 'GATE-YL-S-IN', '古镇南入口闸机', '南牌坊', true],
  ['gateDevice', 'GATE-YL-E-IN', '古镇东入口闸机', '东码头', false],
  ['gateDevice', 'GATE-YL-BOAT-01', '游船计时闸机', '东码头游船站', true],
];

/**
 * Demo steps that need an area's demo terminals, run right after they are seeded: the gates module
 * plugs in mounting its gate devices (gates.module.ts), so this seed imports nothing of gates.
 */
export const demoTerminalSteps = extensionPoint<(db: Db, scenicId: number) => Promise<void>>(
  'terminals.demoTerminalSteps',
);

async function afterDemoTerminals(db: Db, scenicId: number): Promise<void> {
  for (const step of demoTerminalSteps.items) await step(db, scenicId);
}

/**
 * A dozen demo terminals of every kind in the first area, half of them online, and the second
 * area's gate devices; gate devices are mounted on their gates (gates module, demoTerminalSteps).
 */
export async function seedDemoTerminals(db: Db, scenicId: number): Promise<void> {
  await seedArea(db, scenicId, DEMO);
  await afterDemoTerminals(db, scenicId);
  const [second] = rowsOf<{ id: number }>(
    await db.execute(sql`select id from scenic_areas where code = 'YLGZ'`),
  );
  if (second) {
    await seedArea(db, Number(second.id), YLGZ);
    await afterDemoTerminals(db, Number(second.id));
  }
}

async function seedArea(db: Db, scenicId: number, demo: Demo[]): Promise<void> {
  const rows = await db
    .insert(terminals)
    .values(
      demo.map(([kind, serialNo, name, location, online], i) => ({
        scenicId,
        kind,
        serialNo,
        name,
        location,
        appVersion: '1.4.2',
        online: online ? 2 : 0,
        // online: a beat seconds ago; offline: last seen some hours before
        lastSeenAt: online
          ? sql`now() - ${`${5 + i} seconds`}::interval`
          : sql`now() - ${`${2 + i} hours`}::interval`,
        lastIp: `10.0.1.${10 + i}`,
      })),
    )
    .returning({ id: terminals.id, online: terminals.online });
  await db
    .insert(terminalEvents)
    .values(
      rows.map((r) => ({ terminalId: r.id, event: r.online === 2 ? 'online' : 'offline', detail: 'demo' })),
    );
}
