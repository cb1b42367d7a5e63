import { definePermissions } from './define.ts';

/** Picture groups and their pictures (/scenic/pictureCate). */
export const pictureGroupsPermissions = definePermissions({
  scenic: {
    'admin:scenicPictureGroup:page': { zh: '查看图片分组', en: 'View picture groups' },
    'admin:scenicPictureGroup:create': { zh: '新增图片分组', en: 'Create picture groups' },
    'admin:scenicPictureGroup:update': {
      zh: '编辑图片分组、启停及管理图片',
      en: 'Edit, enable and disable picture groups and manage their pictures',
    },
    'admin:scenicPictureGroup:delete': { zh: '删除图片分组', en: 'Delete picture groups' },
  },
});
