// The device simulator of `npm run devices` (docs/operations.md "Device simulator"): a fleet of
// virtual terminals of one scenic area that register through the staff API, activate with their
// one-time code, and then play what the hardware does against a running server: heartbeats (with
// printer paper for windows and machines), a ticket window selling and gates scanning what it
// sold (entries, then exits), and people-counting cameras uploading counts. Everything goes
// through the public HTTP API with the devices' own OAuth clients; nothing touches the database.
import { constants, createPublicKey, publicEncrypt, randomUUID } from 'node:crypto';

export interface FleetOptions {
  baseUrl: string;
  username: string;
  password: string;
  /** The area the fleet lives in (an account of one area acts in its own) */
  scenicId?: number | undefined;
  gates: number;
  cameras: number;
  /** Serial number prefix of the fleet's terminals: a second fleet runs beside with another */
  prefix: string;
  /** The area's clock (its setting on 系统设置), for the day the window sells */
  timeZone?: string | undefined;
  log?: (line: string) => void;
}

/** What a fleet keeps between runs: the devices' credentials (the secret is shown once). */
export interface FleetState {
  devices: Record<string, DeviceCredentials>;
}

export interface DeviceCredentials {
  terminalId: number;
  kind: string;
  clientId: string;
  clientSecret: string;
  scenicId: number;
}

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

interface Token {
  value: string;
  expiresAt: number;
}

export interface TickCounts {
  beats: number;
  sold: number;
  scans: number;
  admitted: number;
  counts: number;
  failures: number;
}

type Device = DeviceCredentials & { serial: string; token?: Token; gateId?: number; gateType?: number };

const HEARTBEAT_MS = 30_000;
const COUNT_INTERVAL_MS = 5 * 60_000;

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** The simulator's calls: JSON in, envelope out, one Error per failure naming the call. */
async function call<T>(
  baseUrl: string,
  path: string,
  init: {
    method?: string;
    token?: string;
    scenicId?: number;
    headers?: Record<string, string>;
    body?: unknown;
  } = {},
): Promise<T> {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers.authorization = `bearer ${init.token}`;
  if (init.scenicId) headers['x-scenic-id'] = String(init.scenicId);
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    ...(init.body === undefined ? {} : { body: JSON.stringify(init.body) }),
  });
  const text = await response.text();
  if (!response.ok)
    throw new HttpError(response.status, `${path}: HTTP ${response.status} ${text.slice(0, 300)}`);
  return (JSON.parse(text) as Envelope<T>).data;
}

export class DeviceFleet {
  private staffToken: Token | null = null;
  private devices: Device[] = [];
  private lastBeat = 0;
  private lastCount = 0;
  /** Tickets sold and not yet scanned in, then scanned in and not yet out */
  private toEnter: string[] = [];
  private inside: string[] = [];
  private readonly log: (line: string) => void;

  constructor(
    private readonly options: FleetOptions,
    private readonly state: FleetState,
  ) {
    this.log = options.log ?? (() => undefined);
  }

  private get baseUrl() {
    return this.options.baseUrl;
  }

  /** The staff session (password grant, the console's own client), renewed when it runs out. */
  private async staff(): Promise<string> {
    if (this.staffToken && this.staffToken.expiresAt > Date.now() + 30_000) return this.staffToken.value;
    const client = await fetch(`${this.baseUrl}/web/api/ticket/auth/getClient?clientId=backstageManagement`);
    const basic = ((await client.json()) as Envelope<null>).msg;
    const key = await call<{ publicKey: string }>(this.baseUrl, '/web/api/ticket/auth/getPublicKey');
    const publicKey = createPublicKey({
      key: Buffer.from(key.publicKey, 'base64'),
      format: 'der',
      type: 'spki',
    });
    const password = publicEncrypt(
      { key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(this.options.password, 'utf8'),
    ).toString('base64');
    const response = await fetch(`${this.baseUrl}/login/oauth/token`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        username: this.options.username,
        password,
        grant_type: 'password',
        scope: 'all',
      }),
    });
    if (!response.ok) throw new Error(`staff login: HTTP ${response.status} ${await response.text()}`);
    const token = (await response.json()) as { access_token: string; expires_in: number };
    this.staffToken = { value: token.access_token, expiresAt: Date.now() + token.expires_in * 1000 };
    return token.access_token;
  }

  private async staffCall<T>(path: string, body?: unknown): Promise<T> {
    return call<T>(this.baseUrl, path, {
      token: await this.staff(),
      ...(this.options.scenicId ? { scenicId: this.options.scenicId } : {}),
      ...(body === undefined ? {} : { body }),
    });
  }

  /** A device's own token (client_credentials of its `term<id>` client). */
  private async deviceToken(d: Device): Promise<string> {
    if (d.token && d.token.expiresAt > Date.now() + 30_000) return d.token.value;
    const response = await fetch(`${this.baseUrl}/login/oauth/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${d.clientId}:${d.clientSecret}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ grant_type: 'client_credentials' }),
    });
    if (!response.ok) throw new Error(`${d.serial} token: HTTP ${response.status} ${await response.text()}`);
    const token = (await response.json()) as { access_token: string; expires_in: number };
    d.token = { value: token.access_token, expiresAt: Date.now() + token.expires_in * 1000 };
    return d.token.value;
  }

  private async deviceCall<T>(d: Device, path: string, body?: unknown): Promise<T> {
    return call<T>(this.baseUrl, path, {
      token: await this.deviceToken(d),
      scenicId: d.scenicId,
      ...(body === undefined ? {} : { body }),
    });
  }

  /**
   * The fleet's terminals, registered and activated once (credentials kept in the state): a ticket
   * window, `gates` gate devices (entry and exit gates alternately, each mounted on a gate of that
   * type) and `cameras` cameras (each with a zone). A terminal the state has lost is given a new
   * secret by the staff API.
   */
  async setup(): Promise<void> {
    const wanted: { serial: string; kind: string; name: string }[] = [
      { serial: `${this.options.prefix}-WIN-01`, kind: 'winManagement', name: '模拟售票窗口' },
      ...Array.from({ length: this.options.gates }, (_, i) => ({
        serial: `${this.options.prefix}-GATE-${String(i + 1).padStart(2, '0')}`,
        kind: 'gateDevice',
        name: `模拟闸机 ${i + 1}`,
      })),
      ...Array.from({ length: this.options.cameras }, (_, i) => ({
        serial: `${this.options.prefix}-CAM-${String(i + 1).padStart(2, '0')}`,
        kind: 'camera',
        name: `模拟摄像头 ${i + 1}`,
      })),
    ];
    for (const w of wanted) {
      const known = this.state.devices[w.serial];
      const credentials = known ?? (await this.enrol(w));
      this.state.devices[w.serial] = credentials;
      this.devices.push({ ...credentials, serial: w.serial });
    }
    await this.mountGates();
    await this.configureCameras();
    this.log(`fleet ready: ${this.devices.map((d) => d.serial).join(', ')}`);
  }

  private async enrol(w: { serial: string; kind: string; name: string }): Promise<DeviceCredentials> {
    const page = await this.staffCall<{ rows: { id: number; serialNo: string; activated: boolean }[] }>(
      '/web/api/terminal/terminal/page',
      { page: 1, limit: 10, keyword: w.serial },
    );
    const existing = page.rows.find((r) => r.serialNo === w.serial);
    if (existing?.activated) {
      // the credentials were lost with the state file: a new secret for the same client
      const secret = await this.staffCall<{ clientId: string; clientSecret: string }>(
        '/web/api/terminal/terminal/rotateSecret',
        { id: existing.id },
      );
      const scenicId = this.areaOf(w.serial);
      return { terminalId: existing.id, kind: w.kind, ...secret, scenicId };
    }
    if (existing) await this.staffCall('/web/api/terminal/terminal/delete', { id: existing.id });
    const created = await this.staffCall<{ id: number; activationCode: string }>(
      '/web/api/terminal/terminal/create',
      { kind: w.kind, name: w.name, serialNo: w.serial, location: '模拟器' },
    );
    const activated = await call<{ clientId: string; clientSecret: string; scenicId: number }>(
      this.baseUrl,
      '/web/api/terminal/device/activate',
      { body: { code: created.activationCode } },
    );
    this.log(`activated ${w.serial} as ${activated.clientId}`);
    return {
      terminalId: created.id,
      kind: w.kind,
      clientId: activated.clientId,
      clientSecret: activated.clientSecret,
      scenicId: activated.scenicId,
    };
  }

  /** The area a re-keyed client acts in: the one chosen (the staff API does not say a terminal's area). */
  private areaOf(serial: string): number {
    if (this.options.scenicId) return this.options.scenicId;
    throw new Error(`${serial} was activated by an earlier run whose state is lost: pass --scenic <area id>`);
  }

  /**
   * Gate devices not mounted yet go on the area's enabled gates through the gate form's call
   * (its device list is the whole set): entry, exit, entry …
   */
  private async mountGates(): Promise<void> {
    const page = await this.staffCall<{
      rows: { id: number; gateType: number; status: number; passState: number; deviceIds: number[] }[];
    }>('/web/api/ticket/gate/page', { page: 1, limit: 100 });
    const open = page.rows.filter((g) => g.status === 1 && g.passState === 0);
    const entries = open.filter((g) => g.gateType === 10);
    const exits = open.filter((g) => g.gateType === 11);
    const gateDevices = this.devices.filter((d) => d.kind === 'gateDevice');
    for (const [i, d] of gateDevices.entries()) {
      const config = await this.deviceCall<{ profile: { gate?: { id: number; gateType: number } | null } }>(
        d,
        '/web/api/terminal/device/config',
      );
      if (config.profile.gate) {
        d.gateId = config.profile.gate.id;
        d.gateType = config.profile.gate.gateType;
        continue;
      }
      const pool = i % 2 === 0 || !exits.length ? entries : exits;
      const gate = pool[Math.floor(i / 2) % Math.max(pool.length, 1)];
      if (!gate) throw new Error('the area has no open entry gate to mount the simulated devices on');
      gate.deviceIds = [...gate.deviceIds, d.terminalId];
      await this.staffCall('/web/api/ticket/gate/update', { id: gate.id, deviceIds: gate.deviceIds });
      d.gateId = gate.id;
      d.gateType = gate.gateType;
      this.log(`${d.serial} mounted on gate ${gate.id}`);
    }
  }

  /** Cameras not configured yet get a zone of their own (capacity 500, warning at 400). */
  private async configureCameras(): Promise<void> {
    for (const [i, d] of this.devices.filter((c) => c.kind === 'camera').entries()) {
      const config = await this.deviceCall<{ profile: { capacity?: number | null } }>(
        d,
        '/web/api/terminal/device/config',
      );
      if (config.profile.capacity != null) continue;
      await this.staffCall('/web/api/terminal/camera/update', {
        id: d.terminalId,
        zone: `模拟区域 ${i + 1}`,
        capacity: 500,
        threshold: 400,
        recipients: [],
        intervalSeconds: COUNT_INTERVAL_MS / 1000,
      });
    }
  }

  /** One round at `now`: beats when due, a sale and its scans, counts when due. */
  async tick(now = Date.now(), scansPerTick = 4): Promise<TickCounts> {
    const done: TickCounts = { beats: 0, sold: 0, scans: 0, admitted: 0, counts: 0, failures: 0 };
    const attempt = async (what: string, fn: () => Promise<void>) => {
      try {
        await fn();
      } catch (error) {
        done.failures++;
        this.log(`${what}: ${error instanceof Error ? error.message : String(error)}`);
      }
    };

    if (now - this.lastBeat >= HEARTBEAT_MS) {
      this.lastBeat = now;
      await Promise.all(
        this.devices.map((d) =>
          attempt(`${d.serial} heartbeat`, async () => {
            await this.deviceCall(d, '/web/api/terminal/device/heartbeat', {
              appVersion: 'sim-1.0.0',
              ...(d.kind === 'winManagement' ? { printer: { state: 'ok', paperLevel: 80 } } : {}),
            });
            done.beats++;
          }),
        ),
      );
    }

    const window = this.devices.find((d) => d.kind === 'winManagement');
    if (window && this.toEnter.length < scansPerTick) {
      await attempt('window sale', async () => {
        done.sold += await this.sell(window, now, scansPerTick);
      });
    }

    // entry gates admit what the window sold, exit gates let out who is inside
    const entryGates = this.devices.filter((d) => d.kind === 'gateDevice' && d.gateType === 10);
    const exitGates = this.devices.filter((d) => d.kind === 'gateDevice' && d.gateType === 11);
    const scans: { gate: Device; code: string }[] = [];
    for (let i = 0; i < scansPerTick; i++) {
      const out = exitGates.length > 0 && this.inside.length > 0 && i % 2 === 1;
      const code = out ? this.inside.shift() : this.toEnter.shift();
      const gates = out ? exitGates : entryGates;
      if (!code || !gates.length) break;
      scans.push({ gate: gates[i % gates.length]!, code });
    }
    await Promise.all(
      scans.map(({ gate, code }) =>
        attempt(`${gate.serial} scan`, async () => {
          const answer = await this.deviceCall<{
            allowed: boolean;
            reason?: string;
            event: { direction: string };
          }>(gate, '/web/api/terminal/device/scan', {
            nonce: randomUUID(),
            readMode: 1,
            value: code,
            scannedAt: new Date(now).toISOString(),
          });
          done.scans++;
          if (answer.allowed) {
            done.admitted++;
            if (answer.event.direction === 'entry') this.inside.push(code);
          } else this.log(`${gate.serial} refused: ${answer.reason ?? 'unknown'}`);
        }),
      ),
    );

    if (now - this.lastCount >= COUNT_INTERVAL_MS) {
      this.lastCount = now;
      const hour = new Date(now).getHours();
      const busy = hour >= 9 && hour < 17 ? 1 : 0.2;
      await Promise.all(
        this.devices
          .filter((d) => d.kind === 'camera')
          .map((d) =>
            attempt(`${d.serial} counts`, async () => {
              const entering = Math.round((20 + Math.random() * 40) * busy);
              const leaving = Math.round((15 + Math.random() * 40) * busy);
              await this.deviceCall(d, '/web/api/terminal/device/counts', {
                counts: [
                  {
                    nonce: `${d.serial}-${now}`,
                    at: new Date(now).toISOString(),
                    in: entering,
                    out: leaving,
                  },
                ],
              });
              done.counts++;
            }),
          ),
      );
    }
    return done;
  }

  /**
   * The window sells `quantity` tickets of today's first regular product without real names, for
   * cash; the paid tickets' codes are queued for the gates.
   */
  private async sell(window: Device, now: number, quantity: number): Promise<number> {
    const date = new Intl.DateTimeFormat('en-CA', {
      timeZone: this.options.timeZone ?? 'Asia/Shanghai',
    }).format(new Date(now));
    type Offer = { periodId: number | null; sessionId: number | null; left: number };
    type Sellable = { productId: number; productType: number; realNameType: number; offers: Offer[] };
    const products = await this.deviceCall<Sellable[]>(window, '/api/open/products', { date });
    const product = products.find(
      (p) => p.productType === 1 && p.realNameType !== 1 && p.offers.some((o) => o.left >= quantity),
    );
    const offer = product?.offers.find((o) => o.left >= quantity);
    if (!product || !offer) throw new Error(`the window has no regular product left to sell on ${date}`);
    const order = await call<{ tickets: { code: string | null }[] }>(this.baseUrl, '/api/open/order/create', {
      token: await this.deviceToken(window),
      scenicId: window.scenicId,
      headers: { 'idempotency-key': randomUUID() },
      body: {
        buyer: { name: '模拟游客' },
        lines: [
          {
            productId: product.productId,
            date,
            quantity,
            ...(offer.periodId ? { periodId: offer.periodId } : {}),
          },
        ],
        payNow: { payWay: 1 },
      },
    });
    const codes = order.tickets.map((t) => t.code).filter((c): c is string => !!c);
    this.toEnter.push(...codes);
    return codes.length;
  }
}

export { HttpError };
