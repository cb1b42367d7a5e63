import type { Db } from '../db/client.ts';
import { scenicAreas } from '../modules/scenic/scenic.table.ts';

/** The ids of the demo's two areas: QSH (the first) and YLGZ. */
export interface DemoAreas {
  qsh: number;
  ylgz: number;
}

export async function demoAreas(db: Db): Promise<DemoAreas> {
  const areas = await db.select().from(scenicAreas);
  return {
    qsh: areas.find((a) => a.code === 'QSH')!.id,
    ylgz: areas.find((a) => a.code === 'YLGZ')!.id,
  };
}
