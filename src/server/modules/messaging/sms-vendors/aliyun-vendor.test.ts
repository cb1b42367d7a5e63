import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EgressRefused, useEgressAllow } from '../../../lib/egress.ts';
import { startAliyunSmsFake, type AliyunSms, type SmsFake } from '../../../test/sms-fakes.ts';
import { aliyunVendor } from './aliyun-vendor.ts';
import type { SmsAccount, SmsRequest } from './vendor.ts';

/**
 * Alibaba Cloud SMS (issue 31) through its own SDK, against a local Dysmsapi that checks the V3
 * signature (ACS3-HMAC-SHA256) as Alibaba Cloud documents it.
 */
const KEY = { accessKeyId: 'LTAI5tTestKeyId', secret: 'aliyun-test-secret-9f2c' };
let fake: SmsFake<AliyunSms>;
let closedPort = 0;

const account = (over: Partial<SmsAccount> = {}): SmsAccount => ({
  platform: 0,
  accessKeyId: KEY.accessKeyId,
  secret: KEY.secret,
  sdkAppId: '',
  region: '',
  endpoint: fake.url,
  ...over,
});
const request: SmsRequest = {
  phone: '13800138000',
  templateCode: 'SMS_154950909',
  signName: '青山景区',
  params: { code: '4821', minutes: '5' },
  order: ['code', 'minutes'],
  text: '您的验证码 4821，5 分钟内有效',
};

beforeAll(async () => {
  fake = await startAliyunSmsFake(KEY);
  // a port nothing listens on: allowed, so the call is tried and finds no one
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  closedPort = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  useEgressAllow([`127.0.0.1:${fake.port}`, `127.0.0.1:${closedPort}`]);
});
afterAll(async () => {
  useEgressAllow([]);
  await fake?.close();
});

describe('Alibaba Cloud SMS adapter', () => {
  it('sends SendSms signed with the secret: the platform sees the phone, sign, template and params', async () => {
    const answer = await aliyunVendor.send(account(), request);
    expect(answer).toMatchObject({ code: '0', message: 'OK', retry: false });
    expect(answer.messageId).toMatch(/\^0$/);
    expect(fake.received.at(-1)).toEqual({
      phone: '13800138000',
      signName: '青山景区',
      template: 'SMS_154950909',
      params: { code: '4821', minutes: '5' },
    });
  });

  it('answers the platform’s signature error, not to be retried, when the secret is wrong', async () => {
    const before = fake.received.length;
    const answer = await aliyunVendor.send(account({ secret: 'not-the-secret' }), request);
    expect(answer.code).toBe('SignatureDoesNotMatch');
    expect(answer.message).toContain('Specified signature does not match our calculation');
    expect(answer.retry).toBe(false);
    expect(fake.received.length).toBe(before);
    const unknownKey = await aliyunVendor.send(account({ accessKeyId: 'LTAI5tSomeoneElse' }), request);
    expect(unknownKey).toMatchObject({ code: 'InvalidAccessKeyId.NotFound', retry: false });
  });

  it('passes a business refusal through; retries only throttling and busy codes', async () => {
    fake.failNext('isv.SMS_TEMPLATE_ILLEGAL', '该账号下找不到对应模板');
    expect(await aliyunVendor.send(account(), request)).toEqual({
      code: 'isv.SMS_TEMPLATE_ILLEGAL',
      message: '该账号下找不到对应模板',
      messageId: '',
      retry: false,
    });
    fake.failNext('isv.OUT_OF_SERVICE', '业务停机');
    expect(await aliyunVendor.send(account(), request)).toMatchObject({
      code: 'isv.OUT_OF_SERVICE',
      retry: false,
    });
    fake.failNext('isv.BUSINESS_LIMIT_CONTROL', '触发分钟级流控Permits:1');
    expect(await aliyunVendor.send(account(), request)).toMatchObject({
      code: 'isv.BUSINESS_LIMIT_CONTROL',
      message: '触发分钟级流控Permits:1',
      retry: true,
    });
    fake.failNext('isp.SYSTEM_ERROR', 'isp.SYSTEM_ERROR');
    expect(await aliyunVendor.send(account(), request)).toMatchObject({
      code: 'isp.SYSTEM_ERROR',
      retry: true,
    });
    // the gateway's throttling comes as an error answer (HTTP 400), read by the SDK as ThrottlingError
    fake.failNext('Throttling.User', 'Request was denied due to user flow control.', 'error');
    expect(await aliyunVendor.send(account(), request)).toMatchObject({
      code: 'Throttling.User',
      message: 'Request was denied due to user flow control.',
      retry: true,
    });
  });

  it('throws when the call brings no answer (an allowed port nothing listens on)', async () => {
    await expect(
      aliyunVendor.send(account({ endpoint: `http://127.0.0.1:${closedPort}` }), request),
    ).rejects.toThrow('failed: connection error (ECONNREFUSED)');
  });

  it('refuses an endpoint off the allow-list (http, loopback): throws, the platform sees nothing', async () => {
    const other = await startAliyunSmsFake(KEY);
    try {
      for (const endpoint of [other.url, `https://127.0.0.1:${other.port}`]) {
        const err = await aliyunVendor.send(account({ endpoint }), request).catch((e: unknown) => e);
        expect(err, endpoint).toBeInstanceOf(EgressRefused);
      }
      expect(other.connections()).toBe(0);
      expect(other.received).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
