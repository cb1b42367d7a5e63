import { Writable } from 'node:stream';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { paymentSettingApi, type PrepayAnswer } from '../../../shared/api/payments.ts';
import type { Db } from '../../db/client.ts';
import { queryRows } from '../../db/rows.ts';
import { useEgressAllow } from '../../lib/egress.ts';
import { loggerOptions } from '../../app.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { data } from '../../test/replies.ts';
import { clientToken, createOrderFixtures, type OrderFixtures } from '../orders/orders.fixture.ts';
import { startPaySandbox, type PaySandbox } from '../../../pay-sandbox/sandbox.ts';
import { generateKeyPairSync, randomBytes } from 'node:crypto';

/**
 * The online payment tests' world: the app, the pay sandbox in-process, and a forwarder standing
 * for the app's public address (PUBLIC_URL), which hands each notification the sandbox sends to the
 * app as it came (raw body, headers) and answers the sandbox with the app's reply. Area YLGZ has
 * WeChat Pay and Alipay set up with the sandbox's keys through /sys/payMentSet.
 */
export interface PayApp {
  t: TestApp;
  db: Db;
  f: OrderFixtures;
  sandbox: PaySandbox;
  /** Notifications as they reached the app (the last ones last), with the app's status */
  notified: { url: string; headers: http.IncomingHttpHeaders; body: string; status: number }[];
  /** While true, notifications are kept in `notified` (status 0) and answered 503, never handed to the app */
  intercept: boolean;
  seller: string;
  staff: string;
  /** Calls of the selling API as Ctrip in YLGZ (an Idempotency-Key each) */
  open(
    method: 'GET' | 'POST',
    url: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): ReturnType<TestApp['call']>;
  /** An unpaid order of 2 regular tickets (20000) */
  order(): Promise<{ orderNo: string; id: number }>;
  prepay(orderNo: string, payWay?: 2 | 3): Promise<PrepayAnswer>;
  /** The merchant's secrets set up for the area (the APIv3 key, a line of the private key) */
  secrets: string[];
  /** Every answer the app gave (bodies) and its log lines (trace level) */
  answers: string[];
  logLines: string[];
  close(): Promise<void>;
}

let key = 0;

export async function openPayApp(): Promise<PayApp> {
  const notified: PayApp['notified'] = [];
  const world = { intercept: false };
  const target: { app?: TestApp } = {};
  const forwarder = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      if (world.intercept) {
        notified.push({ url: req.url ?? '', headers: req.headers, body, status: 0 });
        res.writeHead(503).end();
        return;
      }
      void target
        .app!.app.inject({ method: 'POST', url: req.url ?? '/', headers: req.headers, payload: body })
        .then((reply) => {
          notified.push({ url: req.url ?? '', headers: req.headers, body, status: reply.statusCode });
          answers.push(reply.body);
          res.writeHead(reply.statusCode, {
            'content-type': String(reply.headers['content-type'] ?? 'text/plain'),
          });
          res.end(reply.body);
        });
    });
  });
  await new Promise<void>((r) => forwarder.listen(0, '127.0.0.1', () => r()));
  const publicUrl = `http://127.0.0.1:${(forwarder.address() as AddressInfo).port}`;
  const logLines: string[] = [];
  const answers: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  const t = await createTestApp({ publicUrl, loginRateLimit: 1000 }, undefined, {
    ...(loggerOptions({ logLevel: 'trace' }) as object),
    stream,
  });
  // every call a test makes through t.call, and every notification's reply, is kept
  const call = t.call.bind(t);
  t.call = async (...args) => {
    const res = await call(...args);
    answers.push(res.body);
    return res;
  };
  target.app = t;
  const db = t.database.db;
  const f = await createOrderFixtures(db);
  const sandbox = await startPaySandbox({ port: 0 });
  useEgressAllow([new URL(sandbox.url).host]);
  const seller = await clientToken(t, 'ctripManagement');
  await t.grant('yunling', [
    'admin:payment:update',
    'admin:payment:query',
    'admin:payment:reconcile',
    'admin:order:refund',
    'admin:order:update',
  ]);
  const staff = (await t.login('yunling')).access_token;
  const secrets = await setUpMerchants(t, sandbox, staff, f.scenicId);
  const open: PayApp['open'] = (method, url, body, headers = {}) =>
    t.call(seller, method, url, body, {
      'x-scenic-id': String(f.scenicId),
      'idempotency-key': `pay-${++key}-${randomBytes(3).toString('hex')}`,
      ...headers,
    });
  const rest: Omit<PayApp, 'intercept'> = {
    t,
    db,
    f,
    sandbox,
    notified,
    seller,
    staff,
    open,
    secrets,
    answers,
    logLines,
    async order() {
      const placed = await data<{ orderNo: string }>(
        open('POST', '/api/open/order/create', {
          buyer: { name: '张三', phone: '13800000000' },
          lines: [{ productId: f.regular, date: f.date, quantity: 2 }],
        }),
      );
      const [row] = await queryRows<{ id: number }>(
        db,
        sql`select id from ticket_orders where order_no = ${placed.orderNo}`,
      );
      return { orderNo: placed.orderNo, id: Number(row!.id) };
    },
    prepay: (orderNo, payWay = 2) =>
      data<PrepayAnswer>(open('POST', '/api/open/pay/prepay', { orderNo, payWay, scene: 'qr' })),
    async close() {
      useEgressAllow([]);
      await sandbox.close();
      await t.close();
      await new Promise<void>((r) => forwarder.close(() => r()));
    },
  };
  return Object.assign(world, rest);
}

/** WeChat Pay (2) and Alipay (3) of the area, through the settings screen's route, known to the sandbox. */
async function setUpMerchants(
  t: TestApp,
  sandbox: PaySandbox,
  staff: string,
  scenicId: number,
): Promise<string[]> {
  const merchant = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const keys = sandbox.control.keys();
  const apiKey = randomBytes(16).toString('hex');
  const wechat = { merchantId: `19${String(scenicId).padStart(8, '0')}`, appId: 'wxpaytest00000001' };
  const alipay = { merchantId: '2088000000000002', appId: `2021${String(scenicId).padStart(12, '0')}` };
  const save = (body: object) => data(t.call(staff, 'POST', paymentSettingApi.update, body));
  await save({
    payWay: 2,
    enabled: true,
    sandbox: true,
    ...wechat,
    gatewayUrl: sandbox.url,
    certSerial: 'A1B2C3D4E5F60718293A4B5C6D7E8F9012345678',
    providerKeySerial: keys.wechat.serial,
    apiKey,
    privateKey: merchant.privateKey,
    providerKey: keys.wechat.publicKey,
  });
  await save({
    payWay: 3,
    enabled: true,
    sandbox: true,
    ...alipay,
    gatewayUrl: `${sandbox.url}/gateway.do`,
    certSerial: '',
    providerKeySerial: '',
    privateKey: merchant.privateKey,
    providerKey: keys.alipay.publicKey,
  });
  for (const m of [
    { ...wechat, certSerial: 'A1B2C3D4E5F60718293A4B5C6D7E8F9012345678', apiKey },
    { ...alipay, certSerial: null, apiKey: null },
  ])
    sandbox.control.registerMerchant({ ...m, publicKey: merchant.publicKey });
  const keyLine = merchant.privateKey.split('\n').find((l) => l.length > 40 && !l.startsWith('-----'))!;
  return [apiKey, keyLine];
}
