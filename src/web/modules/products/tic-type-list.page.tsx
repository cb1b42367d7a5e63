import {
  TicTypeCreateSchema,
  TicTypeUpdateSchema,
  ticTypeApi,
  type TicTypeRow,
} from '../../../shared/api/products.ts';
import { EnableStatus } from '../../../shared/dict/account.ts';
import { TicTypeField } from '../../../shared/dict/product-fields.ts';
import { defineListPage, ListPage } from '../../components/list-page/index.ts';

const definition = defineListPage<TicTypeRow>({
  id: 'ticket.ticType',
  url: ticTypeApi.page,
  exportUrl: ticTypeApi.export,
  rowKey: 'id',
  perms: {
    create: 'admin:ticType:create',
    update: 'admin:ticType:update',
    delete: 'admin:ticType:delete',
    status: 'admin:ticType:update',
    export: 'admin:ticType:page',
  },
  search: [
    { kind: 'text', name: 'name', label: TicTypeField.name, maxLength: 50 },
    { kind: 'dict', name: 'status', label: TicTypeField.status, dict: EnableStatus },
  ],
  columns: [
    { key: 'name', title: TicTypeField.name, sortable: true },
    { key: 'sort', title: TicTypeField.sort, sortable: true, width: 90 },
    { key: 'status', title: TicTypeField.status, kind: 'dict', dict: EnableStatus, width: 100 },
    { key: 'productCount', title: TicTypeField.productCount, width: 120 },
    { key: 'remark', title: TicTypeField.remark, ellipsis: true },
    { key: 'createTime', title: TicTypeField.createTime, kind: 'dateTime', sortable: true },
    { key: 'updateTime', title: TicTypeField.updateTime, kind: 'dateTime', hidden: true },
  ],
  form: {
    createUrl: ticTypeApi.create,
    updateUrl: ticTypeApi.update,
    createSchema: TicTypeCreateSchema,
    updateSchema: TicTypeUpdateSchema,
    fields: [
      { name: 'name', label: TicTypeField.name, required: true, maxLength: 50 },
      { name: 'sort', label: TicTypeField.sort, kind: 'number', min: 0, max: 9999 },
      { name: 'status', label: TicTypeField.status, kind: 'dict', dict: EnableStatus, required: true },
      { name: 'remark', label: TicTypeField.remark, kind: 'textarea', maxLength: 200 },
    ],
    initialValues: { sort: 0, status: 1 },
  },
  delete: { url: ticTypeApi.delete },
  status: { url: ticTypeApi.status },
});

/** docs/product.md §2 /ticket/ticType: the area's ticket categories. */
export default function TicTypeListPage() {
  return <ListPage definition={definition} />;
}
