import type {
  HomeModuleRow,
  ShopCarouselRow,
  ShopServeModelRow,
  ShopServiceRow,
} from '../../../../shared/api/shop-content.ts';
import { EnableStatus } from '../../../../shared/dict/account.ts';
import { dictLabel } from '../../../../shared/dict/dict.ts';
import { ServiceStatus } from '../../../../shared/dict/shop.ts';
import {
  CarouselDisplay,
  CarouselLinkType,
  HomeModuleKind,
  HomeModuleLayout,
  ShopContentField as F,
} from '../../../../shared/dict/shop-content.ts';
import { SysCellText } from '../../../../shared/dict/sys-fields.ts';
import { joinTexts, type ExportColumn } from '../../../http/export.ts';

/** The .xlsx columns of the four content lists (the screens' columns, labels in the user's language). */

const created = <R extends { createTime: string }>(): ExportColumn<R> => ({
  header: F.createTime,
  value: (r) => r.createTime,
  kind: 'datetime',
  width: 20,
});

export const SERVICE_EXPORT: ExportColumn<ShopServiceRow>[] = [
  { header: F.serviceName, value: (r) => r.name, width: 20 },
  { header: F.description, value: (r) => r.description, width: 40 },
  { header: F.goods, value: (r) => r.goodsCount, kind: 'number' },
  { header: F.sort, value: (r) => r.sort, kind: 'number' },
  { header: F.status, value: (r, lang) => dictLabel(ServiceStatus, r.status, lang) },
  created(),
];

export const SERVE_MODEL_EXPORT: ExportColumn<ShopServeModelRow>[] = [
  { header: F.templateName, value: (r) => r.name, width: 20 },
  {
    header: F.services,
    value: (r, lang) =>
      joinTexts(
        r.services.map((s) => s.name),
        lang,
      ),
    width: 40,
  },
  { header: F.isDefault, value: (r, lang) => (r.isDefault ? SysCellText.yes : SysCellText.no)[lang] },
  { header: F.sort, value: (r) => r.sort, kind: 'number' },
  { header: F.status, value: (r, lang) => dictLabel(ServiceStatus, r.status, lang) },
  created(),
];

export const CAROUSEL_EXPORT: ExportColumn<ShopCarouselRow>[] = [
  { header: F.title, value: (r) => r.title, width: 24 },
  { header: F.display, value: (r, lang) => dictLabel(CarouselDisplay, r.display, lang) },
  { header: F.linkType, value: (r, lang) => dictLabel(CarouselLinkType, r.linkType, lang) },
  { header: F.linkTarget, value: (r) => r.linkName ?? r.linkUrl, width: 30 },
  { header: F.startTime, value: (r) => r.startTime, kind: 'datetime', width: 20 },
  { header: F.endTime, value: (r) => r.endTime, kind: 'datetime', width: 20 },
  { header: F.sort, value: (r) => r.sort, kind: 'number' },
  { header: F.status, value: (r, lang) => dictLabel(EnableStatus, r.status, lang) },
  created(),
];

export const HOME_MODULE_EXPORT: ExportColumn<HomeModuleRow>[] = [
  { header: F.moduleTitle, value: (r) => r.title, width: 24 },
  { header: F.kind, value: (r, lang) => dictLabel(HomeModuleKind, r.kind, lang) },
  {
    header: F.goods,
    value: (r, lang) =>
      r.categoryName ??
      joinTexts(
        r.goods.map((g) => g.name),
        lang,
      ),
    width: 40,
  },
  { header: F.layout, value: (r, lang) => dictLabel(HomeModuleLayout, r.layout, lang) },
  { header: F.goodsLimit, value: (r) => r.goodsLimit, kind: 'number' },
  { header: F.startTime, value: (r) => r.startTime, kind: 'datetime', width: 20 },
  { header: F.endTime, value: (r) => r.endTime, kind: 'datetime', width: 20 },
  { header: F.sort, value: (r) => r.sort, kind: 'number' },
  { header: F.status, value: (r, lang) => dictLabel(EnableStatus, r.status, lang) },
  created(),
];
