import crypto from 'node:crypto';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  paymentSettingApi,
  type PaymentSetting,
  type PaymentSettings,
} from '../../../shared/api/payments.ts';
import { buildApp, loggerOptions } from '../../app.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { useSecretKeys } from '../../lib/secret-box.ts';
import { rotateSecrets } from '../../lib/secret-rotation.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { TEST_SECRET_KEY } from '../../test/template.ts';
import { openSecret, sealLegacySecret } from '../ota/secret-box.ts';
import type { PayAdapter } from './adapters/adapter.ts';
import { hidePayAdapter, registerPayAdapter } from './pay-adapters.ts';
import { paySettingsOf } from './payments.service.ts';

// a self-signed merchant certificate (EC P-256), only parsed here
const CERTIFICATE = `-----BEGIN CERTIFICATE-----
MIIBhzCCAS2gAwIBAgIUQa3VTcPy2dZhKCTyIukJZE0SfMswCgYIKoZIzj0EAwIw
GDEWMBQGA1UEAwwNZGVtbyBtZXJjaGFudDAgFw0yNjExMjgxNDI2NTlaGA8yMTI2
MTEwNDE0MjY1OVowGDEWMBQGA1UEAwwNZGVtbyBtZXJjaGFudDBZMBMGByqGSM49
AgEGCCqGSM49AwEHA0IABJPc5pFSAFCZvLp0FzS858QrCd25aj9R1vfCZLjYFDgh
GWaVT9VITMMq8t7BWlcKVJjkel3jJkRoaCV9OPLQxmujUzBRMB0GA1UdDgQWBBRZ
u5FxyCMdD8ZXDGaayxqoWvyeEjAfBgNVHSMEGDAWgBRZu5FxyCMdD8ZXDGaayxqo
WvyeEjAPBgNVHRMBAf8EBTADAQH/MAoGCCqGSM49BAMCA0gAMEUCIQCu4hbbDmQ2
kbc6qArVvVimvQMtR0XG+MmeBWupJNJkqgIgaUdMSRukveg1Kr6ICwsOQE9JhWdP
PxPRn72mEP8HslI=
-----END CERTIFICATE-----`;
const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
const PRIVATE_KEY = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString().trim();
const PROVIDER_KEY = publicKey.export({ type: 'spki', format: 'pem' }).toString().trim();
const API_KEY = 'ApiV3Key-0123456789-abcdefghijkl';
const SECRETS = [API_KEY, PRIVATE_KEY, CERTIFICATE, PROVIDER_KEY];
/** A line of each secret that is its own (the PEM armour lines are shared by every key) */
const MARKS = SECRETS.map((s) => s.split('\n').find((l) => l.length > 40 && !l.startsWith('-----')) ?? s);

let t: TestApp;
let app: FastifyInstance;
let db: Db;
let scenicId: number;
const lines: string[] = [];
const tok: Record<string, string> = {};
const answers: string[] = [];

async function call(who: string, method: 'GET' | 'POST', url: string, body?: unknown) {
  const res = await app.inject({
    method,
    url,
    headers: { authorization: `bearer ${tok[who]}` },
    ...(body === undefined ? {} : { payload: body as object }),
  });
  answers.push(res.body);
  return res;
}
const data = <T>(res: { json: <R>() => R }) => res.json<{ data: T }>().data;
const wayOf = (settings: PaymentSettings, payWay: number) => settings.ways.find((w) => w.payWay === payWay)!;
const block = {
  payWay: 2,
  enabled: true,
  sandbox: true,
  merchantId: '1900000109',
  appId: 'wx0123456789abcdef',
  gatewayUrl: 'http://127.0.0.1:9460',
  certSerial: 'ABCDEF0123456789',
  providerKeySerial: 'PUB_KEY_ID_0123',
};

const fakeAdapter = {
  payWay: 2,
  name: 'fake',
  // a provider's answer that quotes the key: the route masks it
  testConnection: async (s) => ({
    ok: s.privateKey !== null,
    hint: 'verified',
    code: 'ORDER_NOT_EXIST',
    providerMessage: `no order for ${s.merchantId} (${s.apiKey})`,
  }),
} as Partial<PayAdapter> as PayAdapter;

beforeAll(async () => {
  t = await createTestApp({ loginRateLimit: 1000, publicUrl: 'https://pay.example.com' });
  db = t.database.db;
  scenicId = Number(
    (await queryRows<{ s: number }>(db, sql`select scenic_id as s from admins where username = 'staff'`))[0]!
      .s,
  );
  await t.grant('staff', ['admin:payment:query']);
  await t.grant('yunling', ['admin:payment:query', 'admin:payment:update']);
  for (const name of ['admin', 'staff', 'yunling']) tok[name] = (await t.login(name)).access_token;
  // the same database, an app whose log lines are kept (trace: every request and answer)
  await t.app.close();
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  app = await buildApp(t.config, t.database, {
    logger: { ...(loggerOptions({ logLevel: 'trace' }) as object), stream },
  });
});
afterAll(async () => {
  await app.close();
  await t.close();
});

describe('payment settings (/sys/payMentSet)', () => {
  it("reads a block per online pay way (the demo's sandbox ones), the others unavailable, secrets as set", async () => {
    const settings = data<PaymentSettings>(await call('admin', 'GET', paymentSettingApi.query));
    expect(settings.ways.map((w) => w.payWay)).toEqual([2, 3]);
    expect(settings.unavailable).toEqual(expect.arrayContaining([4, 50]));
    const wechat = wayOf(settings, 2);
    expect(wechat).toMatchObject({
      sandbox: true,
      gatewayUrl: 'http://127.0.0.1:9460',
      secrets: { privateKey: true, apiKey: true, certificate: false },
      notifyUrl: `https://pay.example.com/api/pay/notify/${scenicId}/2`,
    });
    expect(wayOf(settings, 3).gatewayUrl).toBe('http://127.0.0.1:9460/gateway.do');
  });

  it('saves a block: secrets sealed and answered only as set; empty keeps, clear removes; audited by field name', async () => {
    const res = await call('admin', 'POST', paymentSettingApi.update, {
      ...block,
      apiKey: API_KEY,
      privateKey: PRIVATE_KEY,
      certificate: CERTIFICATE,
      providerKey: PROVIDER_KEY,
    });
    expect(res.statusCode).toBe(200);
    expect(data<PaymentSetting>(res)).toMatchObject({
      ...block,
      secrets: { apiKey: true, privateKey: true, certificate: true, providerKey: true },
      updatedBy: 'admin',
    });
    const [row] = await queryRows<Record<string, string>>(
      db,
      sql`select * from payment_settings where scenic_id = ${scenicId} and pay_way = 2`,
    );
    for (const column of [
      'api_key_sealed',
      'private_key_sealed',
      'certificate_sealed',
      'provider_key_sealed',
    ])
      expect(row![column]).toMatch(/^v2\./);
    const opened = await paySettingsOf(db, scenicId, 2, 'https://pay.example.com');
    expect(opened).toMatchObject({ apiKey: API_KEY, privateKey: PRIVATE_KEY, certificate: CERTIFICATE });

    // empty secrets keep the stored ones; clear removes one
    const kept = await call('admin', 'POST', paymentSettingApi.update, {
      ...block,
      merchantId: '1900000110',
      apiKey: '',
      clear: ['certificate'],
    });
    expect(data<PaymentSetting>(kept).secrets).toEqual({
      apiKey: true,
      privateKey: true,
      certificate: false,
      providerKey: true,
    });
    expect((await paySettingsOf(db, scenicId, 2, ''))!.apiKey).toBe(API_KEY);

    const audits = await queryRows<{ after: { payWay: number; changed: string[] } }>(
      db,
      sql`select after from audit_logs where target_type = 'paymentSetting' order by id`,
    );
    expect(audits.map((a) => a.after.changed)).toEqual([
      expect.arrayContaining(['merchantId', 'enabled', 'apiKey', 'privateKey', 'certificate', 'providerKey']),
      ['merchantId', 'certificate'],
    ]);
  });

  it('400 names the field in both languages and changes nothing', async () => {
    const before = await queryRows(db, sql`select * from payment_settings order by id`);
    for (const [field, value, zh] of [
      ['privateKey', '-----BEGIN PRIVATE KEY-----\nnot a key\n-----END PRIVATE KEY-----', '商户私钥'],
      ['certificate', '-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----', '商户证书'],
      ['providerKey', 'not pem at all', null],
      ['apiKey', 'short', '32'],
    ] as const) {
      const body = { ...block, [field]: value };
      const en = await call('admin', 'POST', `${paymentSettingApi.update}?lang=en`, body);
      expect(en.statusCode).toBe(400);
      expect(en.json<{ msg: string }>().msg).toContain(field);
      const zhRes = await app.inject({
        method: 'POST',
        url: paymentSettingApi.update,
        headers: { authorization: `bearer ${tok.admin}`, 'accept-language': 'zh-CN' },
        payload: body,
      });
      expect(zhRes.statusCode).toBe(400);
      if (zh) expect(zhRes.json<{ msg: string }>().msg).toContain(zh);
    }
    const missing = await call('admin', 'POST', paymentSettingApi.update, { ...block, appId: '' });
    expect(missing.statusCode).toBe(400);
    expect(missing.body).toContain('appId');
    const wrongWay = await call('admin', 'POST', paymentSettingApi.update, { ...block, payWay: 9 });
    expect(wrongWay.statusCode).toBe(400);
    expect(await queryRows(db, sql`select * from payment_settings order by id`)).toEqual(before);
  });

  it('403 without the permission; another area sees and changes only its own', async () => {
    expect((await call('staff', 'GET', paymentSettingApi.query)).statusCode).toBe(200);
    expect((await call('staff', 'POST', paymentSettingApi.update, block)).statusCode).toBe(403);
    expect((await call('staff', 'POST', paymentSettingApi.test, { payWay: 2 })).statusCode).toBe(403);
    const other = data<PaymentSettings>(await call('yunling', 'GET', paymentSettingApi.query));
    expect(wayOf(other, 2).merchantId).not.toBe('1900000110');
    expect(wayOf(other, 2).notifyUrl).not.toContain(`/${scenicId}/`);
    const saved = await call('yunling', 'POST', paymentSettingApi.update, {
      ...block,
      merchantId: 'other-area',
    });
    expect(saved.statusCode).toBe(200);
    const ours = data<PaymentSettings>(await call('admin', 'GET', paymentSettingApi.query));
    expect(wayOf(ours, 2).merchantId).toBe('1900000110');
  });

  it("test connection: 409 when no adapter is installed; the adapter's answer (secrets masked), audited", async () => {
    const restore = hidePayAdapter(2);
    const none = await call('admin', 'POST', paymentSettingApi.test, { payWay: 2 });
    restore();
    expect(none.statusCode).toBe(409);
    const unregister = registerPayAdapter(fakeAdapter);
    try {
      const res = await call('admin', 'POST', paymentSettingApi.test, { payWay: 2 });
      expect(res.statusCode).toBe(200);
      expect(data(res)).toEqual({
        ok: true,
        hint: 'verified',
        code: 'ORDER_NOT_EXIST',
        providerMessage: 'no order for 1900000110 (***)',
      });
      expect(
        wayOf(data<PaymentSettings>(await call('admin', 'GET', paymentSettingApi.query)), 2).adapter,
      ).toBe(true);
    } finally {
      unregister();
    }
    const [audit] = await queryRows<{ action: string; after: unknown }>(
      db,
      sql`select action, after from audit_logs where target_type = 'paymentSetting' order by id desc limit 1`,
    );
    expect(audit).toEqual({ action: 'payment.test', after: { payWay: 2, ok: true } });
  });

  it('no secret appears in any API answer, log line or audit row', async () => {
    const audits = JSON.stringify(await queryRows(db, sql`select * from audit_logs`));
    for (const mark of MARKS) {
      expect(answers.join('\n')).not.toContain(mark);
      expect(lines.join('\n')).not.toContain(mark);
      expect(audits).not.toContain(mark);
    }
    expect(lines.length).toBeGreaterThan(10);
  });
});

describe('secrets rotation (npm run secrets:rotate)', () => {
  it('re-seals the payment and OTA secrets (and v1 OTA values) under the new key; the old key then opens none', async () => {
    const [channel] = await queryRows<{ id: number; secret_sealed: string }>(
      db,
      sql`select id, secret_sealed from ota_channels where secret_sealed <> '' order by id limit 1`,
    );
    const otaPlain = await openSecret(db, channel!.secret_sealed);
    expect(otaPlain).toBeTruthy();
    // a value of before the keyring (v1 under the RSA key of the database)
    const [legacyChannel] = await queryRows<{ id: number }>(
      db,
      sql`select id from ota_channels where id <> ${channel!.id} order by id limit 1`,
    );
    await db.execute(
      sql`update ota_channels set secret_sealed = ${await sealLegacySecret(db, 'legacy-secret-0123')} where id = ${legacyChannel!.id}`,
    );
    const sealedBefore = await queryRows<{ v: string }>(
      db,
      sql`select private_key_sealed as v from payment_settings where private_key_sealed <> ''`,
    );

    useSecretKeys({ current: 'the-next-key-of-the-test-suite-0123456789', previous: TEST_SECRET_KEY });
    try {
      const reports = await rotateSecrets(db);
      const byName = Object.fromEntries(reports.map((r) => [r.name, r]));
      expect(byName['payments.settings.private_key_sealed']).toMatchObject({ unreadable: 0 });
      expect(byName['payments.settings.private_key_sealed']!.resealed).toBeGreaterThanOrEqual(
        sealedBefore.length,
      );
      expect(byName['ota.channels.secret_sealed']).toMatchObject({ unreadable: 0 });
      expect(byName['ota.channels.secret_sealed']!.resealed).toBeGreaterThanOrEqual(2);
      // a second run has nothing left to do
      expect((await rotateSecrets(db)).every((r) => r.resealed === 0)).toBe(true);

      // only the new key now: everything still opens
      useSecretKeys({ current: 'the-next-key-of-the-test-suite-0123456789' });
      expect((await paySettingsOf(db, scenicId, 2, ''))!.privateKey).toBe(PRIVATE_KEY);
      const [after] = await queryRows<{ secret_sealed: string }>(
        db,
        sql`select secret_sealed from ota_channels where id = ${channel!.id}`,
      );
      expect(await openSecret(db, after!.secret_sealed)).toBe(otaPlain);
      const [legacy] = await queryRows<{ secret_sealed: string }>(
        db,
        sql`select secret_sealed from ota_channels where id = ${legacyChannel!.id}`,
      );
      expect(legacy!.secret_sealed).toMatch(/^v2\./);
      expect(await openSecret(db, legacy!.secret_sealed)).toBe('legacy-secret-0123');
      // the old key alone opens none of them
      useSecretKeys({ current: TEST_SECRET_KEY });
      expect((await paySettingsOf(db, scenicId, 2, ''))!.privateKey).toBeNull();
    } finally {
      useSecretKeys({ current: TEST_SECRET_KEY });
    }
  });
});
