import { definePermissions } from './define.ts';

/** The map guide (/mapGuide): spots on the area's illustrated map, voices, guide maps, routes. */
export const mapGuidePermissions = definePermissions({
  mapGuide: {
    'admin:tourSpot:list': { zh: '查看导览景点与地图配置', en: 'View guide spots and the map configuration' },
    'admin:tourSpot:create': { zh: '新增导览景点', en: 'Create guide spots' },
    'admin:tourSpot:update': { zh: '编辑导览景点及上传语音', en: 'Edit guide spots and upload their voices' },
    'admin:tourSpot:deleted': { zh: '删除导览景点', en: 'Delete guide spots' },
    'admin:voiceType:list': { zh: '查看语音类型', en: 'View voice kinds' },
    'admin:voiceType:create': { zh: '新增语音类型', en: 'Create voice kinds' },
    'admin:voiceType:update': { zh: '编辑语音类型', en: 'Edit voice kinds' },
    'admin:voiceType:deleted': { zh: '删除语音类型', en: 'Delete voice kinds' },
    'admin:tourMap:list': { zh: '查看导览地图', en: 'View guide maps' },
    'admin:tourMap:create': { zh: '新增导览地图', en: 'Create guide maps' },
    'admin:tourMap:update': { zh: '编辑导览地图', en: 'Edit guide maps' },
    'admin:tourMap:deleted': { zh: '删除导览地图', en: 'Delete guide maps' },
    'admin:mapRoute:list': { zh: '查看导览路线', en: 'View guide routes' },
    'admin:mapRoute:create': { zh: '新增导览路线', en: 'Create guide routes' },
    'admin:mapRoute:update': { zh: '编辑导览路线', en: 'Edit guide routes' },
    'admin:mapRoute:deleted': { zh: '删除导览路线', en: 'Delete guide routes' },
  },
});
