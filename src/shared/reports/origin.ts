import type { z } from 'zod';
import {
  reportEndpoints,
  reportExportSchema,
  reportQuerySchema,
  type ReportDefinition,
} from '../api/report.ts';
import { defineDict } from '../dict/dict.ts';

/**
 * /statAnalyse/origin (hidden; docs/statistics.md "Gates, origins and distributors"): visitors by
 * province of origin, read from the first two digits of their ID numbers (docs/product.md §9).
 */
export const originApi = reportEndpoints('/web/api/admin/stat/origin');

/** docs/product.md §9 province codes 11-91 (91 overseas); 0: no ID number or none of these. */
export const Province = defineDict({
  11: { zh: '北京', en: 'Beijing' },
  12: { zh: '天津', en: 'Tianjin' },
  13: { zh: '河北', en: 'Hebei' },
  14: { zh: '山西', en: 'Shanxi' },
  15: { zh: '内蒙古', en: 'Inner Mongolia' },
  21: { zh: '辽宁', en: 'Liaoning' },
  22: { zh: '吉林', en: 'Jilin' },
  23: { zh: '黑龙江', en: 'Heilongjiang' },
  31: { zh: '上海', en: 'Shanghai' },
  32: { zh: '江苏', en: 'Jiangsu' },
  33: { zh: '浙江', en: 'Zhejiang' },
  34: { zh: '安徽', en: 'Anhui' },
  35: { zh: '福建', en: 'Fujian' },
  36: { zh: '江西', en: 'Jiangxi' },
  37: { zh: '山东', en: 'Shandong' },
  41: { zh: '河南', en: 'Henan' },
  42: { zh: '湖北', en: 'Hubei' },
  43: { zh: '湖南', en: 'Hunan' },
  44: { zh: '广东', en: 'Guangdong' },
  45: { zh: '广西', en: 'Guangxi' },
  46: { zh: '海南', en: 'Hainan' },
  50: { zh: '重庆', en: 'Chongqing' },
  51: { zh: '四川', en: 'Sichuan' },
  52: { zh: '贵州', en: 'Guizhou' },
  53: { zh: '云南', en: 'Yunnan' },
  54: { zh: '西藏', en: 'Tibet' },
  61: { zh: '陕西', en: 'Shaanxi' },
  62: { zh: '甘肃', en: 'Gansu' },
  63: { zh: '青海', en: 'Qinghai' },
  64: { zh: '宁夏', en: 'Ningxia' },
  65: { zh: '新疆', en: 'Xinjiang' },
  71: { zh: '台湾', en: 'Taiwan' },
  81: { zh: '香港', en: 'Hong Kong' },
  82: { zh: '澳门', en: 'Macao' },
  91: { zh: '境外', en: 'Overseas' },
  0: { zh: '未知', en: 'Unknown' },
});

/** The province of an ID number (its first two digits), 0 when it names none: as the database's `id_province`. */
export function provinceOf(idNumber: string | null | undefined): number {
  const code = Number((idNumber ?? '').slice(0, 2));
  return /^\d{2}/.test(idNumber ?? '') && code !== 0 && code in Province ? code : 0;
}

export const OriginQuerySchema = reportQuerySchema({});
export type OriginQuery = z.infer<typeof OriginQuerySchema>;
export const OriginExportSchema = reportExportSchema({}, ['provinces']);

const visitors = { zh: '游客人数', en: 'Visitors' };

export const originReport: ReportDefinition = {
  api: originApi,
  fileName: { zh: '客源地分析', en: 'Visitor origins' },
  figures: [
    { key: 'visitors', label: visitors, kind: 'number', previous: 'visitorsPrevious' },
    { key: 'identified', label: { zh: '可识别客源', en: 'Origin known' }, kind: 'number' },
    { key: 'provinces', label: { zh: '客源省份数', en: 'Provinces' }, kind: 'number' },
  ],
  tables: [
    {
      key: 'provinces',
      title: { zh: '按省份', en: 'By province' },
      columns: [
        { key: 'province', header: { zh: '省份', en: 'Province' }, kind: 'dict', dict: Province },
        { key: 'visitors', header: visitors, kind: 'number' },
        { key: 'share', header: { zh: '占比', en: 'Share' }, kind: 'permille' },
      ],
    },
  ],
};
