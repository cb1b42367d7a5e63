import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  disallowedAddress,
  disallowedAmong,
  egressAgent,
  EgressFailed,
  EgressRefused,
  egressRequest,
  normalizeAllowEntry,
  urlForLog,
  type EgressResolver,
} from './egress.ts';

describe('the address rule (no network)', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'cgnat'],
    ['100.127.255.255', 'cgnat'],
    ['169.254.169.254', 'link-local'],
    ['169.254.0.1', 'link-local'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['192.0.2.10', 'reserved'],
    ['198.51.100.7', 'reserved'],
    ['203.0.113.9', 'reserved'],
    ['198.18.0.1', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['192.0.0.8', 'reserved'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['fc00::1', 'private'],
    ['fd00:ec2::254', 'private'],
    ['fe80::1', 'link-local'],
    ['febf:ffff::1', 'link-local'],
    ['ff02::1', 'multicast'],
    ['2001:db8::1', 'reserved'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:100.64.0.1', 'cgnat'],
    // IPv4-compatible, NAT64, 6to4 and Teredo forms embed an IPv4 address: outside 2000::/3 or special
    ['::127.0.0.1', 'loopback'],
    ['::7f00:1', 'reserved'],
    ['64:ff9b::7f00:1', 'reserved'],
    ['2002:7f00:1::1', 'reserved'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'reserved'],
    ['4000::1', 'reserved'],
    ['not-an-address', 'reserved'],
  ])('%s is refused as %s', (ip, reason) => {
    expect(disallowedAddress(ip)).toBe(reason);
  });

  it.each([
    '93.184.215.14',
    '8.8.8.8',
    '1.1.1.1',
    '100.63.255.255',
    '172.32.0.1',
    '::ffff:8.8.8.8',
    '2606:4700::1111',
    '2a00:1450:4001::200e',
  ])('%s is public', (ip) => {
    expect(disallowedAddress(ip)).toBeNull();
  });

  it('refuses a host name when any of its addresses is disallowed', () => {
    expect(disallowedAmong(['93.184.215.14', '127.0.0.1'])).toBe('loopback');
    expect(disallowedAmong(['2606:4700::1111', '169.254.169.254'])).toBe('link-local');
    expect(disallowedAmong(['93.184.215.14', '2606:4700::1111'])).toBeNull();
  });

  it('normalizes allow-list entries and refuses others', () => {
    expect(normalizeAllowEntry('LocalHost:4569')).toBe('localhost:4569');
    expect(normalizeAllowEntry(' 127.0.0.1:9443 ')).toBe('127.0.0.1:9443');
    expect(normalizeAllowEntry('[0:0:0:0:0:0:0:1]:9443')).toBe('[::1]:9443');
    for (const bad of ['localhost', '127.0.0.1', 'http://x:1', 'x:0', 'x:65536', '::1:80', 'a b:1', 'x:*'])
      expect(normalizeAllowEntry(bad), bad).toBeNull();
  });

  it('logs a URL without credentials or query', () => {
    expect(urlForLog('https://user:pw@ota.example.com:8443/notify?token=abc#x')).toBe(
      'https://ota.example.com:8443/notify',
    );
  });
});

/** A TCP listener on a loopback address that counts connections (and answers nothing). */
async function counter(host: string) {
  let connections = 0;
  const server = net.createServer((socket) => {
    connections++;
    socket.destroy();
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections: () => connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** An HTTP listener on 127.0.0.1 with routes of its own. */
async function web(handler: http.RequestListener) {
  let connections = 0;
  const server = http.createServer(handler);
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    entry: `127.0.0.1:${port}`,
    connections: () => connections,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A resolver that knows only the given names (anything else: not found); records what it was asked. */
function resolver(names: Record<string, string[]>) {
  const asked: string[] = [];
  const resolve: EgressResolver = async (hostname) => {
    asked.push(hostname);
    const found = names[hostname];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return found.map((address) => ({ address, family: net.isIP(address) }));
  };
  return { resolve, asked };
}

/** One GET through an agent, as an SDK would send it: the status, or the error the request failed with. */
function through(agent: http.Agent, target: string): Promise<number> {
  const send = target.startsWith('https:') ? https.get : http.get;
  return new Promise((resolve, reject) => {
    const req = send(target, { agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
  });
}

async function refusal(p: Promise<unknown>) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(EgressRefused);
  return err as EgressRefused;
}

describe('egressRequest (listeners on the loopback range only)', () => {
  let v4: Awaited<ReturnType<typeof counter>>;
  let v6: Awaited<ReturnType<typeof counter>>;
  let site: Awaited<ReturnType<typeof web>>;
  let elsewhere: Awaited<ReturnType<typeof web>>;

  beforeAll(async () => {
    v4 = await counter('127.0.0.1');
    v6 = await counter('::1');
    elsewhere = await web((_req, res) => res.end('you should not be here'));
    site = await web((req, res) => {
      if (req.url === '/redirect')
        res.writeHead(302, { location: `http://${elsewhere.entry}/` }).end('moved');
      else if (req.url === '/slow') setTimeout(() => res.end('late'), 2000).unref();
      else if (req.url === '/big') {
        // no content-length: the limit must hold while reading
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.write(Buffer.alloc(8 * 1024, 'a'));
        res.end(Buffer.alloc(8 * 1024, 'b'));
      } else if (req.url === '/big-declared')
        res.writeHead(200, { 'content-length': 20_000 }).end('x'.repeat(20_000));
      else {
        const chunks: Buffer[] = [];
        req.on('data', (c: Buffer) => chunks.push(c));
        req.on('end', () =>
          res.end(
            JSON.stringify({
              method: req.method,
              host: req.headers.host,
              body: Buffer.concat(chunks).toString(),
            }),
          ),
        );
      }
    });
  });
  afterAll(async () => {
    await Promise.all([v4?.close(), v6?.close(), site?.close(), elsewhere?.close()]);
  });

  it('refuses 127.0.0.1, localhost, [::1] and a name resolving to 127.0.0.1 before any byte is sent', async () => {
    expect((await refusal(egressRequest(`https://127.0.0.1:${v4.port}/notify`))).reason).toBe('loopback');
    expect((await refusal(egressRequest(`https://localhost:${v4.port}/notify`))).reason).toBe('loopback');
    expect((await refusal(egressRequest(`https://[::1]:${v6.port}/notify`))).reason).toBe('loopback');
    expect((await refusal(egressRequest(`https://[::ffff:127.0.0.1]:${v4.port}/`))).reason).toBe('loopback');
    // ::7f00:1 (IPv4-compatible) lies outside the global unicast space
    expect((await refusal(egressRequest(`https://[::127.0.0.1]:${v6.port}/`))).reason).toBe('reserved');
    // the other spellings of 127.0.0.1 the URL parser reads as it
    expect((await refusal(egressRequest(`https://2130706433:${v4.port}/`))).reason).toBe('loopback');
    expect((await refusal(egressRequest(`https://0x7f.1:${v4.port}/`))).reason).toBe('loopback');
    const r = resolver({ 'callback.example.test': ['127.0.0.1'] });
    const err = await refusal(
      egressRequest(`https://callback.example.test:${v4.port}/notify`, {
        resolve: r.resolve,
        method: 'POST',
        body: '{}',
      }),
    );
    expect(err.reason).toBe('loopback');
    expect(err.message).toBe('refused: loopback address');
    expect(r.asked).toEqual(['callback.example.test']);
    expect(v4.connections()).toBe(0);
    expect(v6.connections()).toBe(0);
  });

  it('judges every address of a name (here IPv6 and IPv4 loopback) in the connection’s own lookup', async () => {
    const r = resolver({ 'both.example.test': ['::1', '127.0.0.1'] });
    const err = await refusal(egressRequest(`https://both.example.test:${v4.port}/`, { resolve: r.resolve }));
    expect(err.reason).toBe('loopback');
    expect(v4.connections()).toBe(0);
    expect(v6.connections()).toBe(0);
  });

  it('refuses http to a public name (not https) without resolving it, and anything but http(s)', async () => {
    const r = resolver({});
    const err = await refusal(egressRequest('http://ota.example.com/notify', { resolve: r.resolve }));
    expect(err.reason).toBe('not-https');
    expect(r.asked).toEqual([]);
    expect((await refusal(egressRequest('ftp://ota.example.com/'))).reason).toBe('not-https');
    expect((await refusal(egressRequest('file:///etc/passwd'))).reason).toBe('not-https');
    expect((await refusal(egressRequest('not a url'))).reason).toBe('bad-url');
    // allow-listed over http, but a 127.0.0.1 not on the list is still refused
    expect(
      (await refusal(egressRequest(`http://127.0.0.1:${v4.port}/`, { allow: [site.entry] }))).reason,
    ).toBe('not-https');
    expect(v4.connections()).toBe(0);
  });

  it('lets an allow-listed host:port through, over http, by IP or by name', async () => {
    const res = await egressRequest(`http://${site.entry}/notify?x=1`, {
      allow: [site.entry],
      method: 'POST',
      body: '{"a":1}',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body.toString())).toEqual({ method: 'POST', host: site.entry, body: '{"a":1}' });
    const r = resolver({ 'sandbox.test': ['127.0.0.1'] });
    const named = await egressRequest(`http://sandbox.test:${site.port}/`, {
      allow: [`sandbox.test:${site.port}`],
      resolve: r.resolve,
    });
    expect(named.status).toBe(200);
    // the entry names a port: another port of the same host is not on it
    expect(
      (await refusal(egressRequest(`https://127.0.0.1:${v4.port}/`, { allow: [site.entry] }))).reason,
    ).toBe('loopback');
  });

  it('does not follow a redirect: the 3xx is the answer', async () => {
    const before = elsewhere.connections();
    const res = await egressRequest(`http://${site.entry}/redirect`, {
      allow: [site.entry, elsewhere.entry],
    });
    expect(res.status).toBe(302);
    expect(res.headers.location).toBe(`http://${elsewhere.entry}/`);
    expect(elsewhere.connections()).toBe(before);
  });

  it('cuts a slow answer at the time limit', async () => {
    const started = Date.now();
    const err = await egressRequest(`http://${site.entry}/slow`, {
      allow: [site.entry],
      timeoutMs: 200,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EgressFailed);
    expect((err as EgressFailed).reason).toBe('timeout');
    expect((err as EgressFailed).message).toBe('failed: timed out after 200 ms');
    expect(Date.now() - started).toBeLessThan(1900);
  });

  it('cuts a big answer at the size limit, declared or not', async () => {
    for (const path of ['/big', '/big-declared']) {
      const err = await egressRequest(`http://${site.entry}${path}`, {
        allow: [site.entry],
        maxBytes: 4096,
      }).catch((e: unknown) => e);
      expect(err, path).toBeInstanceOf(EgressFailed);
      expect((err as EgressFailed).reason).toBe('too-large');
      expect((err as EgressFailed).message).not.toContain('aaaa');
    }
    const whole = await egressRequest(`http://${site.entry}/big`, {
      allow: [site.entry],
      maxBytes: 16 * 1024,
    });
    expect(whole.body.length).toBe(16 * 1024);
  });

  it('reports a name that does not resolve and a refused connection by code only', async () => {
    const r = resolver({});
    const dns = await egressRequest('https://nowhere.example.test/', { resolve: r.resolve }).catch(
      (e: unknown) => e,
    );
    expect(dns).toBeInstanceOf(EgressFailed);
    expect((dns as EgressFailed).message).toBe('failed: host name not resolved (ENOTFOUND)');
    // a port nothing listens on (the counter's, once closed)
    const gone = await counter('127.0.0.1');
    await gone.close();
    const conn = await egressRequest(`http://127.0.0.1:${gone.port}/`, {
      allow: [`127.0.0.1:${gone.port}`],
    }).catch((e: unknown) => e);
    expect(conn).toBeInstanceOf(EgressFailed);
    expect((conn as EgressFailed).message).toBe('failed: connection error (ECONNREFUSED)');
  });

  it('egressAgent refuses at once what egressRequest refuses before sending', () => {
    const refused = (target: string, allow?: string[]) => {
      const err = (() => {
        try {
          egressAgent(target, allow ? { allow } : {});
          return null;
        } catch (e) {
          return e;
        }
      })();
      expect(err, target).toBeInstanceOf(EgressRefused);
      return (err as EgressRefused).reason;
    };
    expect(refused(`http://${site.entry}/`)).toBe('not-https');
    expect(refused(`https://127.0.0.1:${v4.port}/`)).toBe('loopback');
    expect(refused(`https://[::1]:${v6.port}/`)).toBe('loopback');
    expect(refused('http://sms.example.com/')).toBe('not-https');
    expect(refused('ftp://sms.example.com/')).toBe('not-https');
    expect(refused('not a url')).toBe('bad-url');
    expect(refused(`http://127.0.0.1:${v4.port}/`, [site.entry])).toBe('not-https');
    expect(egressAgent(`http://${site.entry}/`, { allow: [site.entry] })).toBeInstanceOf(http.Agent);
    expect(egressAgent('https://sms.example.com/')).toBeInstanceOf(https.Agent);
    expect(v4.connections()).toBe(0);
    expect(v6.connections()).toBe(0);
  });

  it('egressAgent judges every connection made through it: names in their own lookup, literals at once', async () => {
    const r = resolver({ 'sms.example.test': ['127.0.0.1'] });
    const failed: string[] = [];
    const named = egressAgent(`https://sms.example.test:${v4.port}/`, {
      resolve: r.resolve,
      failed: (e) => failed.push(e.message),
    });
    const err = await through(named, `https://sms.example.test:${v4.port}/`).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(EgressRefused);
    expect((err as EgressRefused).reason).toBe('loopback');
    expect(r.asked).toEqual(['sms.example.test']);
    // an https agent handed another URL (a redirect the SDK follows) still judges its address
    const literal = await through(named, `https://127.0.0.1:${v4.port}/`).catch((e: unknown) => e);
    expect((literal as EgressRefused).reason).toBe('loopback');
    expect(v4.connections()).toBe(0);
    expect(failed).toEqual(['refused: loopback address', 'refused: loopback address']);
  });

  it('egressAgent lets an allow-listed host:port through over http, and only it', async () => {
    const agent = egressAgent(`http://${site.entry}/`, { allow: [site.entry] });
    expect(await through(agent, `http://${site.entry}/notify`)).toBe(200);
    const before = elsewhere.connections();
    const err = await through(agent, `http://${elsewhere.entry}/`).catch((e: unknown) => e);
    expect((err as EgressRefused).reason).toBe('not-https');
    expect(elsewhere.connections()).toBe(before);
    // a port nothing listens on: allowed, so the connection is tried and fails as the system says
    const gone = await counter('127.0.0.1');
    await gone.close();
    const failed: string[] = [];
    const closed = egressAgent(`http://127.0.0.1:${gone.port}/`, {
      allow: [`127.0.0.1:${gone.port}`],
      failed: (e) => failed.push(e.message),
    });
    const refusedConn = await through(closed, `http://127.0.0.1:${gone.port}/`).catch((e: unknown) => e);
    expect((refusedConn as NodeJS.ErrnoException).code).toBe('ECONNREFUSED');
    expect(failed).toEqual(['failed: connection error (ECONNREFUSED)']);
  });
});
