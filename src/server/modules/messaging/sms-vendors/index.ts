import type { SmsPlatformCode } from '../../../../shared/dict/messaging.ts';
import { logVendor } from './log-vendor.ts';
import type { SmsVendor } from './vendor.ts';

export type { SmsAccount, SmsAnswer, SmsRequest, SmsVendor } from './vendor.ts';

/** A vendor whose SDK loads with its first message (the cloud SDKs are heavy; most servers use one). */
const lazy = (platform: SmsPlatformCode, load: () => Promise<SmsVendor>): SmsVendor => ({
  platform,
  send: async (account, request) => (await load()).send(account, request),
});

const VENDORS = new Map<SmsPlatformCode, SmsVendor>([
  [0, lazy(0, async () => (await import('./aliyun-vendor.ts')).aliyunVendor)],
  [1, lazy(1, async () => (await import('./tencent-vendor.ts')).tencentVendor)],
  [9, logVendor],
]);

/** The adapter of a platform, or undefined where this server has none (listed as unavailable). */
export const smsVendor = (platform: SmsPlatformCode): SmsVendor | undefined => VENDORS.get(platform);
