import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { handleAlipay } from './alipay.ts';
import type { SandboxContext, SandboxKeys } from './context.ts';
import { createControl, handleControl } from './control.ts';
import type { PaySandboxControl } from './control.ts';
import { generateRsaKeyPair } from './crypto.ts';
import type { KeyPair } from './crypto.ts';
import type { Reply, SandboxRequest } from './http.ts';
import { Notifier } from './notify.ts';
import { handleNuonuo } from './nuonuo.ts';
import { SandboxOps } from './ops.ts';
import { handlePage } from './page.ts';
import { SandboxState } from './state.ts';
import { handleWechat } from './wechat.ts';
import { handleWechatMp } from './wechat-mp.ts';

export type { PaySandboxControl, SandboxPublicKeys } from './control.ts';
export type { NuonuoInvoice } from './nuonuo-state.ts';
export type { Delivery, MpMessage, NotifyOptions, RefundMode, SandboxPayment } from './state.ts';
export { sandboxOpenid } from './wechat-mp.ts';

export interface PaySandboxOptions {
  /** 0: any free port */
  port?: number;
  host?: string;
  /** A folder keeping the sandbox's keys across restarts (created when missing); none: new keys each start */
  keyDir?: string;
  /** The sandbox's clock (tests may move it) */
  now?: () => Date;
}

export interface PaySandbox {
  /** http://host:port */
  url: string;
  control: PaySandboxControl;
  close(): Promise<void>;
}

/** WeChat's platform public key id form: PUB_KEY_ID_ and hex */
const serialOf = (publicKey: string) =>
  `PUB_KEY_ID_${createHash('sha256').update(publicKey).digest('hex').slice(0, 32).toUpperCase()}`;

function keyPair(dir: string | undefined, name: string): KeyPair {
  if (!dir) return generateRsaKeyPair();
  const priv = path.join(dir, `${name}-private.pem`);
  const pub = path.join(dir, `${name}-public.pem`);
  if (existsSync(priv) && existsSync(pub))
    return { privateKey: readFileSync(priv, 'utf8'), publicKey: readFileSync(pub, 'utf8') };
  mkdirSync(dir, { recursive: true });
  const pair = generateRsaKeyPair();
  writeFileSync(priv, pair.privateKey, { mode: 0o600 });
  writeFileSync(pub, pair.publicKey);
  return pair;
}

export function loadKeys(dir?: string): SandboxKeys {
  const wechat = keyPair(dir, 'wechat-platform');
  return { wechat: { ...wechat, serial: serialOf(wechat.publicKey) }, alipay: keyPair(dir, 'alipay') };
}

function readRequest(req: http.IncomingMessage): Promise<SandboxRequest> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('error', reject);
    req.on('end', () => {
      const url = req.url ?? '/';
      const parsed = new URL(url, 'http://sandbox');
      resolve({
        method: req.method ?? 'GET',
        url,
        path: parsed.pathname,
        query: parsed.searchParams,
        headers: req.headers,
        rawBody: Buffer.concat(chunks).toString('utf8'),
      });
    });
  });
}

/**
 * Starts the sandbox: WeChat Pay v3 under /v3/, Alipay at /gateway.do, WeChat's mini-program API
 * (/cgi-bin/token, /sns/jscode2session, /cgi-bin/message/subscribe/send), Nuonuo's open platform
 * for e-invoices (POST /open/v1/services, the documents at /nuonuo/pdf/<serial>.pdf), the pay page
 * at /pay/<id>, the control API under /control/.
 */
export async function startPaySandbox(options: PaySandboxOptions = {}): Promise<PaySandbox> {
  let baseUrl = '';
  const ctx: SandboxContext = {
    state: new SandboxState(),
    keys: loadKeys(options.keyDir),
    baseUrl: () => baseUrl,
    now: options.now ?? (() => new Date()),
  };
  const ops = new SandboxOps(ctx, new Notifier(ctx));
  const control = createControl(ctx, ops);

  const route = async (req: SandboxRequest): Promise<Reply> => {
    if (req.method === 'GET' && req.path === '/')
      return {
        status: 200,
        headers: { 'content-type': 'text/plain; charset=utf-8' },
        body:
          'pay sandbox: WeChat Pay v3 /v3/, Alipay /gateway.do, ' +
          'WeChat mini-program GET /cgi-bin/token, GET /sns/jscode2session, POST /cgi-bin/message/subscribe/send, ' +
          'Nuonuo e-invoices POST /open/v1/services, GET /nuonuo/pdf/<serial>.pdf, ' +
          'pay page /pay/<id>, control /control/\n',
      };
    return (
      handleWechat(ctx, ops, req) ??
      handleWechatMp(ctx, req) ??
      (await handleNuonuo(ctx, req)) ??
      handleAlipay(ctx, ops, req) ??
      (await handlePage(control, req)) ??
      (await handleControl(control, req)) ?? { status: 404, body: 'not found' }
    );
  };

  const server = http.createServer((req, res) => {
    readRequest(req)
      .then(route)
      .then((reply) => {
        res.writeHead(reply.status, reply.headers);
        res.end(reply.body);
      })
      .catch((err: unknown) => {
        console.error('pay sandbox:', err);
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
        res.end('sandbox error');
      });
  });
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  baseUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  return {
    url: baseUrl,
    control,
    async close() {
      await ops.notifier.idle();
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
