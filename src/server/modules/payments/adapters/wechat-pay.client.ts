import { EgressError, egressRequest } from '../../../lib/egress.ts';
import { ProviderError } from './adapter.ts';
import type { PaySettings } from './adapter.ts';
import { authorization, signatureProblem } from './wechat-pay.sign.ts';

/** One signed call to WeChat Pay API v3 through the one way out, its answer's signature verified. */

export interface WechatAnswer {
  status: number;
  /** The parsed JSON body ({} for 204) */
  body: Record<string, unknown>;
}

export interface WechatKeys {
  mchid: string;
  serial: string;
  privateKey: string;
  platformKey: string;
}

/** The settings a signed call needs, or a ProviderError naming what is not set. */
export function wechatKeys(s: PaySettings): WechatKeys {
  const missing = [
    !s.merchantId && 'merchant id',
    !s.certSerial && 'certificate serial',
    !s.privateKey && 'merchant private key',
    !s.providerKey && 'WeChat Pay platform public key',
  ].filter(Boolean);
  if (missing.length) throw new ProviderError('CONFIG', `not set: ${missing.join(', ')}`);
  return {
    mchid: s.merchantId,
    serial: s.certSerial!,
    privateKey: s.privateKey!,
    platformKey: s.providerKey!,
  };
}

const USER_AGENT = 'scenic-backoffice/0.1 (WeChatPay-APIv3)';

async function send(url: URL, method: string, body: string, keys: WechatKeys) {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'user-agent': USER_AGENT,
    authorization: authorization({
      method,
      url: `${url.pathname}${url.search}`,
      body,
      mchid: keys.mchid,
      serial: keys.serial,
      privateKey: keys.privateKey,
    }),
  };
  if (body) headers['content-type'] = 'application/json';
  try {
    return await egressRequest(url.toString(), { method, headers, body: body || undefined });
  } catch (err) {
    if (err instanceof EgressError) throw new ProviderError('EGRESS', err.message);
    throw new ProviderError('SIGN_FAILED', 'the request could not be signed: check the merchant private key');
  }
}

/** The URL of an API path under the settings' gateway (https://api.mch.weixin.qq.com or the sandbox's). */
export function apiUrl(s: PaySettings, pathAndQuery: string): URL {
  return new URL(`${s.gatewayUrl.replace(/\/+$/, '')}${pathAndQuery}`);
}

/**
 * Sends the call; the answer (errors included) must carry a valid platform signature, else a
 * ProviderError('SIGN_VERIFY'). An error answer ({code, message}) is a ProviderError unless the
 * caller lists its code in `accept`.
 */
export async function wechatCall(
  s: PaySettings,
  method: 'GET' | 'POST',
  pathAndQuery: string,
  payload?: unknown,
  accept: readonly string[] = [],
): Promise<WechatAnswer & { code: string | null; message: string | null }> {
  const keys = wechatKeys(s);
  const body = payload === undefined ? '' : JSON.stringify(payload);
  const res = await send(apiUrl(s, pathAndQuery), method, body, keys);
  const raw = res.body.toString('utf8');
  const problem = signatureProblem(res.headers, raw, keys.platformKey, s.providerKeySerial);
  if (problem) throw new ProviderError('SIGN_VERIFY', `HTTP ${res.status}, answer not trusted: ${problem}`);
  let parsed: Record<string, unknown> = {};
  if (raw) {
    try {
      parsed = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      throw new ProviderError('BAD_ANSWER', `HTTP ${res.status}: the answer is not JSON`);
    }
  }
  if (res.status >= 300) {
    const code = typeof parsed.code === 'string' ? parsed.code : `HTTP_${res.status}`;
    const message = typeof parsed.message === 'string' ? parsed.message : '';
    if (!accept.includes(code)) throw new ProviderError(code, `HTTP ${res.status} ${message}`.trim());
    return { status: res.status, body: parsed, code, message };
  }
  return { status: res.status, body: parsed, code: null, message: null };
}

/** A file download (the statement): signed like any call; the answer is the file, checked by its hash instead. */
export async function wechatDownload(s: PaySettings, downloadUrl: string): Promise<Buffer> {
  const keys = wechatKeys(s);
  const res = await send(new URL(downloadUrl), 'GET', '', keys);
  if (res.status !== 200) throw new ProviderError(`HTTP_${res.status}`, 'the statement download failed');
  return res.body;
}
