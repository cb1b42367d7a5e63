import { useTranslation } from 'react-i18next';
import {
  ShopCarouselCreateSchema,
  ShopCarouselUpdateSchema,
  shopCarouselApi,
  type ShopCarouselRow,
} from '../../../shared/api/shop-content.ts';
import { EnableStatus } from '../../../shared/dict/account.ts';
import {
  CAROUSEL_LINK,
  CarouselDisplay,
  CarouselLinkType,
  ShopContentField,
} from '../../../shared/dict/shop-content.ts';
import { defineListPage, ListPage } from '../../components/list-page/index.ts';
import { windowColumns, windowFields } from './shop-content-fields.tsx';
import { LinkTargetField, LinkUrlField, Thumb } from './shop-content-parts.tsx';
import { ImageField } from './shop-parts.tsx';

function LinkTarget({ row }: { row: ShopCarouselRow }) {
  const { t } = useTranslation('shopContent');
  if (row.linkType === CAROUSEL_LINK.url) return row.linkUrl;
  if (row.linkType === CAROUSEL_LINK.none) return null;
  return row.linkName ?? t('linkGone');
}

const definition = defineListPage<ShopCarouselRow>({
  id: 'shop.carousel',
  url: shopCarouselApi.page,
  exportUrl: shopCarouselApi.export,
  rowKey: 'id',
  defaultSort: { sort: 'sort', order: 'asc' },
  perms: {
    export: 'shop:carousel:page',
    create: 'shop:carousel:edit',
    update: 'shop:carousel:edit',
    delete: 'shop:carousel:edit',
    status: 'shop:carousel:edit',
  },
  search: [
    {
      kind: 'text',
      name: 'title',
      label: ShopContentField.title,
      placeholder: 'shopContent:titlePlaceholder',
      maxLength: 30,
    },
    { kind: 'dict', name: 'display', label: ShopContentField.display, dict: CarouselDisplay },
    { kind: 'dict', name: 'linkType', label: ShopContentField.linkType, dict: CarouselLinkType },
    { kind: 'dict', name: 'status', label: ShopContentField.status, dict: EnableStatus },
  ],
  columns: [
    {
      key: 'image',
      title: ShopContentField.image,
      width: 90,
      render: (value) => <Thumb src={String(value)} />,
    },
    { key: 'title', title: ShopContentField.title, width: 170, ellipsis: true },
    { key: 'display', title: ShopContentField.display, kind: 'dict', dict: CarouselDisplay, width: 90 },
    { key: 'linkType', title: ShopContentField.linkType, kind: 'dict', dict: CarouselLinkType, width: 100 },
    {
      key: 'linkName',
      title: ShopContentField.linkTarget,
      width: 180,
      ellipsis: true,
      render: (_, row) => <LinkTarget row={row} />,
    },
    ...windowColumns<ShopCarouselRow>({ sortable: true }),
  ],
  form: {
    createUrl: shopCarouselApi.create,
    updateUrl: shopCarouselApi.update,
    createSchema: ShopCarouselCreateSchema,
    updateSchema: ShopCarouselUpdateSchema,
    width: 640,
    fields: [
      { name: 'title', label: ShopContentField.title, required: true, maxLength: 30 },
      {
        name: 'image',
        label: ShopContentField.image,
        kind: 'custom',
        required: true,
        render: () => <ImageField />,
      },
      { name: 'display', label: ShopContentField.display, kind: 'dict', dict: CarouselDisplay },
      { name: 'linkType', label: ShopContentField.linkType, kind: 'dict', dict: CarouselLinkType },
      {
        name: 'linkId',
        label: ShopContentField.linkTarget,
        kind: 'custom',
        render: () => <LinkTargetField />,
      },
      {
        name: 'linkUrl',
        label: ShopContentField.linkUrl,
        kind: 'custom',
        extra: 'shopContent:urlHint',
        render: () => <LinkUrlField />,
      },
      ...windowFields,
    ],
    initialValues: { image: '', display: 1, linkType: CAROUSEL_LINK.none, linkUrl: '', sort: 0, status: 1 },
    // goods and articles are numbered apart: a target chosen under one type is not one of the other
    clears: { linkType: ['linkId'] },
    toValues: (row) => ({
      title: row.title,
      image: row.image,
      display: row.display,
      linkType: row.linkType,
      linkId: row.linkId,
      linkUrl: row.linkUrl,
      startTime: row.startTime,
      endTime: row.endTime,
      sort: row.sort,
      status: row.status,
    }),
    // an emptied field is sent as empty (the form leaves out what is null)
    toBody: (values, row) => ({
      ...values,
      linkId: values.linkId ?? null,
      linkUrl: values.linkUrl ?? '',
      startTime: values.startTime ?? null,
      endTime: values.endTime ?? null,
      ...(row ? { id: row.id } : {}),
    }),
  },
  delete: { url: shopCarouselApi.delete, confirm: 'shopContent:deleteCarouselConfirm' },
  status: { url: shopCarouselApi.status },
  actionWidth: 160,
});

/** docs/product.md §2 /shop/carousel: banners (display 1 carousel, 2 list) with a link and a time window. */
export default function CarouselPage() {
  return <ListPage definition={definition} />;
}
