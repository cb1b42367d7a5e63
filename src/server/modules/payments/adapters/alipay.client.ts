import type { AlipaySdk } from 'alipay-sdk';
import { EgressError, egressRequest } from '../../../lib/egress.ts';
import { ProviderError } from './adapter.ts';
import type { PaySettings } from './adapter.ts';

/**
 * Alipay OpenAPI through the gateway (gateway.do). alipay-sdk 4 does the RSA2 work (request
 * signing in sdkExecute / pageExecute, answer and notification verification); its own HTTP client
 * is not used: every call goes out through lib/egress.ts.
 */

/**
 * An SDK instance for the settings (cheap: it only formats the keys), or a ProviderError naming what
 * is not set. The SDK loads with the first Alipay call: a server without Alipay never loads it.
 */
export async function alipaySdk(s: PaySettings): Promise<AlipaySdk> {
  const missing = [
    !s.appId && 'app id',
    !s.privateKey && 'app private key',
    !s.providerKey && 'Alipay public key',
  ].filter(Boolean);
  if (missing.length) throw new ProviderError('CONFIG', `not set: ${missing.join(', ')}`);
  const { AlipaySdk: Sdk } = await import('alipay-sdk');
  try {
    return new Sdk({
      appId: s.appId,
      privateKey: s.privateKey!,
      keyType: s.privateKey!.includes('BEGIN RSA PRIVATE KEY') ? 'PKCS1' : 'PKCS8',
      alipayPublicKey: s.providerKey!,
      gateway: s.gatewayUrl,
      signType: 'RSA2',
      camelcase: false,
    });
  } catch {
    throw new ProviderError('CONFIG', 'the app private key or the Alipay public key is not usable');
  }
}

export type AlipayAnswer = Record<string, unknown> & {
  code: string;
  msg?: string;
  sub_code?: string;
  sub_msg?: string;
};

/** Alipay's success code; anything else is a refusal with sub_code / sub_msg */
export const ALIPAY_OK = '10000';

/** "alipay.trade.query" -> "alipay_trade_query_response" */
const responseKey = (method: string) => `${method.replace(/\./g, '_')}_response`;

/** The signed form (common parameters, notify_url, biz_content, sign) of one call */
export function signedForm(
  sdk: AlipaySdk,
  method: string,
  biz: Record<string, unknown>,
  notifyUrl?: string,
): string {
  try {
    return sdk.sdkExecute(
      method,
      { bizContent: biz, ...(notifyUrl ? { notify_url: notifyUrl } : {}) },
      { bizContentAutoSnakeCase: false },
    );
  } catch {
    throw new ProviderError('SIGN_FAILED', 'the request could not be signed: check the app private key');
  }
}

/**
 * One call: the signed form POSTed to the gateway, the answer's signature verified over the
 * response object's exact text. A refusal (code other than 10000) is a ProviderError unless its
 * sub_code is in `accept`; then the answer is returned for the caller to read.
 */
export async function alipayCall(
  s: PaySettings,
  method: string,
  biz: Record<string, unknown>,
  options: { notifyUrl?: string; accept?: readonly string[] } = {},
): Promise<AlipayAnswer> {
  const sdk = await alipaySdk(s);
  const form = signedForm(sdk, method, biz, options.notifyUrl);
  let raw: string;
  let status: number;
  try {
    const res = await egressRequest(s.gatewayUrl, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded;charset=utf-8',
        accept: 'application/json',
      },
      body: form,
    });
    raw = res.body.toString('utf8');
    status = res.status;
  } catch (err) {
    if (err instanceof EgressError) throw new ProviderError('EGRESS', err.message);
    throw err;
  }
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(raw) as Record<string, unknown>;
  } catch {
    throw new ProviderError('BAD_ANSWER', `HTTP ${status}: the answer is not JSON`);
  }
  const key = parsed[responseKey(method)] ? responseKey(method) : 'error_response';
  const answer = parsed[key] as AlipayAnswer | undefined;
  if (!answer || typeof answer.code !== 'string')
    throw new ProviderError('BAD_ANSWER', `HTTP ${status}: no ${responseKey(method)}`);
  const sign = typeof parsed.sign === 'string' ? parsed.sign : '';
  if (sign) {
    try {
      sdk.checkResponseSign(raw, key, sign, '');
    } catch {
      throw new ProviderError(
        'SIGN_VERIFY',
        "the answer's signature does not verify with the Alipay public key",
      );
    }
  } else if (answer.code === ALIPAY_OK) {
    throw new ProviderError('SIGN_VERIFY', 'the answer is not signed');
  }
  if (answer.code !== ALIPAY_OK && !(answer.sub_code && options.accept?.includes(answer.sub_code)))
    throw new ProviderError(answer.sub_code ?? answer.code, answer.sub_msg ?? answer.msg ?? answer.code);
  return answer;
}
