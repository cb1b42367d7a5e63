import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EgressRefused, useEgressAllow } from '../../../lib/egress.ts';
import { startTencentSmsFake, type SmsFake, type TencentSms } from '../../../test/sms-fakes.ts';
import { tencentVendor } from './tencent-vendor.ts';
import type { SmsAccount, SmsRequest } from './vendor.ts';

/**
 * Tencent Cloud SMS (issue 31) through its own SDK, against a local SMS API that checks the
 * TC3-HMAC-SHA256 signature as Tencent Cloud documents it.
 */
const KEY = { secretId: 'AKIDtestSecretId0001', secretKey: 'tencent-test-key-4b7e' };
let fake: SmsFake<TencentSms>;
let closedPort = 0;

const account = (over: Partial<SmsAccount> = {}): SmsAccount => ({
  platform: 1,
  accessKeyId: KEY.secretId,
  secret: KEY.secretKey,
  sdkAppId: '1400006666',
  region: '',
  endpoint: fake.url,
  ...over,
});
const request: SmsRequest = {
  phone: '13800138000',
  templateCode: '1110',
  signName: '青山景区',
  params: { code: '4821', minutes: '5' },
  // the text uses minutes before code: Tencent Cloud takes the values in that order
  order: ['minutes', 'code', 'missing'],
  text: '5 分钟内有效，您的验证码 4821',
};

beforeAll(async () => {
  fake = await startTencentSmsFake(KEY);
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

describe('Tencent Cloud SMS adapter', () => {
  it('sends SendSms signed with the key: the platform sees +86 phone, app, sign, template, ordered params', async () => {
    const answer = await tencentVendor.send(account(), request);
    expect(answer).toMatchObject({ code: '0', message: 'send success', retry: false });
    expect(answer.messageId).toMatch(/^2640:[0-9a-f]{16}$/);
    expect(fake.received.at(-1)).toEqual({
      phone: '+8613800138000',
      signName: '青山景区',
      template: '1110',
      params: ['5', '4821', ''],
      sdkAppId: '1400006666',
      region: 'ap-guangzhou',
    });
    await tencentVendor.send(account({ region: 'ap-beijing' }), request);
    expect(fake.received.at(-1)?.region).toBe('ap-beijing');
  });

  it('answers the platform’s signature error, not to be retried, when the key is wrong', async () => {
    const before = fake.received.length;
    const answer = await tencentVendor.send(account({ secret: 'not-the-key' }), request);
    expect(answer).toMatchObject({ code: 'AuthFailure.SignatureFailure', messageId: '', retry: false });
    expect(answer.message).toContain('could not be validated');
    expect(fake.received.length).toBe(before);
    const unknownId = await tencentVendor.send(account({ accessKeyId: 'AKIDsomeoneElse' }), request);
    expect(unknownId).toMatchObject({ code: 'AuthFailure.SecretIdNotFound', retry: false });
  });

  it('passes a refusal through, from the send status or the API error; retries only limits and internal errors', async () => {
    fake.failNext('FailedOperation.TemplateIncorrectOrUnapproved', 'template is not approved');
    expect(await tencentVendor.send(account(), request)).toEqual({
      code: 'FailedOperation.TemplateIncorrectOrUnapproved',
      message: 'template is not approved',
      messageId: '',
      retry: false,
    });
    fake.failNext('LimitExceeded.PhoneNumberThirtySecondLimit', 'too many in 30 s');
    expect(await tencentVendor.send(account(), request)).toMatchObject({
      code: 'LimitExceeded.PhoneNumberThirtySecondLimit',
      message: 'too many in 30 s',
      retry: true,
    });
    fake.failNext('InvalidParameterValue.IncorrectPhoneNumber', 'bad number', 'error');
    expect(await tencentVendor.send(account(), request)).toMatchObject({
      code: 'InvalidParameterValue.IncorrectPhoneNumber',
      retry: false,
    });
    fake.failNext(
      'RequestLimitExceeded',
      'Your current request times equals to `3000` in a second.',
      'error',
    );
    expect(await tencentVendor.send(account(), request)).toMatchObject({
      code: 'RequestLimitExceeded',
      retry: true,
    });
    fake.failNext('InternalError.Timeout', 'backend timed out', 'error');
    expect(await tencentVendor.send(account(), request)).toMatchObject({
      code: 'InternalError.Timeout',
      retry: true,
    });
  });

  it('throws when the call brings no answer (an allowed port nothing listens on)', async () => {
    await expect(
      tencentVendor.send(account({ endpoint: `http://127.0.0.1:${closedPort}` }), request),
    ).rejects.toThrow('failed: connection error (ECONNREFUSED)');
  });

  it('refuses an endpoint off the allow-list (http, loopback): throws, the platform sees nothing', async () => {
    const other = await startTencentSmsFake(KEY);
    try {
      for (const endpoint of [other.url, `https://127.0.0.1:${other.port}`]) {
        const err = await tencentVendor.send(account({ endpoint }), request).catch((e: unknown) => e);
        expect(err, endpoint).toBeInstanceOf(EgressRefused);
      }
      expect(other.connections()).toBe(0);
      expect(other.received).toEqual([]);
    } finally {
      await other.close();
    }
  });
});
