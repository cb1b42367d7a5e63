import { useTranslation } from 'react-i18next';
import {
  HomeModuleCreateSchema,
  HomeModuleUpdateSchema,
  homeModuleApi,
  type HomeModuleRow,
} from '../../../shared/api/shop-content.ts';
import { EnableStatus } from '../../../shared/dict/account.ts';
import {
  HOME_MODULE_KIND,
  HomeModuleKind,
  HomeModuleLayout,
  ShopContentField,
} from '../../../shared/dict/shop-content.ts';
import { defineListPage, ListPage } from '../../components/list-page/index.ts';
import { windowColumns, windowFields } from './shop-content-fields.tsx';
import { ModuleCategoryField, ModuleGoodsField, NameTags } from './shop-content-parts.tsx';

function ModuleContent({ row }: { row: HomeModuleRow }) {
  const { t } = useTranslation('shopContent');
  if (row.kind === HOME_MODULE_KIND.goods) return <NameTags items={row.goods} />;
  return row.categoryName
    ? t('categoryContent', { name: row.categoryName, n: row.goodsLimit })
    : t('linkGone');
}

const definition = defineListPage<HomeModuleRow>({
  id: 'shop.homeModule',
  url: homeModuleApi.page,
  exportUrl: homeModuleApi.export,
  rowKey: 'id',
  defaultSort: { sort: 'sort', order: 'asc' },
  perms: {
    export: 'shop:homeModule:page',
    create: 'shop:homeModule:edit',
    update: 'shop:homeModule:edit',
    delete: 'shop:homeModule:edit',
  },
  search: [
    {
      kind: 'text',
      name: 'title',
      label: ShopContentField.moduleTitle,
      placeholder: 'shopContent:titlePlaceholder',
      maxLength: 30,
    },
    { kind: 'dict', name: 'kind', label: ShopContentField.kind, dict: HomeModuleKind },
    { kind: 'dict', name: 'status', label: ShopContentField.status, dict: EnableStatus },
  ],
  columns: [
    { key: 'title', title: ShopContentField.moduleTitle, sortable: true, width: 150 },
    { key: 'kind', title: ShopContentField.kind, kind: 'dict', dict: HomeModuleKind, width: 100 },
    { key: 'goods', title: ShopContentField.goods, render: (_, row) => <ModuleContent row={row} /> },
    { key: 'layout', title: ShopContentField.layout, kind: 'dict', dict: HomeModuleLayout, width: 110 },
    ...windowColumns<HomeModuleRow>(),
  ],
  form: {
    createUrl: homeModuleApi.create,
    updateUrl: homeModuleApi.update,
    createSchema: HomeModuleCreateSchema,
    updateSchema: HomeModuleUpdateSchema,
    width: 640,
    fields: [
      { name: 'title', label: ShopContentField.moduleTitle, required: true, maxLength: 30 },
      { name: 'kind', label: ShopContentField.kind, kind: 'dict', dict: HomeModuleKind },
      {
        name: 'goodsIds',
        label: ShopContentField.goods,
        kind: 'custom',
        extra: 'shopContent:goodsOrderHint',
        render: () => <ModuleGoodsField />,
      },
      {
        name: 'categoryId',
        label: ShopContentField.category,
        kind: 'custom',
        render: () => <ModuleCategoryField />,
      },
      {
        name: 'goodsLimit',
        label: ShopContentField.goodsLimit,
        kind: 'number',
        min: 1,
        max: 50,
        extra: 'shopContent:goodsLimitHint',
      },
      { name: 'layout', label: ShopContentField.layout, kind: 'dict', dict: HomeModuleLayout },
      ...windowFields,
    ],
    initialValues: {
      kind: HOME_MODULE_KIND.goods,
      goodsIds: [],
      goodsLimit: 6,
      layout: 1,
      sort: 0,
      status: 1,
    },
    toValues: (row) => ({
      title: row.title,
      kind: row.kind,
      goodsIds: row.goodsIds,
      categoryId: row.categoryId,
      goodsLimit: row.goodsLimit,
      layout: row.layout,
      startTime: row.startTime,
      endTime: row.endTime,
      sort: row.sort,
      status: row.status,
    }),
    // only the content of the chosen kind is sent; an emptied window end is sent as open
    toBody: (values, row) => {
      const goods = values.kind === HOME_MODULE_KIND.goods;
      return {
        ...values,
        goodsIds: goods ? (values.goodsIds ?? []) : [],
        categoryId: goods ? null : (values.categoryId ?? null),
        startTime: values.startTime ?? null,
        endTime: values.endTime ?? null,
        ...(row ? { id: row.id } : {}),
      };
    },
  },
  delete: { url: homeModuleApi.delete, confirm: 'shopContent:deleteModuleConfirm' },
});

/** docs/product.md §2 /shop/homeModule: the mini-program's home page, built from modules (spec §7 module calls). */
export default function HomeModulePage() {
  return <ListPage definition={definition} />;
}
