import {
  ShopCategoryCreateSchema,
  ShopCategoryUpdateSchema,
  shopCategoryApi,
  type ShopCategoryRow,
} from '../../../shared/api/shop.ts';
import { EnableStatus } from '../../../shared/dict/account.ts';
import { ShopField } from '../../../shared/dict/shop.ts';
import { defineListPage, ListPage } from '../../components/list-page/index.ts';
import { ImageField, ParentSelect } from './shop-parts.tsx';

const definition = defineListPage<ShopCategoryRow>({
  id: 'shop.goodType',
  url: shopCategoryApi.page,
  exportUrl: shopCategoryApi.export,
  rowKey: 'id',
  perms: {
    export: 'shop:goodType:page',
    create: 'shop:goodType:create',
    update: 'shop:goodType:update',
    delete: 'shop:goodType:delete',
    status: 'shop:goodType:update',
  },
  search: [
    {
      kind: 'text',
      name: 'name',
      label: ShopField.categoryName,
      placeholder: 'shop:namePlaceholder',
      maxLength: 30,
    },
    { kind: 'dict', name: 'status', label: ShopField.status, dict: EnableStatus },
  ],
  columns: [
    { key: 'name', title: ShopField.categoryName, sortable: true, width: 220 },
    {
      key: 'icon',
      title: ShopField.icon,
      width: 80,
      render: (value) => (value ? <img src={String(value)} alt="" width={32} height={32} /> : null),
    },
    { key: 'goodsCount', title: ShopField.goodsCount, width: 100 },
    { key: 'sort', title: ShopField.sort, sortable: true, width: 80 },
    { key: 'status', title: ShopField.status, kind: 'dict', dict: EnableStatus, width: 90 },
    { key: 'createTime', title: ShopField.createTime, kind: 'dateTime', sortable: true },
  ],
  form: {
    createUrl: shopCategoryApi.create,
    updateUrl: shopCategoryApi.update,
    createSchema: ShopCategoryCreateSchema,
    updateSchema: ShopCategoryUpdateSchema,
    fields: [
      { name: 'name', label: ShopField.categoryName, required: true, maxLength: 30 },
      {
        name: 'parentId',
        label: ShopField.parent,
        kind: 'custom',
        extra: 'shop:parentHint',
        render: () => <ParentSelect />,
      },
      { name: 'icon', label: ShopField.icon, kind: 'custom', render: () => <ImageField /> },
      { name: 'sort', label: ShopField.sort, kind: 'number', min: 0, max: 9999 },
      { name: 'status', label: ShopField.status, kind: 'dict', dict: EnableStatus },
    ],
    initialValues: { parentId: null, icon: '', sort: 0, status: 1 },
    toValues: (row) => ({
      name: row.name,
      parentId: row.parentId,
      icon: row.icon,
      sort: row.sort,
      status: row.status,
    }),
    toBody: (values, row) => ({
      ...values,
      parentId: values.parentId ?? null,
      ...(row ? { id: row.id } : {}),
    }),
  },
  delete: { url: shopCategoryApi.delete },
  status: { url: shopCategoryApi.status },
});

/** docs/product.md §2 /shop/goodType: the goods categories, two levels, each with icon, sort and status. */
export default function GoodTypePage() {
  return <ListPage definition={definition} />;
}
