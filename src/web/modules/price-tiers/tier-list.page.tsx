import {
  priceTierApi,
  PriceTierCreateSchema,
  PriceTierUpdateSchema,
  type PriceTierRow,
} from '../../../shared/api/price-tiers.ts';
import { EnableStatus } from '../../../shared/dict/account.ts';
import { PriceTierField } from '../../../shared/dict/price-tiers.ts';
import { defineListPage, ListPage } from '../../components/list-page/index.ts';
import { AssignButton, PricesButton } from './tier-parts.tsx';

const EDIT = 'admin:retailRole:edit';

const definition = defineListPage<PriceTierRow>({
  id: 'disManage.retailrole',
  url: priceTierApi.page,
  exportUrl: priceTierApi.export,
  rowKey: 'id',
  perms: { create: EDIT, update: EDIT, delete: EDIT, status: EDIT, export: 'admin:retailRole:page' },
  search: [
    { kind: 'text', name: 'name', label: PriceTierField.name, maxLength: 50 },
    { kind: 'dict', name: 'status', label: PriceTierField.status, dict: EnableStatus },
  ],
  columns: [
    { key: 'name', title: PriceTierField.name, sortable: true, width: 180 },
    { key: 'status', title: PriceTierField.status, kind: 'dict', dict: EnableStatus, width: 90 },
    { key: 'lineCount', title: PriceTierField.lineCount, width: 100 },
    { key: 'distributorCount', title: PriceTierField.distributorCount, width: 100 },
    { key: 'remark', title: PriceTierField.remark, ellipsis: true, width: 240 },
    { key: 'createTime', title: PriceTierField.createTime, kind: 'dateTime', sortable: true, width: 170 },
  ],
  form: {
    createUrl: priceTierApi.create,
    updateUrl: priceTierApi.update,
    createSchema: PriceTierCreateSchema,
    updateSchema: PriceTierUpdateSchema,
    fields: [
      { name: 'name', label: PriceTierField.name, kind: 'text', maxLength: 50, required: true },
      { name: 'status', label: PriceTierField.status, kind: 'dict', dict: EnableStatus },
      { name: 'remark', label: PriceTierField.remark, kind: 'textarea', maxLength: 200 },
    ],
    initialValues: { status: 1 },
  },
  delete: { url: priceTierApi.delete, confirm: 'priceTiers:deleteConfirm' },
  status: { url: priceTierApi.status },
  rowActions: (row, { reload }) => (
    <>
      <PricesButton tier={row} />
      <AssignButton tier={row} onDone={reload} />
    </>
  ),
  actionWidth: 280,
});

/** docs/product.md §2 /disManage/retailrole: price tiers, their prices per product and dates, their distributors. */
export default function TierListPage() {
  return <ListPage definition={definition} />;
}
