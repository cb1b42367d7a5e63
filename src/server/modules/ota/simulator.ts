import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { otaInboundPath } from '../../../shared/api/ota.ts';
import type { OtaPlatform } from '../../../shared/dict/ota.ts';
import { signBody } from './secret-box.ts';

/**
 * A local OTA platform (the real ones cannot be reached from tests or the demo): it signs and sends
 * inbound calls the way a platform does, and receives our outbound notices on a listener of its own
 * on 127.0.0.1, so they leave through the server's one way out (lib/egress.ts) like real ones. The
 * server must allow-list it: `createTestApp({ egressAllow: [sim.allowEntry] })` (EGRESS_ALLOW).
 */
export class OtaSimulator {
  readonly outbox: { url: string; body: Record<string, unknown>; headers: Record<string, string> }[] = [];
  /** What the platform answers our notices (a test may change it to simulate an outage). */
  reply: { status: number; body: string } = { status: 200, body: '{"ok":true}' };
  /** Called as each notice arrives, before it is answered (a test may look at the database then, or wait). */
  onReceive: ((body: Record<string, unknown>) => Promise<void>) | undefined;
  private server: http.Server | null = null;
  private app: FastifyInstance | null = null;

  constructor(
    readonly platform: OtaPlatform,
    public appKey: string,
    public secret: string,
  ) {}

  /** Starts receiving outbound notices on 127.0.0.1 (a free port). */
  async listen(): Promise<this> {
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        void (async () => {
          try {
            const parsed = JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
            await this.onReceive?.(parsed);
            const headers = Object.fromEntries(
              Object.entries(req.headers).map(([k, v]) => [k, Array.isArray(v) ? v.join(', ') : (v ?? '')]),
            );
            this.outbox.push({ url: req.url ?? '', body: parsed, headers });
            res.writeHead(this.reply.status, { 'content-type': 'application/json' }).end(this.reply.body);
          } catch {
            res.writeHead(400).end('bad notice');
          }
        })();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    this.server = server;
    return this;
  }

  private get port(): number {
    if (!this.server) throw new Error('the simulator is not listening');
    return (this.server.address() as AddressInfo).port;
  }

  /** The allow-list entry of its listener (`127.0.0.1:<port>`). */
  get allowEntry(): string {
    return `127.0.0.1:${this.port}`;
  }

  /** The callback URL a channel of this platform points at. */
  get callbackUrl(): string {
    return `http://${this.allowEntry}/${this.platform}/notify`;
  }

  /** The server whose inbound route `send` calls. */
  attach(app: FastifyInstance): this {
    this.app = app;
    return this;
  }

  async close(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Headers of a signed call (a test may tamper with them). */
  sign(raw: string, at = Date.now(), secret = this.secret) {
    const timestamp = String(at);
    return {
      'content-type': 'application/json',
      'x-ota-key': this.appKey,
      'x-ota-timestamp': timestamp,
      'x-ota-signature': signBody(secret, timestamp, raw),
    };
  }

  /** Sends a signed inbound call: `POST /api/ota/<platform>/<action>`. */
  send(action: string, body: unknown, options: { at?: number; secret?: string } = {}) {
    if (!this.app) throw new Error('attach(app) first');
    const raw = JSON.stringify(body);
    return this.app.inject({
      method: 'POST',
      url: otaInboundPath(this.platform, action),
      headers: this.sign(raw, options.at, options.secret),
      payload: raw,
    });
  }
}
