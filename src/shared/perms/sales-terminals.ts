import { definePermissions } from './define.ts';

/** Ticket windows and self-service machines (/terminal/windManage, /terminal/autoSellTerMange). */
export const salesTerminalsPermissions = definePermissions({
  terminal: {
    'admin:window:page': { zh: '查看售票窗口', en: 'View ticket windows' },
    'admin:window:update': { zh: '配置售票窗口', en: 'Configure ticket windows' },
    'admin:autoSell:page': { zh: '查看自助售票机', en: 'View self-service machines' },
    'admin:autoSell:update': {
      zh: '配置自助售票机及其轮播图',
      en: 'Configure self-service machines and their carousel',
    },
  },
});
