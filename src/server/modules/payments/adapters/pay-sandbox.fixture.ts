import { generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { startPaySandbox } from '../../../../pay-sandbox/sandbox.ts';
import type { PaySandbox } from '../../../../pay-sandbox/sandbox.ts';
import { useEgressAllow } from '../../../lib/egress.ts';
import type { IncomingNotification, PaySettings } from './adapter.ts';

/** The tests' world: the sandbox in-process, a notify receiver standing for our server, a merchant's keys. */

export interface Received extends IncomingNotification {
  path: string;
}

export interface PayWorld {
  sandbox: PaySandbox;
  /** Notifications received, in order */
  received: Received[];
  notifyUrl: string;
  merchantKeys: { publicKey: string; privateKey: string };
  apiKey: string;
  close(): Promise<void>;
}

const pair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });

export const otherKeys = pair();

export async function startPayWorld(): Promise<PayWorld> {
  const sandbox = await startPaySandbox({ port: 0 });
  const received: Received[] = [];
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({
        path: req.url ?? '',
        headers: req.headers,
        rawBody: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
  const notifyUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/notify`;
  useEgressAllow([new URL(sandbox.url).host]);
  const merchantKeys = pair();
  const apiKey = randomBytes(16).toString('hex');
  return {
    sandbox,
    received,
    notifyUrl,
    merchantKeys,
    apiKey,
    async close() {
      await sandbox.close();
      await new Promise<void>((r) => receiver.close(() => r()));
      useEgressAllow([]);
    },
  };
}

export function wechatSettings(w: PayWorld, over: Partial<PaySettings> = {}): PaySettings {
  const keys = w.sandbox.control.keys();
  return {
    merchantId: '1900000101',
    appId: 'wxd678efh567hg6787',
    gatewayUrl: w.sandbox.url,
    notifyUrl: w.notifyUrl,
    sandbox: true,
    apiKey: w.apiKey,
    certSerial: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
    privateKey: w.merchantKeys.privateKey,
    certificate: null,
    providerKey: keys.wechat.publicKey,
    providerKeySerial: keys.wechat.serial,
    ...over,
  };
}

export function alipaySettings(w: PayWorld, over: Partial<PaySettings> = {}): PaySettings {
  return {
    merchantId: '2088000000000001',
    appId: '2021000000000001',
    gatewayUrl: `${w.sandbox.url}/gateway.do`,
    notifyUrl: w.notifyUrl,
    sandbox: true,
    apiKey: null,
    certSerial: null,
    privateKey: w.merchantKeys.privateKey,
    certificate: null,
    providerKey: w.sandbox.control.keys().alipay.publicKey,
    providerKeySerial: null,
    ...over,
  };
}

/** Registers the settings' merchant with the sandbox (its public key, serial, APIv3 key). */
export function register(w: PayWorld, s: PaySettings): void {
  w.sandbox.control.registerMerchant({
    merchantId: s.merchantId,
    appId: s.appId,
    publicKey: w.merchantKeys.publicKey,
    certSerial: s.certSerial,
    apiKey: s.apiKey,
  });
}
