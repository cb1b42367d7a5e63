import { defineDict } from './dict.ts';

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
