import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** A real S3-compatible server for the tests (s3rver, on disk in a temporary folder), with one bucket. */
export interface TestS3 {
  endpoint: string;
  /** host:port, for the egress allow-list */
  host: string;
  bucket: string;
  /** Credentials to configure: s3rver takes any (it does not check signatures) */
  accessKeyId: string;
  secretKey: string;
  /** The object's bytes as the server holds them (null when there is none) */
  object(key: string): Buffer | null;
  close(): Promise<void>;
}

export async function startTestS3(bucket = 'scenic-files'): Promise<TestS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'scenic-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const address = (await server.run()) as unknown as { port: number };
  const host = `127.0.0.1:${address.port}`;
  return {
    endpoint: `http://${host}`,
    host,
    bucket,
    accessKeyId: 'S3RVER',
    secretKey: `test-secret-${randomBytes(12).toString('hex')}`,
    object(key) {
      // s3rver's layout: <directory>/<bucket>/<key>._S3rver_object
      const at = path.join(directory, bucket, `${key}._S3rver_object`);
      return fs.existsSync(at) ? fs.readFileSync(at) : null;
    },
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
