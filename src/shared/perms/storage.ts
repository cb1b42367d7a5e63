import { definePermissions } from './define.ts';

/** Where uploaded files are kept (/sys/os, issue 31); a platform permission: one store for every area. */
export const storagePermissions = definePermissions({
  sys: {
    'admin:storage:manage': {
      zh: '对象存储设置：查看、修改、测试',
      en: 'Object storage settings: view, change and test',
    },
  },
});
