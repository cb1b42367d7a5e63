import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { egressRequest } from '../../lib/egress.ts';

/**
 * Nuonuo's open platform (诺诺开放平台), as its documentation gives it: every call is a POST to
 * `/open/v1/services?senid&nonce&timestamp&appkey` with the method's name, the access token, the
 * seller's tax id and `X-Nuonuo-Sign` in the headers, and the method's content as the JSON body.
 * The signature is base64(HMAC-SHA1(appSecret, "a=services&l=v1&p=open&k=<appkey>&i=<senid>
 * &n=<nonce>&t=<timestamp>&f=<body>")). An answer is `{code, describe, result}`, `E0000` when it
 * went through. The local sandbox (src/pay-sandbox/nuonuo.ts) speaks the same protocol.
 */
export const NUONUO_LIVE = 'https://sdk.nuonuo.com';
export const NUONUO_SERVICES_PATH = '/open/v1/services';
export const NUONUO_OK = 'E0000';

export const NUONUO_METHOD = {
  issue: 'nuonuo.OpeMplatform.requestBillingNew',
  query: 'nuonuo.OpeMplatform.queryInvoiceResult',
  void: 'nuonuo.OpeMplatform.invoiceCancellation',
} as const;

export interface NuonuoCredentials {
  /** the platform's address; empty: Nuonuo's own */
  baseUrl: string;
  appKey: string;
  appSecret: string;
  accessToken: string;
  /** the seller's tax id (userTax) */
  userTax: string;
}

export interface NuonuoAnswer {
  code: string;
  describe: string;
  result?: unknown;
}

/** The string Nuonuo signs, and its signature. */
export function nuonuoSign(
  appSecret: string,
  p: { appKey: string; senid: string; nonce: string; timestamp: string; body: string },
): string {
  const message = `a=services&l=v1&p=open&k=${p.appKey}&i=${p.senid}&n=${p.nonce}&t=${p.timestamp}&f=${p.body}`;
  return createHmac('sha1', appSecret).update(message, 'utf8').digest('base64');
}

/** One call: the request as sent (for the record, without the secrets) and the platform's answer. */
export async function nuonuoCall(
  credentials: NuonuoCredentials,
  method: string,
  content: Record<string, unknown>,
): Promise<NuonuoAnswer> {
  const body = JSON.stringify(content);
  const senid = randomBytes(16).toString('hex');
  const nonce = String(randomInt(10_000_000, 100_000_000));
  const timestamp = String(Math.floor(Date.now() / 1000));
  const query = new URLSearchParams({ senid, nonce, timestamp, appkey: credentials.appKey });
  const url = `${credentials.baseUrl || NUONUO_LIVE}${NUONUO_SERVICES_PATH}?${query.toString()}`;
  const res = await egressRequest(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'X-Nuonuo-Sign': nuonuoSign(credentials.appSecret, {
        appKey: credentials.appKey,
        senid,
        nonce,
        timestamp,
        body,
      }),
      accessToken: credentials.accessToken,
      userTax: credentials.userTax,
      method,
    },
    body,
  });
  try {
    const answer = JSON.parse(res.body.toString('utf8')) as Partial<NuonuoAnswer>;
    return {
      code: String(answer.code ?? ''),
      describe: String(answer.describe ?? ''),
      result: answer.result,
    };
  } catch {
    return { code: `HTTP${res.status}`, describe: 'not JSON' };
  }
}
