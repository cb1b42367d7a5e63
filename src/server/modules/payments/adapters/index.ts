import type { PayAdapter } from './adapter.ts';
import { alipayAdapter } from './alipay.ts';
import { wechatPayAdapter } from './wechat-pay.ts';

export * from './adapter.ts';
export { alipayAdapter } from './alipay.ts';
export { wechatPayAdapter } from './wechat-pay.ts';

/** The online pay ways with an adapter (docs/product.md §9: 2 WeChat Pay, 3 Alipay), for the payments module to register. */
export const PAY_ADAPTERS: readonly PayAdapter[] = [wechatPayAdapter, alipayAdapter];
