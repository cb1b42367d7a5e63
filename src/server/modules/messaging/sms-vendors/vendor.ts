import type { SmsPlatformCode } from '../../../../shared/dict/messaging.ts';

/** A platform's account as the sender uses it: the secret opened from its seal. */
export interface SmsAccount {
  platform: SmsPlatformCode;
  accessKeyId: string;
  secret: string;
  /** Tencent Cloud's SmsSdkAppId */
  sdkAppId: string;
  region: string;
  /** '' = the vendor's own endpoint; else a full URL (a local server in tests and the demo) */
  endpoint: string;
}

/** One message to one phone. */
export interface SmsRequest {
  /** 11 digits, mainland China */
  phone: string;
  /** The platform's template id */
  templateCode: string;
  signName: string;
  /** The template's variables by name (Alibaba Cloud sends them by name) */
  params: Readonly<Record<string, string>>;
  /** The names in the order the text uses them (Tencent Cloud sends the values by position) */
  order: readonly string[];
  /** The text as filled in (the log platform keeps it) */
  text: string;
}

/**
 * What the platform answered. `code` is '0' on success (spec §9 "send result 0 success"), else the
 * platform's own code; `retry` says whether a later attempt may succeed (throttled, busy), so the
 * outbox tries again with backoff; a refusal that will not change (bad template, bad signature, bad
 * number) ends the message as failed at once.
 */
export interface SmsAnswer {
  code: string;
  message: string;
  messageId: string;
  retry: boolean;
}

/**
 * An SMS platform's adapter: sends through the vendor's own SDK, its HTTP calls under the egress rule
 * (lib/egress.ts). A call that brings no answer (refused, unreachable, timed out) throws; the outbox
 * retries it.
 */
export interface SmsVendor {
  platform: SmsPlatformCode;
  send(account: SmsAccount, request: SmsRequest): Promise<SmsAnswer>;
}
