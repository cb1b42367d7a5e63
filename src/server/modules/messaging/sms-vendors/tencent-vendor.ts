import { sms } from 'tencentcloud-sdk-nodejs-sms';
import type { HttpProfile } from 'tencentcloud-sdk-nodejs-common';
import { egressAgent, type EgressError } from '../../../lib/egress.ts';
import type { SmsAccount, SmsAnswer, SmsRequest, SmsVendor } from './vendor.ts';

const DEFAULT_ENDPOINT = 'https://sms.tencentcloudapi.com';
const DEFAULT_REGION = 'ap-guangzhou';
/** The SDK's time limit, in seconds */
const TIMEOUT_S = 15;

/**
 * The codes a later attempt may clear (Tencent Cloud SMS and common error codes): quotas and
 * frequency limits (LimitExceeded and LimitExceeded.*: per number per 30 s, hour and day, the
 * application's daily caps; RequestLimitExceeded and RequestLimitExceeded.*: the API's rate) and
 * the platform's own faults (InternalError and InternalError.*: timeouts, a backend that did not
 * answer). Everything else waits on a person: FailedOperation.*, InvalidParameterValue.*,
 * UnauthorizedOperation.*, UnsupportedOperation.*, AuthFailure.*.
 */
export const tencentRetryable = (code: string) =>
  /^(LimitExceeded|RequestLimitExceeded|InternalError)(\.|$)/.test(code);

/** What the SDK throws (TencentCloudSDKHttpException): `code` when the API answered Response.Error. */
interface SdkError {
  code?: unknown;
  message?: unknown;
}

/**
 * The SDK's client for the account, its HTTP under the egress rule: refused here (EgressRefused,
 * nothing sent) when the rule refuses the endpoint, else every connection the SDK opens (node-fetch,
 * through this agent, which also keeps the SDK from an http_proxy of the environment) is judged on
 * its own. `failure()` is why the last connection failed, in the form safe to log.
 */
function client(account: SmsAccount) {
  const url = new URL(account.endpoint || DEFAULT_ENDPOINT);
  let failure: EgressError | undefined;
  const agent = egressAgent(url.href, { failed: (error) => (failure = error) });
  const httpProfile: HttpProfile = {
    // the host and port; the SDK signs for the service its first label names ("sms")
    endpoint: url.host,
    protocol: `${url.protocol}//`,
    reqMethod: 'POST',
    reqTimeout: TIMEOUT_S,
    agent,
  };
  const api = new sms.v20210111.Client({
    credential: { secretId: account.accessKeyId, secretKey: account.secret },
    region: account.region || DEFAULT_REGION,
    profile: { signMethod: 'TC3-HMAC-SHA256', httpProfile },
  });
  return { api, failure: () => failure };
}

/**
 * Tencent Cloud SMS (platform 1): SendSms 2021-01-11 through tencentcloud-sdk-nodejs-sms, which signs
 * it (TC3-HMAC-SHA256). The number's SendStatusSet entry 'Ok' is success with its SerialNo as the
 * message id; its other codes, or the request's Response.Error code, are the answer; a call that
 * brought no answer throws.
 */
export const tencentVendor: SmsVendor = {
  platform: 1,
  async send(account: SmsAccount, request: SmsRequest): Promise<SmsAnswer> {
    const { api, failure } = client(account);
    let res: Awaited<ReturnType<typeof api.SendSms>>;
    try {
      res = await api.SendSms({
        PhoneNumberSet: [`+86${request.phone}`],
        SmsSdkAppId: account.sdkAppId,
        SignName: request.signName,
        TemplateId: request.templateCode,
        TemplateParamSet: request.order.map((name) => request.params[name] ?? ''),
      });
    } catch (err) {
      // the SDK wraps every failure in one class: only one with the API's code is an answer
      const { code, message } = (err ?? {}) as SdkError;
      if (typeof code === 'string' && code)
        return { code, message: String(message ?? ''), messageId: '', retry: tencentRetryable(code) };
      throw failure() ?? err;
    }
    const status = res.SendStatusSet?.[0];
    if (!status?.Code) throw new Error('Tencent Cloud SMS answered without a send status');
    if (status.Code === 'Ok')
      return {
        code: '0',
        message: status.Message ?? 'send success',
        messageId: status.SerialNo ?? '',
        retry: false,
      };
    return {
      code: status.Code,
      message: status.Message ?? '',
      messageId: '',
      retry: tencentRetryable(status.Code),
    };
  },
};
