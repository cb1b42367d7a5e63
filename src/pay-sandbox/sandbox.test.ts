import { generateKeyPairSync } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rsaSign } from './crypto.ts';
import { startPaySandbox } from './sandbox.ts';
import type { PaySandbox } from './sandbox.ts';

const pair = () =>
  generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
const merchant = pair();
const stranger = pair();
let sb: PaySandbox;

beforeAll(async () => {
  sb = await startPaySandbox({ port: 0 });
  const res = await fetch(`${sb.url}/control/merchants`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      merchantId: '1900000109',
      appId: '2021000000000009',
      publicKey: merchant.publicKey,
      certSerial: 'ABC',
      apiKey: 'a'.repeat(32),
    }),
  });
  expect(res.status).toBe(200);
});
afterAll(() => sb.close());

function wechatAuth(key: string, method: string, url: string, body: string) {
  const ts = String(Math.floor(Date.now() / 1000));
  const sig = rsaSign(`${method}\n${url}\n${ts}\nN\n${body}\n`, key);
  return `WECHATPAY2-SHA256-RSA2048 mchid="1900000109",nonce_str="N",signature="${sig}",timestamp="${ts}",serial_no="ABC"`;
}

describe('pay sandbox signature checks', () => {
  it('WeChat: a request signed with the merchant key passes, one signed with another key is 401 SIGN_ERROR', async () => {
    const url = '/v3/pay/transactions/out-trade-no/NONE?mchid=1900000109';
    const good = await fetch(`${sb.url}${url}`, {
      headers: { authorization: wechatAuth(merchant.privateKey, 'GET', url, '') },
    });
    expect(good.status).toBe(404);
    expect(good.headers.get('wechatpay-signature')).toBeTruthy();
    const bad = await fetch(`${sb.url}${url}`, {
      headers: { authorization: wechatAuth(stranger.privateKey, 'GET', url, '') },
    });
    expect(bad.status).toBe(401);
    expect(await bad.json()).toMatchObject({ code: 'SIGN_ERROR' });
    const none = await fetch(`${sb.url}${url}`);
    expect(none.status).toBe(401);
  });

  it('Alipay: a request signed with another key is refused with isv.invalid-signature', async () => {
    const params: Record<string, string> = {
      app_id: '2021000000000009',
      method: 'alipay.trade.query',
      charset: 'utf-8',
      sign_type: 'RSA2',
      timestamp: '2024-05-01 10:00:00',
      version: '1.0',
      biz_content: JSON.stringify({ out_trade_no: 'NONE' }),
    };
    const content = Object.keys(params)
      .sort()
      .map((k) => `${k}=${params[k]}`)
      .join('&');
    const post = (key: string) =>
      fetch(`${sb.url}/gateway.do`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...params, sign: rsaSign(content, key) }).toString(),
      }).then((r) => r.json() as Promise<Record<string, Record<string, string>>>);
    expect((await post(merchant.privateKey)).alipay_trade_query_response).toMatchObject({
      sub_code: 'ACQ.TRADE_NOT_EXIST',
    });
    expect((await post(stranger.privateKey)).alipay_trade_query_response).toMatchObject({
      code: '40002',
      sub_code: 'isv.invalid-signature',
    });
  });

  it('the pay page and the control API: keys, received requests', async () => {
    const keys = (await (await fetch(`${sb.url}/control/keys`)).json()) as { wechat: { serial: string } };
    expect(keys.wechat.serial).toMatch(/^PUB_KEY_ID_/);
    const page = await fetch(`${sb.url}/pay/none`);
    expect(page.status).toBe(404);
    const received = (await (await fetch(`${sb.url}/control/received`)).json()) as {
      requests: { error: string | null }[];
    };
    expect(received.requests.map((r) => r.error)).toContain('SIGN_ERROR');
  });
});
