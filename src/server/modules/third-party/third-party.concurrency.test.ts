import crypto from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { thirdPartyApi, thirdPartyVoucherApi } from '../../../shared/api/third-party.ts';
import { DEFAULT_TIME_ZONE, areaInstant } from '../../lib/area-clock.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createTestProduct } from '../checkin/checkin.fixture.ts';
import { gateEvents } from '../checkin/index.ts';
import { gates } from '../gates/index.ts';
import { scenicAreas } from '../scenic/index.ts';
import { thirdPartyVouchers } from './third-party.table.ts';

// PGlite has a single connection: real concurrency needs PostgreSQL (TEST_DATABASE_URL).
describe.skipIf(!process.env.TEST_DATABASE_URL)(
  'a voucher read at several gates at once (PostgreSQL)',
  () => {
    const COUNT = 12;
    let t: TestApp;
    let qsh = 0;
    const gate: Record<string, number> = {};
    const devices: Record<string, { token: string; clientId: string }> = {};
    let channelId = 0;
    const at = areaInstant('2030-06-01', '10:00', DEFAULT_TIME_ZONE);

    beforeAll(async () => {
      t = await createTestApp({ loginRateLimit: 1000 });
      const db = t.database.db;
      qsh = (await db.select().from(scenicAreas).where(eq(scenicAreas.code, 'QSH')))[0]!.id;
      for (const g of await db.select().from(gates).where(eq(gates.scenicId, qsh))) gate[g.code] = g.id;
      const product = (await createTestProduct(db, qsh, { entryMode: 1 })).id;
      const admin = (await t.login('admin')).access_token;
      const created = await t.call(admin, 'POST', thirdPartyApi.create, {
        name: '并发渠道',
        buyChannel: 12,
        adapter: 'codeList',
        productId: product,
        codePrefix: 'RC',
        codeMinLength: 8,
        codeMaxLength: 8,
        gateIds: [gate['S-IN-01'], gate['N-IN-01']],
      });
      channelId = created.json().data.id;
      const codes = Array.from({ length: COUNT }, (_, i) => `RC${String(100000 + i)}`);
      const imported = await t.call(admin, 'POST', thirdPartyVoucherApi.import, {
        channelId,
        codes: codes.join('\n'),
        validFrom: new Date(at.getTime() - 86_400_000).toISOString(),
        validTo: new Date(at.getTime() + 86_400_000).toISOString(),
      });
      expect(imported.json().data.imported).toBe(COUNT);
      // four registered handhelds race at two gates (a scan's device is the caller's own client)
      for (const name of ['race-s1', 'race-n1', 'race-s2', 'race-n2'])
        devices[name] = await t.deviceToken(qsh, 'handManagement');
    });
    afterAll(() => t?.close());

    const scan = (value: string, gateCode: string, device: string) =>
      t.call(
        devices[device]!.token,
        'POST',
        '/api/gate/scan',
        {
          gateId: gate[gateCode],
          deviceId: device,
          nonce: crypto.randomBytes(8).toString('hex'),
          readMode: 1,
          value,
          scannedAt: at.toISOString(),
        },
        { 'x-scenic-id': String(qsh) },
      );

    it('admits each voucher once: one ok event, the others refused voucherUsed', async () => {
      const db = t.database.db;
      const vouchers = await db
        .select()
        .from(thirdPartyVouchers)
        .where(eq(thirdPartyVouchers.channelId, channelId));
      for (const v of vouchers) {
        const answers = await Promise.all([
          scan(v.code, 'S-IN-01', 'race-s1'),
          scan(v.code, 'N-IN-01', 'race-n1'),
          scan(v.code, 'S-IN-01', 'race-s2'),
          scan(v.code, 'N-IN-01', 'race-n2'),
        ]);
        const data = answers.map((a) => a.json().data);
        expect(data.filter((d) => d.allowed)).toHaveLength(1);
        expect(data.filter((d) => d.reason === 'voucherUsed')).toHaveLength(3);
      }
      const after = await db
        .select()
        .from(thirdPartyVouchers)
        .where(eq(thirdPartyVouchers.channelId, channelId));
      expect(after.every((v) => v.status === 'used' && v.gateEventId != null)).toBe(true);
      const okEvents = await db
        .select()
        .from(gateEvents)
        .where(
          and(
            inArray(
              gateEvents.deviceId,
              Object.values(devices).map((d) => d.clientId),
            ),
            eq(gateEvents.result, 'ok'),
          ),
        );
      expect(okEvents).toHaveLength(COUNT);
      expect(new Set(okEvents.map((e) => e.id))).toEqual(new Set(after.map((v) => v.gateEventId)));
    });
  },
);
