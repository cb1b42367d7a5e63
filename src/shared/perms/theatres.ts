import { definePermissions } from './define.ts';

/** Theatres, seat maps and shows. */
export const theatresPermissions = definePermissions({
  ticket: {
    'admin:theatre:page': { zh: '查看剧场与场次', en: 'View theatres and shows' },
    'admin:theatre:create': { zh: '新增剧场与场次', en: 'Create theatres and shows' },
    'admin:theatre:update': { zh: '编辑剧场、座位图与场次', en: 'Edit theatres, seat maps and shows' },
    'admin:theatre:delete': { zh: '删除剧场与场次', en: 'Delete theatres and shows' },
  },
});
