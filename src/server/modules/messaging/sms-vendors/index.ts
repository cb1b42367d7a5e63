import type { SmsPlatformCode } from '../../../../shared/dict/messaging.ts';
import { aliyunVendor } from './aliyun-vendor.ts';
import { logVendor } from './log-vendor.ts';
import { tencentVendor } from './tencent-vendor.ts';
import type { SmsVendor } from './vendor.ts';

export type { SmsAccount, SmsAnswer, SmsRequest, SmsVendor } from './vendor.ts';

const VENDORS = new Map<SmsPlatformCode, SmsVendor>([
  [0, aliyunVendor],
  [1, tencentVendor],
  [9, logVendor],
]);

/** The adapter of a platform, or undefined where this server has none (listed as unavailable). */
export const smsVendor = (platform: SmsPlatformCode): SmsVendor | undefined => VENDORS.get(platform);
