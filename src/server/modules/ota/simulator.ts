import type { FastifyInstance } from 'fastify';
import { otaInboundPath } from '../../../shared/api/ota.ts';
import type { OtaPlatform } from '../../../shared/dict/ota.ts';
import { setOtaTransport, type OtaTransport } from './adapters/transport.ts';
import { signBody } from './secret-box.ts';

/**
 * A local OTA platform (the real ones cannot be reached from tests or the demo): it signs and sends
 * inbound calls the way a platform does, and receives our outbound notices through an in-process
 * transport swapped in for the HTTP one.
 */
export class OtaSimulator {
  readonly outbox: { url: string; body: Record<string, unknown>; headers: Record<string, string> }[] = [];
  private previous: OtaTransport | null = null;
  /** What the platform answers our notices (a test may change it to simulate an outage). */
  reply: { status: number; body: string } = { status: 200, body: '{"ok":true}' };
  /** Called as each notice arrives, before it is answered (a test may look at the database then, or wait). */
  onReceive: ((body: Record<string, unknown>) => Promise<void>) | undefined;

  constructor(
    private readonly app: FastifyInstance,
    readonly platform: OtaPlatform,
    public appKey: string,
    public secret: string,
  ) {}

  /** Starts receiving outbound notices in process. */
  listen(): this {
    this.previous = setOtaTransport(async (url, body, headers) => {
      const parsed = JSON.parse(body) as Record<string, unknown>;
      await this.onReceive?.(parsed);
      this.outbox.push({ url, body: parsed, headers });
      return this.reply;
    });
    return this;
  }

  close(): void {
    if (this.previous) setOtaTransport(this.previous);
    this.previous = null;
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
    const raw = JSON.stringify(body);
    return this.app.inject({
      method: 'POST',
      url: otaInboundPath(this.platform, action),
      headers: this.sign(raw, options.at, options.secret),
      payload: raw,
    });
  }
}
