import {
  ShopServeModelCreateSchema,
  ShopServeModelUpdateSchema,
  shopServeModelApi,
  type ShopServeModelRow,
} from '../../../shared/api/shop-content.ts';
import { ServiceStatus } from '../../../shared/dict/shop.ts';
import { ShopContentField } from '../../../shared/dict/shop-content.ts';
import { defineListPage, ListPage } from '../../components/list-page/index.ts';
import { NameTags, ServiceItemsSelect } from './shop-content-parts.tsx';

const definition = defineListPage<ShopServeModelRow>({
  id: 'shop.serveModel',
  url: shopServeModelApi.page,
  exportUrl: shopServeModelApi.export,
  rowKey: 'id',
  defaultSort: { sort: 'sort', order: 'asc' },
  perms: {
    export: 'shop:serveModel:page',
    create: 'shop:serveModel:edit',
    update: 'shop:serveModel:edit',
    delete: 'shop:serveModel:edit',
    status: 'shop:serveModel:edit',
  },
  search: [
    {
      kind: 'text',
      name: 'name',
      label: ShopContentField.templateName,
      placeholder: 'shopContent:namePlaceholder',
      maxLength: 30,
    },
    { kind: 'dict', name: 'status', label: ShopContentField.status, dict: ServiceStatus },
  ],
  columns: [
    { key: 'name', title: ShopContentField.templateName, sortable: true, width: 160 },
    {
      key: 'services',
      title: ShopContentField.services,
      render: (_, row) => <NameTags items={row.services} />,
    },
    { key: 'isDefault', title: ShopContentField.isDefault, kind: 'boolean', width: 120 },
    { key: 'sort', title: ShopContentField.sort, sortable: true, width: 80 },
    { key: 'status', title: ShopContentField.status, kind: 'dict', dict: ServiceStatus, width: 90 },
    { key: 'createTime', title: ShopContentField.createTime, kind: 'dateTime', sortable: true, width: 170 },
  ],
  form: {
    createUrl: shopServeModelApi.create,
    updateUrl: shopServeModelApi.update,
    createSchema: ShopServeModelCreateSchema,
    updateSchema: ShopServeModelUpdateSchema,
    fields: [
      { name: 'name', label: ShopContentField.templateName, required: true, maxLength: 30 },
      {
        name: 'serviceIds',
        label: ShopContentField.services,
        kind: 'custom',
        required: true,
        render: () => <ServiceItemsSelect />,
      },
      {
        name: 'isDefault',
        label: ShopContentField.isDefault,
        kind: 'switch',
        extra: 'shopContent:isDefaultHint',
      },
      { name: 'sort', label: ShopContentField.sort, kind: 'number', min: 0, max: 9999 },
      { name: 'status', label: ShopContentField.status, kind: 'dict', dict: ServiceStatus },
    ],
    initialValues: { serviceIds: [], isDefault: false, sort: 0, status: 1 },
    toValues: (row) => ({
      name: row.name,
      serviceIds: row.serviceIds,
      isDefault: row.isDefault,
      sort: row.sort,
      status: row.status,
    }),
  },
  delete: { url: shopServeModelApi.delete, confirm: 'shopContent:deleteModelConfirm' },
  status: { url: shopServeModelApi.status, enabled: 1, disabled: 2 },
});

/** docs/product.md §2 /shop/serveModel: templates bundling service items, applied in the goods editor. */
export default function ServeModelPage() {
  return <ListPage definition={definition} />;
}
