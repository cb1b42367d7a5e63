import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import type { LookupAddress, LookupAllOptions } from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * One way out: every call the server makes to a URL someone configured (OTA callbacks; payment,
 * SMS, storage and invoice providers) goes through `egressRequest`. https only, to public unicast
 * addresses only, checked on the address actually connected to (the host name is resolved in the
 * connection's own lookup, so a second DNS answer cannot slip an internal address in), no redirect
 * followed, a time and a size limit. The one exception is the server's allow-list (EGRESS_ALLOW,
 * `host:port` entries, config.ts): local sandboxes, over http too. docs/api.md "One way out".
 * An SDK that lets only its agent be chosen goes through `egressAgent`: the same address rule on
 * every connection, its time and size limits and redirects left to the SDK.
 */

/** Why a call was refused before any byte was sent. */
export type EgressRefusalReason =
  | 'bad-url'
  | 'not-https'
  | 'loopback'
  | 'private'
  | 'cgnat'
  | 'link-local'
  | 'multicast'
  | 'unspecified'
  | 'broadcast'
  | 'reserved';
/** Why a call that was allowed did not bring an answer. */
export type EgressFailureReason = 'dns' | 'connect' | 'timeout' | 'too-large';
export type EgressReason = EgressRefusalReason | EgressFailureReason;
export type AddressReason = Exclude<EgressRefusalReason, 'bad-url' | 'not-https'>;

const REFUSAL_TEXT: Record<EgressRefusalReason, string> = {
  'bad-url': 'not a URL',
  'not-https': 'not https',
  loopback: 'loopback address',
  private: 'private address',
  cgnat: 'shared (CGNAT) address',
  'link-local': 'link-local address',
  multicast: 'multicast address',
  unspecified: 'unspecified address',
  broadcast: 'broadcast address',
  reserved: 'reserved or non-global address',
};

/**
 * A call that did not bring an answer. Its message (`refused: loopback address`, `failed: timed out
 * after 5000 ms`) is safe to log and to show: it never holds answer text or a resolved address.
 */
export abstract class EgressError extends Error {
  abstract readonly refused: boolean;
  constructor(
    readonly reason: EgressReason,
    message: string,
  ) {
    super(message);
  }
}

/** Refused by the rule: nothing was sent. */
export class EgressRefused extends EgressError {
  override readonly name = 'EgressRefused';
  readonly refused = true;
  constructor(override readonly reason: EgressRefusalReason) {
    super(reason, `refused: ${REFUSAL_TEXT[reason]}`);
  }
}

/** Allowed, then no usable answer: not resolved, not connected, too slow or too big. */
export class EgressFailed extends EgressError {
  override readonly name = 'EgressFailed';
  readonly refused = false;
  constructor(
    override readonly reason: EgressFailureReason,
    detail: string,
  ) {
    super(reason, `failed: ${detail}`);
  }
}

/** ipaddr.js range names that map to a reason of their own; every other non-unicast range is 'reserved'. */
const RANGE_REASON: Partial<Record<string, AddressReason>> = {
  loopback: 'loopback',
  private: 'private',
  uniqueLocal: 'private',
  carrierGradeNat: 'cgnat',
  linkLocal: 'link-local',
  multicast: 'multicast',
  unspecified: 'unspecified',
  broadcast: 'broadcast',
};
const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * The address rule: null when `ip` is a public unicast address a configured URL may reach, otherwise
 * why not. Classification by ipaddr.js (its IANA special-purpose tables: RFC 1918, CGNAT, link-local
 * with the 169.254.169.254 metadata address, documentation, benchmarking, 240/4, fc00::/7, fe80::/10,
 * ff00::/8, ...); an IPv4-mapped IPv6 address (::ffff:a.b.c.d) is judged as its IPv4 address, and an
 * IPv6 address must also lie in 2000::/3, the global unicast space (so ::a.b.c.d, NAT64 and the like
 * are refused).
 */
export function disallowedAddress(ip: string): AddressReason | null {
  let addr: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    addr = ipaddr.parse(ip);
  } catch {
    return 'reserved';
  }
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress())
    addr = (addr as ipaddr.IPv6).toIPv4Address();
  const range = addr.range();
  if (range !== 'unicast') return RANGE_REASON[range] ?? 'reserved';
  if (addr.kind() === 'ipv6' && !addr.match(GLOBAL_UNICAST_V6)) return 'reserved';
  return null;
}

/** The reason to refuse a host name resolving to these addresses: any one disallowed refuses them all. */
export function disallowedAmong(addresses: readonly string[]): AddressReason | null {
  for (const a of addresses) {
    const reason = disallowedAddress(a);
    if (reason) return reason;
  }
  return null;
}

/** How an allow-list entry and a URL are compared: `host:port`, the host as the URL parser writes it. */
function hostKey(hostname: string, port: number): string {
  return `${hostname}:${port}`;
}
const defaultPort = (protocol: string) => (protocol === 'https:' ? 443 : 80);

/**
 * One `host:port` entry of EGRESS_ALLOW in the form it is compared in (`LocalHost:9443` ->
 * `localhost:9443`, `[0:0::1]:9443` -> `[::1]:9443`), or null when it is not one.
 */
export function normalizeAllowEntry(entry: string): string | null {
  const m = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+):(\d{1,5})$/.exec(entry.trim());
  if (!m) return null;
  const port = Number(m[2]);
  if (port < 1 || port > 65535) return null;
  try {
    return hostKey(new URL(`http://${m[1]}/`).hostname, port);
  } catch {
    return null;
  }
}

let configuredAllow: ReadonlySet<string> = new Set();

/**
 * The server's allow-list (Config.egressAllow), set by buildApp from the environment only: a
 * console user can never add to it.
 */
export function useEgressAllow(entries: readonly string[]): void {
  configuredAllow = new Set(entries.map((e) => normalizeAllowEntry(e)).filter((e) => e !== null));
}

/** The URL as logs keep it: scheme, host, port and path; the user name, password and query are left out. */
export function urlForLog(target: string): string {
  try {
    const url = new URL(target);
    return `${url.protocol}//${url.host}${url.pathname}`;
  } catch {
    return '(not a URL)';
  }
}

/** Every address of a host name (the default: the system resolver, as `dns.lookup` with `all`). */
export type EgressResolver = (hostname: string) => Promise<LookupAddress[]>;

const systemResolver: EgressResolver = (hostname) =>
  dns.promises.lookup(hostname, { all: true, verbatim: true });

export const EGRESS_DEFAULT_TIMEOUT_MS = 10_000;
export const EGRESS_DEFAULT_MAX_BYTES = 1024 * 1024;

export interface EgressOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** The whole call, resolving included (default 10 s) */
  timeoutMs?: number;
  /** Largest answer body read (default 1 MiB); a larger one fails the call */
  maxBytes?: number;
  resolve?: EgressResolver;
  /** `host:port` entries let through over http and to any address; default the server's (EGRESS_ALLOW) */
  allow?: readonly string[];
}

export interface EgressResponse {
  /** As answered: a 3xx is returned as is, never followed */
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  ms: number;
}

/** The allow-list a call is held to: its own entries where it names some, else the server's. */
function allowListOf(allow: readonly string[] | undefined): ReadonlySet<string> {
  return allow
    ? new Set(allow.map((e) => normalizeAllowEntry(e)).filter((e) => e !== null))
    : configuredAllow;
}

/**
 * What can be judged before connecting: the URL, its scheme, its `host:port` against the allow-list
 * and an IP literal's address (the connection skips the lookup for one). Returns the parsed URL and
 * whether it is allow-listed, or the refusal.
 */
function precheck(
  target: string,
  allowList: ReadonlySet<string>,
): { url: URL; allowed: boolean } | EgressRefused {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return new EgressRefused('bad-url');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return new EgressRefused('not-https');
  const allowed = allowList.has(hostKey(url.hostname, Number(url.port) || defaultPort(url.protocol)));
  if (!allowed && url.protocol !== 'https:') return new EgressRefused('not-https');
  const literal = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (!allowed && net.isIP(literal)) {
    const reason = disallowedAddress(literal);
    if (reason) return new EgressRefused(reason);
  }
  return { url, allowed };
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A connection's own lookup: the addresses judged are the ones connected to (no rebinding window).
 * The refusal or failure met is handed to `failed` as well, so the caller can report it instead of
 * the socket's wrapping of it.
 */
function judgedLookup(allowed: boolean, resolve: EgressResolver, failed: (error: EgressError) => void) {
  return (hostname: string, lookupOptions: dns.LookupOptions, callback: LookupCallback) => {
    resolve(hostname)
      .then((found) => {
        const wanted = lookupOptions.family === 4 || lookupOptions.family === 6 ? lookupOptions.family : 0;
        const addresses = found.filter((a) => !wanted || a.family === wanted);
        if (!addresses.length) throw new EgressFailed('dns', 'host name not resolved');
        const reason = allowed ? null : disallowedAmong(addresses.map((a) => a.address));
        if (reason) throw new EgressRefused(reason);
        if ((lookupOptions as LookupAllOptions).all) callback(null, addresses);
        else callback(null, addresses[0]!.address, addresses[0]!.family);
      })
      .catch((err: unknown) => {
        const error =
          err instanceof EgressError
            ? err
            : new EgressFailed('dns', `host name not resolved (${errorCode(err) ?? 'error'})`);
        failed(error);
        callback(error as unknown as NodeJS.ErrnoException, '');
      });
  };
}

/**
 * Sends one request under the rule. Refuses (EgressRefused, nothing sent) a URL that is not https,
 * an IP literal outside public unicast space, or a host name any of whose addresses is; fails
 * (EgressFailed) on a name that does not resolve, a connection error, the time limit or an answer
 * larger than the size limit. A `host:port` on the allow-list is let through as configured.
 */
export function egressRequest(target: string, options: EgressOptions = {}): Promise<EgressResponse> {
  const started = Date.now();
  const checked = precheck(target, allowListOf(options.allow));
  if (checked instanceof EgressRefused) return Promise.reject(checked);
  const { url, allowed } = checked;
  const resolve = options.resolve ?? systemResolver;
  const timeoutMs = options.timeoutMs ?? EGRESS_DEFAULT_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? EGRESS_DEFAULT_MAX_BYTES;

  return new Promise<EgressResponse>((done, reject) => {
    let settled = false;
    /** The refusal or failure met in the lookup, reported instead of the socket's wrapping of it */
    let lookupError: EgressError | undefined;
    let req: http.ClientRequest | undefined;
    const finish = (error: EgressError | null, response?: EgressResponse) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) {
        req?.destroy();
        reject(error);
      } else done(response!);
    };
    const timer = setTimeout(
      () => finish(new EgressFailed('timeout', `timed out after ${timeoutMs} ms`)),
      timeoutMs,
    );
    const lookup = judgedLookup(allowed, resolve, (error) => (lookupError = error));

    const send = url.protocol === 'https:' ? https.request : http.request;
    try {
      req = send(url, {
        method: options.method ?? 'GET',
        headers: options.headers,
        // a connection of its own: never a pooled socket opened to an address judged earlier
        agent: false,
        lookup: lookup as unknown as net.LookupFunction,
      });
    } catch (err) {
      // the caller's mistake (a header with a line break, say): nothing was sent
      settled = true;
      clearTimeout(timer);
      reject(err as Error);
      return;
    }
    req.on('error', (err) => {
      finish(lookupError ?? new EgressFailed('connect', `connection error (${errorCode(err) ?? 'error'})`));
    });
    req.on('response', (res) => {
      const tooLarge = () => finish(new EgressFailed('too-large', `answer larger than ${maxBytes} bytes`));
      if (Number(res.headers['content-length']) > maxBytes) return tooLarge();
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > maxBytes) tooLarge();
        else chunks.push(chunk);
      });
      res.on('end', () =>
        finish(null, {
          status: res.statusCode ?? 0,
          headers: res.headers,
          body: Buffer.concat(chunks),
          ms: Date.now() - started,
        }),
      );
      res.on('error', (err) =>
        finish(new EgressFailed('connect', `connection error (${errorCode(err) ?? 'error'})`)),
      );
      res.on('close', () => {
        if (!res.complete) finish(new EgressFailed('connect', 'connection closed before the answer ended'));
      });
    });
    req.end(options.body);
  });
}

/** A system error's code (ECONNREFUSED, CERT_HAS_EXPIRED, ...): the only part of an error that is logged. */
function errorCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' && /^[A-Z0-9_]{2,40}$/.test(code) ? code : undefined;
}

export interface EgressAgentOptions {
  resolve?: EgressResolver;
  /** `host:port` entries let through over http and to any address; default the server's (EGRESS_ALLOW) */
  allow?: readonly string[];
  /**
   * Told why a connection failed (refused by the rule, not resolved, a socket error by its code), in
   * the EgressError form that is safe to log, which the SDK's own wrapping of the error is not
   */
  failed?: (error: EgressError) => void;
}

/**
 * The rule for an SDK that sends on its own and lets only its agent be chosen (Tencent Cloud's, over
 * node-fetch): throws the refusal egressRequest would give for `target` before anything is sent, else
 * gives an agent for its scheme that judges every connection made through it as egressRequest does
 * (a redirect the SDK follows included): a `host:port` off the allow-list must be https and reach only
 * public unicast addresses, an IP literal judged at once, a name in the connection's own lookup. A
 * refused connection fails its request with the EgressRefused (and tells `failed`). No connection
 * is kept for reuse. The time and size limits stay the SDK's own.
 */
export function egressAgent(target: string, options: EgressAgentOptions = {}): http.Agent {
  const allowList = allowListOf(options.allow);
  const checked = precheck(target, allowList);
  if (checked instanceof EgressRefused) throw checked;
  const resolve = options.resolve ?? systemResolver;
  const tls = checked.url.protocol === 'https:';
  const agent = tls ? new https.Agent({ keepAlive: false }) : new http.Agent({ keepAlive: false });
  const connect = agent.createConnection.bind(agent);
  agent.createConnection = (connection, callback) => {
    const host = String(connection.host ?? connection.hostname ?? 'localhost').replace(/^\[(.*)\]$/, '$1');
    const port = Number(connection.port) || (tls ? 443 : 80);
    const entry = normalizeAllowEntry(`${net.isIPv6(host) ? `[${host}]` : host}:${port}`);
    const allowed = entry !== null && allowList.has(entry);
    let refusal: EgressRefused | null = null;
    if (!allowed && !tls) refusal = new EgressRefused('not-https');
    else if (!allowed && net.isIP(host)) {
      const reason = disallowedAddress(host);
      if (reason) refusal = new EgressRefused(reason);
    }
    if (refusal) {
      options.failed?.(refusal);
      if (!callback) throw refusal;
      callback(refusal, undefined as never);
      return undefined;
    }
    let lookupError: EgressError | undefined;
    const lookup = judgedLookup(allowed, resolve, (error) => (lookupError = error));
    const socket = connect({ ...connection, lookup: lookup as unknown as net.LookupFunction }, callback);
    socket?.once('error', (err) =>
      options.failed?.(
        lookupError ?? new EgressFailed('connect', `connection error (${errorCode(err) ?? 'error'})`),
      ),
    );
    return socket;
  };
  return agent;
}
