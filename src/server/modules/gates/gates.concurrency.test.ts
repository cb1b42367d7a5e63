import crypto from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gateApi } from '../../../shared/api/gates.ts';
import { terminalApi, terminalDeviceApi } from '../../../shared/api/terminals.ts';
import { queryRows } from '../../db/rows.ts';
import { DEFAULT_TIME_ZONE, areaInstant } from '../../lib/area-clock.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { activateDevice, secretGrant, type ActivatedDevice } from '../../test/credentials.ts';
import { createTestProduct, createTestTicket } from '../checkin/checkin.fixture.ts';
import { scenicAreas } from '../scenic/scenic.table.ts';

// PGlite has a single connection: real concurrency needs PostgreSQL (TEST_DATABASE_URL).
describe.skipIf(!process.env.TEST_DATABASE_URL)('one ticket at two gate devices at once (PostgreSQL)', () => {
  let t: TestApp;
  let admin: string;
  let qsh = 0;

  beforeAll(async () => {
    t = await createTestApp({ loginRateLimit: 1000 });
    admin = (await t.login('admin')).access_token;
    qsh = (await t.database.db.select().from(scenicAreas).where(eq(scenicAreas.code, 'QSH')))[0]!.id;
  });
  afterAll(() => t?.close());

  /** A gate device mounted on a new entry gate: its token and headers. */
  async function mountedDevice() {
    const serialNo = `GD-${crypto.randomBytes(4).toString('hex')}`;
    const created = await t.call(admin, 'POST', terminalApi.create, {
      kind: 'gateDevice',
      name: serialNo,
      serialNo,
    });
    const { id, activationCode } = created.json<{ data: { id: number; activationCode: string } }>().data;
    const act = await activateDevice(t, activationCode);
    const done = act.json<{ data: ActivatedDevice }>().data;
    const login = await secretGrant(t, done.clientId, done.clientSecret);
    const gate = await t.call(admin, 'POST', gateApi.create, {
      code: serialNo,
      name: serialNo,
      gateType: 10,
      deviceIds: [id],
    });
    expect(gate.statusCode, gate.body).toBe(200);
    return {
      token: login.json<{ access_token: string }>().access_token,
      headers: { 'x-scenic-id': String(done.scenicId) },
    };
  }

  it('lets the ticket in once; the other device is told it is already inside', async () => {
    const [a, b] = [await mountedDevice(), await mountedDevice()];
    const product = await createTestProduct(t.database.db, qsh);
    for (let round = 0; round < 5; round++) {
      const tk = await createTestTicket(t.database.db, {
        scenicId: qsh,
        productId: product.id,
        visitDate: '2030-06-01',
      });
      const scannedAt = areaInstant('2030-06-01', '10:00', DEFAULT_TIME_ZONE).toISOString();
      const scan = (d: typeof a) =>
        t.call(
          d.token,
          'POST',
          terminalDeviceApi.scan,
          { nonce: crypto.randomBytes(8).toString('hex'), readMode: 1, value: tk.code, scannedAt },
          d.headers,
        );
      const answers = await Promise.all([scan(a), scan(b)]);
      expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
      const allowed = answers.filter((r) => r.json().data.allowed);
      expect(allowed).toHaveLength(1);
      const entries = await queryRows<{ n: number }>(
        t.database.db,
        sql`select count(*)::int as n from gate_events where ticket_id = ${tk.id} and direction = 'entry'`,
      );
      expect(Number(entries[0]!.n)).toBe(1);
    }
  });
});
