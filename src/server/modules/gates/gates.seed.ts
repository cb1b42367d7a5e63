import type { Db } from '../../db/client.ts';
import { gates } from './gates.table.ts';

/**
 * Demo gates of one area (docs/product.md §9 gate types). There is no gate screen yet (/terminal/gateManage
 * comes with the terminal issue), so the seed is where gates come from for now.
 */
export async function seedDemoGates(db: Db, scenicId: number): Promise<void> {
  await db.insert(gates).values([
    { scenicId, code: 'S-IN-01', name: '南门入口', gateType: 10, location: '南门广场' },
    { scenicId, code: 'S-OUT-01', name: '南门出口', gateType: 11, location: '南门广场' },
    { scenicId, code: 'N-IN-01', name: '北门入口', gateType: 10, location: '北门停车场' },
    { scenicId, code: 'N-OUT-01', name: '北门出口', gateType: 11, location: '北门停车场' },
    { scenicId, code: 'BUS-01', name: '观光车计时起点', gateType: 20, location: '湖滨观光车站' },
    { scenicId, code: 'BUS-02', name: '观光车计时暂停', gateType: 21, location: '湖心岛站' },
  ]);
}
