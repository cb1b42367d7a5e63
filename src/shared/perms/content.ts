import { definePermissions } from './define.ts';

/** Announcements (/scenic/announcement) and articles (/scenic/scenicArticle). */
export const contentPermissions = definePermissions({
  scenic: {
    'admin:announcement:page': { zh: '查看景区公告', en: 'View announcements' },
    'admin:announcement:create': { zh: '新增景区公告', en: 'Create announcements' },
    'admin:announcement:update': { zh: '编辑景区公告', en: 'Edit announcements' },
    'admin:announcement:publish': { zh: '发布及撤回景区公告', en: 'Publish and withdraw announcements' },
    'admin:announcement:delete': { zh: '删除景区公告', en: 'Delete announcements' },
    'admin:scenicArticle:page': { zh: '查看景区文章', en: 'View articles' },
    'admin:scenicArticle:create': { zh: '新增景区文章', en: 'Create articles' },
    'admin:scenicArticle:update': { zh: '编辑景区文章', en: 'Edit articles' },
    'admin:scenicArticle:publish': { zh: '发布及撤回景区文章', en: 'Publish and withdraw articles' },
    'admin:scenicArticle:delete': { zh: '删除景区文章', en: 'Delete articles' },
  },
});
