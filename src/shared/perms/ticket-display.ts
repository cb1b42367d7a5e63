import { definePermissions } from './define.ts';

/** How the mini-program shows each ticket product (/scenic/ticmes). */
export const ticketDisplayPermissions = definePermissions({
  scenic: {
    'admin:ticketDisplay:page': { zh: '查看门票展示', en: 'View ticket display' },
    'admin:ticketDisplay:update': {
      zh: '编辑门票展示及展示/隐藏',
      en: 'Edit ticket display, show and hide products',
    },
  },
});
