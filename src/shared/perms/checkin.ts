import { definePermissions } from './define.ts';

/** The entry/exit log (/ticket/visitors). */
export const checkinPermissions = definePermissions({
  ticket: {
    'admin:gardenLog:page': { zh: '查看出入园记录', en: 'View the entry/exit log' },
  },
});
