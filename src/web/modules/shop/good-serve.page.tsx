import {
  ShopServiceCreateSchema,
  ShopServiceUpdateSchema,
  shopServiceApi,
  type ShopServiceRow,
} from '../../../shared/api/shop-content.ts';
import { ServiceStatus } from '../../../shared/dict/shop.ts';
import { ShopContentField } from '../../../shared/dict/shop-content.ts';
import { defineListPage, ListPage } from '../../components/list-page/index.ts';

const definition = defineListPage<ShopServiceRow>({
  id: 'shop.goodServe',
  url: shopServiceApi.page,
  exportUrl: shopServiceApi.export,
  rowKey: 'id',
  defaultSort: { sort: 'sort', order: 'asc' },
  perms: {
    export: 'shop:goodServe:page',
    create: 'shop:goodServe:edit',
    update: 'shop:goodServe:edit',
    delete: 'shop:goodServe:edit',
    status: 'shop:goodServe:edit',
  },
  search: [
    {
      kind: 'text',
      name: 'name',
      label: ShopContentField.serviceName,
      placeholder: 'shopContent:namePlaceholder',
      maxLength: 30,
    },
    { kind: 'dict', name: 'status', label: ShopContentField.status, dict: ServiceStatus },
  ],
  columns: [
    { key: 'name', title: ShopContentField.serviceName, sortable: true, width: 180 },
    { key: 'description', title: ShopContentField.description, ellipsis: true },
    { key: 'goodsCount', title: ShopContentField.goods, width: 90 },
    { key: 'sort', title: ShopContentField.sort, sortable: true, width: 80 },
    { key: 'status', title: ShopContentField.status, kind: 'dict', dict: ServiceStatus, width: 90 },
    { key: 'createTime', title: ShopContentField.createTime, kind: 'dateTime', sortable: true, width: 170 },
  ],
  form: {
    createUrl: shopServiceApi.create,
    updateUrl: shopServiceApi.update,
    createSchema: ShopServiceCreateSchema,
    updateSchema: ShopServiceUpdateSchema,
    fields: [
      { name: 'name', label: ShopContentField.serviceName, required: true, maxLength: 30 },
      { name: 'description', label: ShopContentField.description, kind: 'textarea', maxLength: 200 },
      { name: 'sort', label: ShopContentField.sort, kind: 'number', min: 0, max: 9999 },
      { name: 'status', label: ShopContentField.status, kind: 'dict', dict: ServiceStatus },
    ],
    initialValues: { description: '', sort: 0, status: 1 },
  },
  delete: { url: shopServiceApi.delete, confirm: 'shopContent:deleteServiceConfirm' },
  status: { url: shopServiceApi.status, enabled: 1, disabled: 2 },
});

/** docs/product.md §2 /shop/goodServe: the service items goods show; 1 effective, 2 invalid (§4). */
export default function GoodServePage() {
  return <ListPage definition={definition} />;
}
