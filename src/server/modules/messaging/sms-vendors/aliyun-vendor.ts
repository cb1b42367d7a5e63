import { createRequire } from 'node:module';
import querystring from 'node:querystring';
import { Readable } from 'node:stream';
import Dysmsapi, { SendSmsRequest } from '@alicloud/dysmsapi20170525';
import { $OpenApiUtil, AlibabaCloudError } from '@alicloud/openapi-core';
import * as $dara from '@darabonba/typescript';
import { EGRESS_DEFAULT_TIMEOUT_MS, egressRequest } from '../../../lib/egress.ts';
import type { SmsAccount, SmsAnswer, SmsRequest, SmsVendor } from './vendor.ts';

const DEFAULT_ENDPOINT = 'dysmsapi.aliyuncs.com';
const CONNECT_TIMEOUT_MS = 5_000;
const READ_TIMEOUT_MS = 10_000;

/**
 * The codes a later attempt may clear (Alibaba Cloud SMS "error codes"): the API's throttling (any
 * code naming Throttling: Throttling.User, Throttling.Api, ...; the SDK's own ThrottlingError rule),
 * the number's flow control (isv.BUSINESS_LIMIT_CONTROL: per minute, hour and day) and the account's
 * daily cap (isv.DAY_LIMIT_CONTROL), and the platform's own faults, which its documentation says to
 * retry (isp.SYSTEM_ERROR, isp.GATEWAY_ERROR, InternalError, ServiceUnavailable). Everything else
 * waits on a person: the signature, the template, the number, the key, the balance
 * (isv.AMOUNT_NOT_ENOUGH) or a suspended service (isv.OUT_OF_SERVICE: in arrears).
 */
const RETRY_CODES = new Set([
  'isv.BUSINESS_LIMIT_CONTROL',
  'isv.DAY_LIMIT_CONTROL',
  'isp.SYSTEM_ERROR',
  'isp.GATEWAY_ERROR',
  'InternalError',
  'ServiceUnavailable',
]);
export const aliyunRetryable = (code: string) => RETRY_CODES.has(code) || code.includes('Throttling');

/** The SDK is CommonJS: Node's ESM import hands over its module.exports, whose `default` is the client. */
const DysmsapiClient: typeof Dysmsapi =
  (Dysmsapi as unknown as { default?: typeof Dysmsapi }).default ?? Dysmsapi;

type Runtime = { readTimeout?: unknown; connectTimeout?: unknown } | null | undefined;

function readAll(stream: Readable): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer | string) => chunks.push(Buffer.from(c)));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}

/**
 * The Alibaba Cloud SDK's one transport, `doAction` of @darabonba/typescript, sent through
 * `egressRequest` instead of its own httpx call: same URL (built as its `buildURL` does), method,
 * headers and body, so the signed request is byte for byte the SDK's; the answer handed back as the
 * SDK's Response over the bytes received.
 */
async function egressDoAction(request: $dara.Request, runtime?: Runtime): Promise<$dara.Response> {
  const query = querystring.stringify(request.query ?? {});
  const port = request.port ? `:${request.port}` : '';
  const target = `${String(request.protocol).toLowerCase()}://${request.headers.host}${port}${request.pathname}${query ? `?${query}` : ''}`;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers ?? {}))
    if (value !== undefined && value !== null) headers[name] = String(value);
  const method = (request.method || 'GET').toUpperCase();
  const body =
    request.body && method !== 'GET' && method !== 'HEAD' ? await readAll(request.body) : undefined;
  const limit = (Number(runtime?.connectTimeout) || 0) + (Number(runtime?.readTimeout) || 0);
  const answer = await egressRequest(target, {
    method,
    headers,
    ...(body ? { body } : {}),
    timeoutMs: limit || EGRESS_DEFAULT_TIMEOUT_MS,
  });
  const message = Object.assign(Readable.from([answer.body]), {
    statusCode: answer.status,
    statusMessage: '',
    headers: answer.headers,
  });
  return new $dara.Response(message as unknown as ConstructorParameters<typeof $dara.Response>[0]);
}

/**
 * This SDK takes no transport of its own (no agent, no request hook: @darabonba/typescript 1.0.5's
 * `doAction` calls httpx with httpx's module agents), so its `doAction` export, which every API call
 * of an @alicloud/openapi-core client reaches through the package's live binding, is replaced once,
 * process-wide, on the first send: every Alibaba Cloud API call of this server then goes through the
 * egress rule (the versions are pinned in package.json). Checked after replacing, so an SDK whose
 * binding no longer reaches it fails at once instead of sending around the rule.
 */
let transportReplaced = false;
function useEgressTransport(): void {
  if (transportReplaced) return;
  const load = createRequire(import.meta.url);
  const core = load('@darabonba/typescript/dist/core.js') as { doAction: typeof egressDoAction };
  core.doAction = egressDoAction;
  const entry = load('@darabonba/typescript') as { doAction: unknown };
  if (entry.doAction !== egressDoAction)
    throw new Error('the Alibaba Cloud SDK transport could not be put under the egress rule');
  transportReplaced = true;
}

function client(account: SmsAccount) {
  let endpoint = DEFAULT_ENDPOINT;
  let protocol = 'https';
  if (account.endpoint) {
    // a full URL: its scheme, host and port are used, its path is not (SendSms is posted to /)
    const url = new URL(account.endpoint);
    endpoint = url.host;
    protocol = url.protocol.replace(/:$/, '');
  }
  return new DysmsapiClient(
    new $OpenApiUtil.Config({
      accessKeyId: account.accessKeyId,
      accessKeySecret: account.secret,
      endpoint,
      protocol,
      connectTimeout: CONNECT_TIMEOUT_MS,
      readTimeout: READ_TIMEOUT_MS,
    }),
  );
}

/**
 * Alibaba Cloud SMS (platform 0): Dysmsapi SendSms through @alicloud/dysmsapi20170525, which signs it
 * (ACS3-HMAC-SHA256). 'OK' is success with the BizId as the message id; any other code, in the body
 * (business refusals) or in an error answer (the gateway's: bad signature, throttling), is the
 * answer; a call that brought no answer throws.
 */
export const aliyunVendor: SmsVendor = {
  platform: 0,
  async send(account: SmsAccount, request: SmsRequest): Promise<SmsAnswer> {
    useEgressTransport();
    try {
      const res = await client(account).sendSms(
        new SendSmsRequest({
          phoneNumbers: request.phone,
          signName: request.signName,
          templateCode: request.templateCode,
          templateParam: JSON.stringify(request.params),
        }),
      );
      const code = res.body?.code ?? '';
      if (code === 'OK')
        return {
          code: '0',
          message: res.body?.message ?? 'OK',
          messageId: res.body?.bizId ?? '',
          retry: false,
        };
      if (!code) throw new Error('Alibaba Cloud SMS answered without a code');
      return { code, message: res.body?.message ?? '', messageId: '', retry: aliyunRetryable(code) };
    } catch (err) {
      // an error answer the SDK read (HTTP 4xx/5xx with the vendor's code) is an answer, not a failure
      if (err instanceof AlibabaCloudError && err.code && err.code !== 'undefined') {
        const data = (err as { data?: { Message?: unknown } }).data;
        const message = typeof data?.Message === 'string' ? data.Message : err.message;
        return { code: err.code, message, messageId: '', retry: aliyunRetryable(err.code) };
      }
      throw err;
    }
  },
};
