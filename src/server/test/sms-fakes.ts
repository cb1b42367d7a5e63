import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local fakes of the two SMS platforms' HTTP APIs for the adapters' tests (issue 31): each speaks
 * the wire protocol its SDK version sends, recomputes the request's signature as the vendor
 * documents it and answers the vendor's own error when it does not match, so a test proves the SDK
 * call is signed with the account's secret and reaches the vendor as it would in production.
 */
export interface SmsFake<Sms> {
  /** http://127.0.0.1:PORT, the account's endpoint */
  url: string;
  port: number;
  /** Every request whose signature held, in order (answered with success or with `failNext`) */
  received: Sms[];
  /** The next request whose signature holds is answered with this business error */
  failNext(code: string, message: string, where?: FailWhere): void;
  /** TCP connections the fake accepted: 0 when the egress rule stopped a call before connecting */
  connections(): number;
  close(): Promise<void>;
}

/**
 * Where the error is answered. Alibaba Cloud: 'answer' is HTTP 200 with the Code (as SendSms's
 * business errors come), 'error' an HTTP 400 error body (as the gateway's, Throttling.User say).
 * Tencent Cloud: 'answer' is the number's SendStatusSet entry, 'error' the request's Response.Error.
 */
export type FailWhere = 'answer' | 'error';

interface Reply {
  status: number;
  body: unknown;
}
type Handler = (req: http.IncomingMessage, url: URL, body: Buffer) => Reply;

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');
const hmac = (key: string | Buffer, data: string) => createHmac('sha256', key).update(data).digest();
const sameText = (a: string, b: string) =>
  a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
const header = (req: http.IncomingMessage, name: string) => {
  const value = req.headers[name];
  return Array.isArray(value) ? value.join(',') : (value ?? '');
};

async function serve(handle: Handler) {
  let connections = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const reply = handle(req, new URL(req.url ?? '/', 'http://fake'), Buffer.concat(chunks));
      res
        .writeHead(reply.status, { 'content-type': 'application/json;charset=utf-8' })
        .end(JSON.stringify(reply.body));
    });
  });
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    connections: () => connections,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Alibaba Cloud (Dysmsapi 2017-05-25): @alicloud/dysmsapi20170525 4.x through @alicloud/openapi-core
// 1.x sends SendSms as an RPC call, POST / with the parameters in the query, signed with the V3
// signature (ACS3-HMAC-SHA256 in the Authorization header) — "V3 request structure and signature".

export interface AliyunSms {
  phone: string;
  signName: string;
  template: string;
  params: Record<string, string>;
}

/** RFC 3986 percent-encoding as the V3 signature wants it: space %20, `*` %2A, `~` kept. */
const acsEncode = (s: string) =>
  encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const aliyunError = (status: number, code: string, message: string): Reply => ({
  status,
  body: {
    RequestId: randomUUID().toUpperCase(),
    HostId: 'dysmsapi.aliyuncs.com',
    Code: code,
    Message: message,
  },
});

/**
 * The V3 check: the Authorization header's form; the key; every common header (host, x-acs-*)
 * among the signed ones; the date within 15 minutes; the nonce not used before; then the signature
 * recomputed from the canonical request (method, path, sorted encoded query, signed headers
 * lowercased and trimmed, the list of them, the body's SHA-256) and compared.
 */
function checkAcs3(
  req: http.IncomingMessage,
  url: URL,
  body: Buffer,
  account: { accessKeyId: string; secret: string },
  nonces: Set<string>,
): Reply | null {
  const auth = /^ACS3-HMAC-SHA256 Credential=([^,]+),SignedHeaders=([^,]+),Signature=([0-9a-f]{64})$/.exec(
    header(req, 'authorization'),
  );
  const incomplete = aliyunError(
    400,
    'IncompleteSignature',
    'The request signature does not conform to Aliyun standards.',
  );
  if (!auth) return incomplete;
  const [, keyId = '', signedList = '', signature = ''] = auth;
  if (keyId !== account.accessKeyId)
    return aliyunError(404, 'InvalidAccessKeyId.NotFound', 'Specified access key is not found.');
  const signed = signedList.split(';');
  const common = Object.keys(req.headers).filter((h) => h === 'host' || h.startsWith('x-acs-'));
  if (
    common.some((h) => !signed.includes(h)) ||
    signed.some((h) => req.headers[h] === undefined) ||
    signed.join(';') !== [...signed].sort().join(';')
  )
    return incomplete;
  const date = Date.parse(header(req, 'x-acs-date'));
  if (!Number.isFinite(date) || Math.abs(Date.now() - date) > 15 * 60_000)
    return aliyunError(400, 'InvalidTimeStamp.Expired', 'Specified time stamp or date value is expired.');
  const nonce = header(req, 'x-acs-signature-nonce');
  if (nonces.has(nonce))
    return aliyunError(400, 'SignatureNonceUsed', 'Specified signature nonce was used already.');

  const query = [...url.searchParams]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([k, v]) => `${acsEncode(k)}=${acsEncode(v)}`)
    .join('&');
  const headers = signed.map((h) => `${h}:${header(req, h).trim()}\n`).join('');
  const canonical = [req.method, url.pathname, query, headers, signedList, sha256Hex(body)].join('\n');
  const toSign = `ACS3-HMAC-SHA256\n${sha256Hex(canonical)}`;
  const expected = hmac(account.secret, toSign).toString('hex');
  if (!sameText(expected, signature))
    return aliyunError(
      400,
      'SignatureDoesNotMatch',
      `Specified signature does not match our calculation. server string to sign is:${toSign}`,
    );
  nonces.add(nonce);
  return null;
}

/** A fake Dysmsapi: SendSms only, signed with `accessKeyId`/`secret`. */
export async function startAliyunSmsFake(account: {
  accessKeyId: string;
  secret: string;
}): Promise<SmsFake<AliyunSms>> {
  const received: AliyunSms[] = [];
  const nonces = new Set<string>();
  let failure: { code: string; message: string; where: FailWhere } | null = null;
  const server = await serve((req, url, body) => {
    const refused = checkAcs3(req, url, body, account, nonces);
    if (refused) return refused;
    if (header(req, 'x-acs-action') !== 'SendSms' || header(req, 'x-acs-version') !== '2017-05-25')
      return aliyunError(
        404,
        'InvalidAction.NotFound',
        'Specified api is not found, please check your url and method.',
      );
    // RPC parameters: in the query (as this SDK sends them) or a form body
    const params = new URLSearchParams(url.search);
    if (header(req, 'content-type').startsWith('application/x-www-form-urlencoded'))
      for (const [k, v] of new URLSearchParams(body.toString())) params.set(k, v);
    for (const name of ['PhoneNumbers', 'SignName', 'TemplateCode'])
      if (!params.get(name))
        return aliyunError(400, `Missing${name}`, `${name} is mandatory for this action.`);
    let templateParams: Record<string, string>;
    try {
      templateParams = JSON.parse(params.get('TemplateParam') ?? '{}') as Record<string, string>;
    } catch {
      return aliyunError(200, 'isv.INVALID_JSON_PARAM', 'JSON参数不合法，只接受字符串值');
    }
    received.push({
      phone: params.get('PhoneNumbers')!,
      signName: params.get('SignName')!,
      template: params.get('TemplateCode')!,
      params: templateParams,
    });
    if (failure) {
      const { code, message, where } = failure;
      failure = null;
      return aliyunError(where === 'answer' ? 200 : 400, code, message);
    }
    const bizId = `${Date.now() % 1e9}${randomBytes(3).toString('hex')}^0`;
    return {
      status: 200,
      body: { RequestId: randomUUID().toUpperCase(), Code: 'OK', Message: 'OK', BizId: bizId },
    };
  });
  return {
    ...server,
    received,
    failNext(code, message, where = 'answer') {
      failure = { code, message, where };
    },
  };
}

// ---------------------------------------------------------------------------------------------
// Tencent Cloud (sms 2021-01-11): tencentcloud-sdk-nodejs-sms 4.x through tencentcloud-sdk-nodejs-common
// posts JSON to / with X-TC-Action/-Version/-Timestamp/-Region, signed TC3-HMAC-SHA256 in the
// Authorization header — "Signature v3". Every answer is HTTP 200: a refusal is Response.Error.

export interface TencentSms {
  /** As sent, E.164: +86 and the 11 digits */
  phone: string;
  signName: string;
  template: string;
  /** By position, as Tencent Cloud takes them */
  params: string[];
  sdkAppId: string;
  region: string;
}

const tencentError = (code: string, message: string): Reply => ({
  status: 200,
  body: { Response: { Error: { Code: code, Message: message }, RequestId: randomUUID() } },
});

const utcDay = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

/**
 * The TC3 check: the Authorization header's form; the timestamp within 5 minutes; the SecretId;
 * content-type and host among the signed headers; the credential scope naming the timestamp's UTC
 * day and the service the host names (its first label: the documentation says it must match the
 * product's domain); then the signature recomputed from that scope, the canonical request (method, path,
 * query, signed headers lowercased and trimmed, the list of them, the body's SHA-256) and the key
 * derived TC3+SecretKey -> day -> service -> tc3_request.
 */
function checkTc3(
  req: http.IncomingMessage,
  url: URL,
  body: Buffer,
  account: { secretId: string; secretKey: string },
): Reply | null {
  const auth =
    /^TC3-HMAC-SHA256 Credential=([^/]+)\/(\d{4}-\d{2}-\d{2})\/([^/]+)\/tc3_request, SignedHeaders=([a-z0-9;-]+), Signature=([0-9a-f]{64})$/.exec(
      header(req, 'authorization'),
    );
  const invalid = tencentError(
    'AuthFailure.InvalidAuthorization',
    'Authorization header is not in the Tencent Cloud standard.',
  );
  if (!auth) return invalid;
  const [, secretId = '', scopeDay = '', scopeService = '', signedList = '', signature = ''] = auth;
  const timestamp = Number(header(req, 'x-tc-timestamp'));
  if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300)
    return tencentError(
      'AuthFailure.SignatureExpire',
      'Signature expired. Timestamp and server time cannot differ by more than 5 minutes.',
    );
  if (secretId !== account.secretId)
    return tencentError('AuthFailure.SecretIdNotFound', 'The SecretId is not found.');
  const signed = signedList.split(';');
  if (!signed.includes('content-type') || !signed.includes('host')) return invalid;

  // the host as the SDK signs it: the name without a port (Tencent Cloud's endpoints carry none)
  const host = header(req, 'host').replace(/:\d+$/, '');
  const value = (h: string) => (h === 'host' ? host : header(req, h)).trim().toLowerCase();
  const canonical = [
    req.method,
    url.pathname,
    url.search.slice(1),
    signed.map((h) => `${h}:${value(h)}\n`).join(''),
    signedList,
    sha256Hex(body),
  ].join('\n');
  const day = utcDay(timestamp);
  const service = host.split('.')[0]!;
  const toSign = ['TC3-HMAC-SHA256', timestamp, `${day}/${service}/tc3_request`, sha256Hex(canonical)].join(
    '\n',
  );
  const key = hmac(hmac(hmac(`TC3${account.secretKey}`, day), service), 'tc3_request');
  if (scopeDay !== day || scopeService !== service || !sameText(hmac(key, toSign).toString('hex'), signature))
    return tencentError(
      'AuthFailure.SignatureFailure',
      'The provided credentials could not be validated. Please check your signature is correct.',
    );
  return null;
}

/** A fake Tencent Cloud SMS API: SendSms (2021-01-11) only, signed with `secretId`/`secretKey`. */
export async function startTencentSmsFake(account: {
  secretId: string;
  secretKey: string;
}): Promise<SmsFake<TencentSms>> {
  const received: TencentSms[] = [];
  let failure: { code: string; message: string; where: FailWhere } | null = null;
  const server = await serve((req, url, body) => {
    const refused = checkTc3(req, url, body, account);
    if (refused) return refused;
    if (header(req, 'x-tc-action') !== 'SendSms')
      return tencentError('InvalidAction', 'The requested action does not exist.');
    if (header(req, 'x-tc-version') !== '2021-01-11')
      return tencentError('NoSuchVersion', 'The requested version does not exist.');
    let input: Record<string, unknown>;
    try {
      input = JSON.parse(body.toString()) as Record<string, unknown>;
    } catch {
      return tencentError('InvalidParameter', 'The request body is not JSON.');
    }
    const phones = Array.isArray(input.PhoneNumberSet) ? (input.PhoneNumberSet as string[]) : [];
    if (!phones.length) return tencentError('MissingParameter', 'The request is missing PhoneNumberSet.');
    received.push({
      phone: phones[0]!,
      signName: String(input.SignName ?? ''),
      template: String(input.TemplateId ?? ''),
      params: Array.isArray(input.TemplateParamSet) ? (input.TemplateParamSet as string[]) : [],
      sdkAppId: String(input.SmsSdkAppId ?? ''),
      region: header(req, 'x-tc-region'),
    });
    const failed = failure;
    failure = null;
    if (failed?.where === 'error') return tencentError(failed.code, failed.message);
    const status = phones.map((phone) => ({
      SerialNo: failed ? '' : `2640:${randomBytes(8).toString('hex')}`,
      PhoneNumber: phone,
      Fee: failed ? 0 : 1,
      SessionContext: '',
      Code: failed?.code ?? 'Ok',
      Message: failed?.message ?? 'send success',
      IsoCode: 'CN',
    }));
    return { status: 200, body: { Response: { SendStatusSet: status, RequestId: randomUUID() } } };
  });
  return {
    ...server,
    received,
    failNext(code, message, where = 'answer') {
      failure = { code, message, where };
    },
  };
}
