import { and, asc, eq, sql } from 'drizzle-orm';
import { ADM_TYPE } from '../../../shared/dict/account.ts';
import type { Db } from '../../db/client.ts';
import { admins } from '../accounts/index.ts';
import { DEMO_PICTURES } from '../picture-groups/index.ts';
import { ticketProducts } from '../products/index.ts';
import { scenicAreas } from '../scenic/index.ts';
import { terminalEvents, terminals } from '../terminals/index.ts';
import { salesMachineCarousels, salesTerminalProfiles } from './sales-terminals.table.ts';

const DAY = 24 * 3600_000;

async function areaFacts(db: Db, scenicId: number) {
  const products = await db
    .select({ id: ticketProducts.id })
    .from(ticketProducts)
    .where(and(eq(ticketProducts.scenicId, scenicId), eq(ticketProducts.shelfStatus, 1)))
    .orderBy(asc(ticketProducts.sort), asc(ticketProducts.id));
  const staff = await db
    .select({ id: admins.id })
    .from(admins)
    .where(and(eq(admins.scenicId, scenicId), eq(admins.admType, ADM_TYPE.staff)))
    .orderBy(asc(admins.id));
  const kinds = await db
    .select({ id: terminals.id, kind: terminals.kind, serialNo: terminals.serialNo })
    .from(terminals)
    .where(eq(terminals.scenicId, scenicId))
    .orderBy(asc(terminals.id));
  return {
    productIds: products.map((p) => p.id),
    staffIds: staff.map((s) => s.id),
    windows: kinds.filter((k) => k.kind === 'winManagement'),
    machines: kinds.filter((k) => k.kind === 'selfManagement'),
  };
}

/** The heartbeat's printer report, as a running device would have sent it. */
const printer = (db: Db, id: number, state: string, paperLevel: number) =>
  db.update(terminals).set({ printerState: state, paperLevel }).where(eq(terminals.id, id));

/** Profiles of the area's windows and machines, printer reports, and a carousel of 3–4 images. */
async function seedArea(db: Db, scenicId: number, pictureOffset: number): Promise<void> {
  const { productIds, staffIds, windows, machines } = await areaFacts(db, scenicId);
  const now = Date.now();
  for (const [i, w] of windows.entries()) {
    // the first window sells everything on shelf, the others the first few products
    await db.insert(salesTerminalProfiles).values({
      terminalId: w.id,
      scenicId,
      windowNo: String(i + 1).padStart(2, '0'),
      productIds: i === 0 ? productIds : productIds.slice(0, 3),
      operatorIds: staffIds,
      payWays: i === 0 ? [1, 2, 3, 9, 11, 50, 99] : [1, 2, 3, 99],
      printerModel: i === 0 ? 'EPSON TM-T82III' : 'XPRINTER XP-Q80',
      paper: i === 0 ? 'receipt80' : 'receipt58',
    });
    await printer(db, w.id, 'ok', 90 - i * 25);
  }
  for (const [i, m] of machines.entries()) {
    await db.insert(salesTerminalProfiles).values({
      terminalId: m.id,
      scenicId,
      productIds: productIds.slice(0, 4),
      payWays: [2, 3, 11, 50],
      printerModel: 'SNBC BK-T680',
      paper: i === 0 ? 'coated72' : 'wristband29',
    });
    // the first machine runs low on paper
    await printer(db, m.id, i === 0 ? 'paperLow' : 'ok', i === 0 ? 8 : 64);
  }
  const picture = (k: number) => DEMO_PICTURES[(pictureOffset + k) % DEMO_PICTURES.length]!;
  const first = machines[0]?.id ?? null;
  await db.insert(salesMachineCarousels).values([
    { scenicId, machineId: null, title: '欢迎光临', image: picture(0), sort: 10 },
    { scenicId, machineId: null, title: '扫码购票更便捷', image: picture(1), sort: 20 },
    {
      scenicId,
      machineId: null,
      title: '夜游季',
      image: picture(2),
      sort: 30,
      startAt: new Date(now - 7 * DAY),
      endAt: new Date(now + 60 * DAY),
    },
    // a coming campaign, not on screen yet
    ...(first
      ? [
          {
            scenicId,
            machineId: first,
            title: '下月活动预告',
            image: picture(3),
            sort: 40,
            startAt: new Date(now + 20 * DAY),
            endAt: new Date(now + 50 * DAY),
          },
        ]
      : []),
  ]);
}

/** The second area's counter and machine (the terminals seed registers only the first area's). */
async function townTerminals(db: Db, scenicId: number): Promise<void> {
  const rows = await db
    .insert(terminals)
    .values(
      [
        {
          scenicId,
          kind: 'winManagement',
          serialNo: 'YL-WIN-001',
          name: '古镇游客中心售票窗口',
          location: '古镇游客中心',
          online: 2,
        },
        {
          scenicId,
          kind: 'selfManagement',
          serialNo: 'YL-SELF-001',
          name: '古镇入口自助售票机',
          location: '古镇东入口',
          online: 0,
        },
      ].map((t, i) => ({
        ...t,
        appVersion: '1.4.2',
        lastIp: `10.0.2.${10 + i}`,
        lastSeenAt: t.online ? sql`now() - interval '12 seconds'` : sql`now() - interval '5 hours'`,
      })),
    )
    .returning({ id: terminals.id, online: terminals.online });
  await db
    .insert(terminalEvents)
    .values(
      rows.map((r) => ({ terminalId: r.id, event: r.online === 2 ? 'online' : 'offline', detail: 'demo' })),
    );
}

/** Demo data: the first area's windows and machines, then the old town's (YLGZ). */
export async function seedDemoSalesTerminals(db: Db, scenicId: number): Promise<void> {
  await seedArea(db, scenicId, 0);
  const [town] = await db
    .select({ id: scenicAreas.id })
    .from(scenicAreas)
    .where(eq(scenicAreas.code, 'YLGZ'));
  if (!town) return;
  await townTerminals(db, town.id);
  await seedArea(db, town.id, 3);
}
