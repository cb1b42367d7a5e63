// A server with a certificate speaks HTTP/2 (and HTTP/1.1 to older clients), serving the console's
// precompressed, immutable assets as over HTTP/1.1 (docs/performance.md "Serving").
import crypto from 'node:crypto';
import fs from 'node:fs';
import http2 from 'node:http2';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import forge from 'node-forge';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test/harness.ts';

/** A self-signed certificate for 127.0.0.1 (the key made natively: node-forge would take seconds). */
function selfSigned(): { cert: Buffer; key: Buffer } {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const keyPem = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = '01';
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 24 * 3600_000);
  const attrs = [{ name: 'commonName', value: '127.0.0.1' }];
  cert.setSubject(attrs);
  cert.setIssuer(attrs);
  cert.setExtensions([{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }]);
  cert.sign(forge.pki.privateKeyFromPem(keyPem), forge.md.sha256.create());
  return { cert: Buffer.from(forge.pki.certificateToPem(cert)), key: Buffer.from(keyPem) };
}

let t: TestApp;
let webDir: string;
let origin: string;
const script = `console.log(${JSON.stringify('y'.repeat(4000))});`;

beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'scenic-web-h2-'));
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><div id="root"></div>');
  fs.writeFileSync(path.join(webDir, 'assets', 'index-h2.js'), script);
  fs.writeFileSync(path.join(webDir, 'assets', 'index-h2.js.br'), zlib.brotliCompressSync(script));
  t = await createTestApp({ webDir, tls: selfSigned() });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  origin = `https://127.0.0.1:${(t.app.server.address() as { port: number }).port}`;
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

describe('TLS', () => {
  it('serves the console over HTTP/2, precompressed and cached for a year', async () => {
    const client = http2.connect(origin, { rejectUnauthorized: false });
    try {
      const { headers, body } = await new Promise<{ headers: http2.IncomingHttpHeaders; body: Buffer }>(
        (resolve, reject) => {
          const req = client.request({ ':path': '/assets/index-h2.js', 'accept-encoding': 'br, gzip' });
          const chunks: Buffer[] = [];
          let headers: http2.IncomingHttpHeaders = {};
          req.on('response', (h) => (headers = h));
          req.on('data', (c: Buffer) => chunks.push(c));
          req.on('end', () => resolve({ headers, body: Buffer.concat(chunks) }));
          req.on('error', reject);
          req.end();
        },
      );
      expect(headers[':status']).toBe(200);
      expect(headers['content-encoding']).toBe('br');
      expect(headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(zlib.brotliDecompressSync(body).toString()).toBe(script);
    } finally {
      client.close();
    }
  });

  it('still answers HTTP/1.1 clients, and the API over TLS', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      https
        .get(`${origin}/readyz`, { rejectUnauthorized: false }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        })
        .on('error', reject);
    });
    expect(status).toBe(200);
  });
});
