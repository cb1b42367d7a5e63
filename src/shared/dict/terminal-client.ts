import { defineDict } from './dict.ts';
import type { BuyChannelCode } from './product.ts';

/** docs/product.md §9: terminal client ids, i.e. the OAuth clients of each sales or management terminal. */
export const TerminalClient = defineDict({
  winManagement: { zh: '人工售票窗口', en: 'Manual ticket window' },
  selfManagement: { zh: '自助售票机', en: 'Self-service machine' },
  handManagement: { zh: '手持终端', en: 'Handheld terminal' },
  weixinManagement: { zh: '小程序', en: 'Mini-program' },
  backstageManagement: { zh: '景区后台', en: 'Scenic back office' },
  mobileManagement: { zh: '移动管理端', en: 'Mobile management' },
  distributionManagement: { zh: '分销平台', en: 'Distribution platform' },
  dataManagement: { zh: '数据大屏', en: 'Data dashboard' },
  zowoyooManagement: { zh: '智游宝', en: 'Zowoyoo' },
  pftManagement: { zh: '票付通', en: 'Ticket-pay platform' },
  ctripManagement: { zh: '携程', en: 'Ctrip' },
  mtManagement: { zh: '美团', en: 'Meituan' },
});
export type TerminalClientId = keyof typeof TerminalClient;
/** The public client the console logs in with (docs/product.md §7 getClient). */
export const CONSOLE_CLIENT_ID: TerminalClientId = 'backstageManagement';

/**
 * The buy channel (docs/product.md §9) an order placed by a terminal client counts as. Clients not listed
 * (the console, the mobile management app, the data dashboard) do not sell.
 */
export const CLIENT_CHANNEL: Partial<Record<TerminalClientId, BuyChannelCode>> = {
  winManagement: 1,
  selfManagement: 2,
  handManagement: 3,
  weixinManagement: 4,
  distributionManagement: 13,
  zowoyooManagement: 14,
  pftManagement: 15,
  ctripManagement: 16,
  mtManagement: 17,
};

/** The channel of a client, or null when it does not sell. */
export function channelOfClient(clientId: string): BuyChannelCode | null {
  return (CLIENT_CHANNEL as Record<string, BuyChannelCode | undefined>)[clientId] ?? null;
}
