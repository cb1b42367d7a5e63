// The device simulator against a real server (the test app listening on a free port): it enrols
// its terminals, mounts its gate devices, and one round sells tickets at the window, scans them in
// at the entry gates, beats and counts.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/server/db/rows.ts';
import { ADMIN_PASSWORD, createTestApp, type TestApp } from '../../src/server/test/harness.ts';
import { DeviceFleet, type FleetState } from './fleet.ts';

let t: TestApp;
let baseUrl: string;

beforeAll(async () => {
  t = await createTestApp({ loginRateLimit: 1000 });
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
});
afterAll(() => t.close());

describe('device simulator', () => {
  it('enrols a fleet, sells, scans, beats and counts; a second run reuses the devices', async () => {
    const state: FleetState = { devices: {} };
    const lines: string[] = [];
    const options = {
      baseUrl,
      username: 'admin',
      password: ADMIN_PASSWORD,
      gates: 2,
      cameras: 1,
      prefix: 'TSIM',
      log: (line: string) => lines.push(line),
    };
    const fleet = new DeviceFleet(options, state);
    await fleet.setup();
    expect(Object.keys(state.devices).sort()).toEqual([
      'TSIM-CAM-01',
      'TSIM-GATE-01',
      'TSIM-GATE-02',
      'TSIM-WIN-01',
    ]);

    // half past ten on the area's day (Asia/Shanghai): inside the tickets' hours, whatever the real time
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(new Date());
    const now = Date.parse(`${day}T10:30:00+08:00`);
    const first = await fleet.tick(now, 4);
    expect(first, lines.join('\n')).toMatchObject({ beats: 4, sold: 4, counts: 1, failures: 0 });
    expect(first.scans, lines.join('\n')).toBe(4);
    expect(first.admitted, lines.join('\n')).toBe(4);
    // the next round lets half of them out through the exit gate
    const second = await fleet.tick(now + 1000, 4);
    expect(second.failures, lines.join('\n')).toBe(0);
    expect(second.admitted).toBeGreaterThan(0);

    const [online] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from terminals where serial_no like 'TSIM-%' and online = 2`,
    );
    expect(online!.n).toBe(4);
    const [entries] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from gate_events e join terminals d on d.client_id = e.device_id
          where d.serial_no like 'TSIM-GATE-%' and e.result = 'ok'`,
    );
    expect(entries!.n).toBe(first.admitted + second.admitted);

    // a second run with the kept state registers nothing new
    const again = new DeviceFleet(options, state);
    await again.setup();
    const [count] = await queryRows<{ n: number }>(
      t.database.db,
      sql`select count(*)::int as n from terminals where serial_no like 'TSIM-%'`,
    );
    expect(count!.n).toBe(4);
  });
});
