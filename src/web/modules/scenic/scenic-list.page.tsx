import { scenicApi, type ScenicRow } from '../../../shared/api/scenic.ts';
import { EnableStatus } from '../../../shared/dict/account.ts';
import { defineListPage, ListPage } from '../../components/list-page/index.ts';

const definition = defineListPage<ScenicRow>({
  id: 'scenic.sceManage',
  url: scenicApi.page,
  rowKey: 'id',
  perms: {},
  search: [
    {
      kind: 'text',
      name: 'name',
      label: 'scenic:name',
      placeholder: 'scenic:namePlaceholder',
      maxLength: 100,
    },
    { kind: 'dict', name: 'status', label: 'scenic:status', dict: EnableStatus },
  ],
  columns: [
    { key: 'code', title: 'scenic:code', sortable: true, width: 140 },
    { key: 'name', title: 'scenic:name', sortable: true, ellipsis: true, width: 200 },
    { key: 'contact', title: 'scenic:contact', width: 120 },
    { key: 'phone', title: 'scenic:phone', width: 140 },
    { key: 'address', title: 'scenic:address', ellipsis: true, width: 260 },
    { key: 'status', title: 'scenic:status', kind: 'dict', dict: EnableStatus, width: 100 },
    { key: 'createTime', title: 'scenic:createTime', kind: 'dateTime', sortable: true, width: 180 },
  ],
});

/** The scenic areas the caller may see (all of them for a platform administrator). */
export default function ScenicListPage() {
  return <ListPage definition={definition} />;
}
