import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  storageSettingApi,
  type StorageSetting,
  type StorageTestResult,
} from '../../../shared/api/storage-settings.ts';
import { queryRows } from '../../db/rows.ts';
import { useSecretKeys } from '../../lib/secret-box.ts';
import { rotateSecrets } from '../../lib/secret-rotation.ts';
import { TEST_SECRET_KEY } from '../../test/template.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { data, expect400 } from '../../test/replies.ts';
import { startTestS3, type TestS3 } from '../../test/s3-server.ts';

/**
 * /sys/os (issue 31): uploads through the configured store, on a real S3-compatible server
 * (s3rver); each file served back from the store that holds it, whatever the setting is now.
 */
let t: TestApp;
let s3: TestS3;
let admin = '';
const answers: string[] = [];

const UPLOAD = '/web/api/ticket/storage/uploadUnMove';
/** The classic 43-byte 1x1 transparent GIF89a. */
const GIF = Buffer.from(
  '47494638396101000100800000000000ffffff21f90401000000002c00000000010001000002024401003b',
  'hex',
);

const call = async (url: string, body?: unknown, token = admin) => {
  const res = await t.call(token, body === undefined ? 'GET' : 'POST', url, body);
  answers.push(res.body);
  return res;
};
const s3Form = (over: object = {}) => ({
  kind: 's3',
  endpoint: s3.endpoint,
  bucket: s3.bucket,
  region: 'cn-east-1',
  accessKeyId: s3.accessKeyId,
  secretKey: s3.secretKey,
  pathStyle: true,
  ...over,
});
async function upload(): Promise<string> {
  const boundary = '----scenic-test';
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.gif"\r\nContent-Type: image/gif\r\n\r\n`,
    ),
    GIF,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: UPLOAD,
    headers: {
      authorization: `bearer ${admin}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    payload,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ data: string[] }>().data[0]!;
}

beforeAll(async () => {
  s3 = await startTestS3();
  t = await createTestApp({ loginRateLimit: 1000, egressAllow: [s3.host] });
  admin = (await t.login('admin')).access_token;
}, 60_000);
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

describe('object storage (/sys/os)', () => {
  it('starts on the local disk; a test of the S3 form writes, reads back and deletes a probe', async () => {
    const setting = await data<StorageSetting>(call(storageSettingApi.query));
    expect(setting).toMatchObject({ kind: 'local', secretKeySet: false, updatedBy: null });
    const ok = await data<StorageTestResult>(call(storageSettingApi.test, s3Form()));
    expect(ok).toMatchObject({ ok: true, failedStep: null });
    const missing = await data<StorageTestResult>(
      call(storageSettingApi.test, s3Form({ bucket: 'no-such-bucket' })),
    );
    expect(missing).toMatchObject({ ok: false, failedStep: 'put', code: 'NoSuchBucket' });
    // nothing was saved by the tests
    expect((await data<StorageSetting>(call(storageSettingApi.query))).kind).toBe('local');
  });

  it('with S3 active, an upload goes to the bucket and is served back from it', async () => {
    const saved = await data<StorageSetting>(call(storageSettingApi.update, s3Form()));
    expect(saved).toMatchObject({ kind: 's3', bucket: s3.bucket, secretKeySet: true, updatedBy: 'admin' });
    const url = await upload();
    const key = url.replace('/uploads/', '');
    expect(s3.object(key)).toEqual(GIF);
    const served = await t.app.inject({ url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/gif');
    expect(Buffer.compare(served.rawPayload, GIF)).toBe(0);
  });

  it('switching back to the disk keeps the S3 files readable; new uploads land on the disk', async () => {
    const onS3 = await upload();
    const local = await data<StorageSetting>(call(storageSettingApi.update, { kind: 'local' }));
    expect(local.kind).toBe('local');
    expect(local.stores.find((s) => s.kind === 's3')).toMatchObject({ active: false, files: 2 });
    expect((await t.app.inject({ url: onS3 })).statusCode).toBe(200);
    const onDisk = await upload();
    expect(s3.object(onDisk.replace('/uploads/', ''))).toBeNull();
    expect(Buffer.compare((await t.app.inject({ url: onDisk })).rawPayload, GIF)).toBe(0);
    // saving S3 again without the secret keeps the stored one of that bucket
    const again = await data<StorageSetting>(call(storageSettingApi.update, s3Form({ secretKey: '' })));
    expect(again).toMatchObject({ kind: 's3', secretKeySet: true });
    expect(
      (await queryRows(t.database.db, sql`select id from storage_stores where kind = 's3'`)).length,
    ).toBe(1);
  });

  it('a store with a public base URL serves its files by redirect', async () => {
    await data(
      call(
        storageSettingApi.update,
        s3Form({ secretKey: '', publicBaseUrl: 'https://cdn.example.com/files/' }),
      ),
    );
    const url = await upload();
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(`https://cdn.example.com/files/${url.replace('/uploads/', '')}`);
    await data(call(storageSettingApi.update, { kind: 'local' }));
  });

  it('404 for a file that is not there or a key that climbs out', async () => {
    expect((await t.app.inject({ url: '/uploads/scenic-1/nothing.png' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/uploads/..%2Fsecret-key' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/uploads/.hidden/x.png' })).statusCode).toBe(404);
  });

  it('400 naming the field; a new S3 place needs its secret', async () => {
    expect400(await call(storageSettingApi.update, s3Form({ bucket: '' })), 'bucket');
    expect400(await call(storageSettingApi.update, s3Form({ bucket: 'Not_A_Bucket' })), 'bucket');
    expect400(
      await call(storageSettingApi.update, s3Form({ endpoint: 'ftp://files.example.com' })),
      'endpoint',
    );
    expect400(
      await call(storageSettingApi.update, s3Form({ bucket: 'other-bucket', secretKey: '' })),
      'secretKey',
    );
    expect400(await call(storageSettingApi.update, { kind: 'disk' }), 'kind');
    expect((await data<StorageSetting>(call(storageSettingApi.query))).kind).toBe('local');
  });

  it('a platform permission: 403 for an area administrator and for staff', async () => {
    for (const name of ['yunling', 'staff']) {
      const token = (await t.login(name)).access_token;
      expect((await call(storageSettingApi.query, undefined, token)).statusCode).toBe(403);
      expect((await call(storageSettingApi.update, { kind: 'local' }, token)).statusCode).toBe(403);
      expect((await call(storageSettingApi.test, { kind: 'local' }, token)).statusCode).toBe(403);
    }
  });

  it('the S3 endpoint is held to the egress rule: a private address not on the allow-list is refused', async () => {
    const refused = await data<StorageTestResult>(
      call(storageSettingApi.test, s3Form({ endpoint: 'http://10.0.0.5:9000' })),
    );
    expect(refused).toMatchObject({ ok: false, failedStep: 'put', code: 'EGRESS' });
  });

  it('npm run secrets:rotate re-seals the secret key; the stored one still signs afterwards', async () => {
    useSecretKeys({ current: 'the-next-key-of-the-storage-tests-0123456789', previous: TEST_SECRET_KEY });
    try {
      const reports = await rotateSecrets(t.database.db);
      expect(reports.find((r) => r.name === 'storage.stores.secret_key_sealed')).toMatchObject({
        resealed: 1,
        unreadable: 0,
      });
      useSecretKeys({ current: 'the-next-key-of-the-storage-tests-0123456789' });
      const probe = await data<StorageTestResult>(call(storageSettingApi.test, s3Form({ secretKey: '' })));
      expect(probe).toMatchObject({ ok: true });
    } finally {
      useSecretKeys({ current: TEST_SECRET_KEY });
    }
  });

  it('the secret key is in no answer and no audit row', async () => {
    const audits = await queryRows<{ before: unknown; after: unknown }>(
      t.database.db,
      sql`select before, after from audit_logs where target_type = 'storageStore'`,
    );
    expect(audits.length).toBeGreaterThanOrEqual(4);
    const text = JSON.stringify(audits) + answers.join('\n');
    expect(text).toContain(s3.bucket);
    expect(text).not.toContain(s3.secretKey);
  });
});
