import { cardKindApi, type CardKindRow } from '../../../shared/api/cards.ts';
import { CardKindField, CardSaleSource, CardValidityType } from '../../../shared/dict/cards.ts';
import { ShelfStatus } from '../../../shared/dict/product.ts';
import { EditInEditor, NewInEditor } from '../../components/editor-page.tsx';
import { defineListPage, ListPage } from '../../components/list-page/index.ts';
import { ChannelTags, EntryText, ShelfSwitch, ValidityText } from './card-kind-parts.tsx';
import { CardCodesLink } from './card-code-actions.tsx';
import { KIND_DETAIL_PATH } from './paths.ts';

const UPDATE = 'admin:card:kind:update';

const definition = defineListPage<CardKindRow>({
  id: 'VipCard.vipUseAssort',
  url: cardKindApi.page,
  exportUrl: cardKindApi.export,
  rowKey: 'id',
  perms: { delete: UPDATE, export: 'admin:card:kind:query' },
  search: [
    { kind: 'text', name: 'name', label: CardKindField.name, maxLength: 40 },
    { kind: 'dict', name: 'status', label: CardKindField.status, dict: ShelfStatus },
    { kind: 'dict', name: 'validityType', label: CardKindField.validityType, dict: CardValidityType },
    { kind: 'dict', name: 'channel', label: CardKindField.channels, dict: CardSaleSource },
  ],
  columns: [
    {
      key: 'cover',
      title: CardKindField.cover,
      width: 90,
      render: (value) => (value ? <img src={String(value)} alt="" width={56} height={40} /> : null),
    },
    { key: 'name', title: CardKindField.name, sortable: true, width: 160 },
    { key: 'price', title: CardKindField.price, kind: 'money', sortable: true, width: 100 },
    {
      key: 'validity',
      title: CardKindField.validity,
      width: 200,
      render: (_, row) => <ValidityText kind={row} />,
    },
    {
      key: 'entryRules',
      title: CardKindField.entryRules,
      width: 180,
      render: (_, row) => <EntryText kind={row} />,
    },
    {
      key: 'channels',
      title: CardKindField.channels,
      width: 220,
      render: (_, row) => <ChannelTags channels={row.channels} />,
    },
    { key: 'status', title: CardKindField.status, kind: 'dict', dict: ShelfStatus, width: 90 },
    { key: 'description', title: CardKindField.description, ellipsis: true, hidden: true },
    { key: 'createTime', title: CardKindField.createTime, kind: 'dateTime', sortable: true, hidden: true },
    { key: 'updateTime', title: CardKindField.updateTime, kind: 'dateTime', width: 170 },
  ],
  delete: { url: cardKindApi.delete, confirm: 'cards:deleteConfirm' },
  toolbar: () => <NewInEditor perm={UPDATE} path={KIND_DETAIL_PATH} />,
  rowActions: (row, { reload }) => (
    <>
      <EditInEditor perm={UPDATE} path={KIND_DETAIL_PATH} id={row.id} icon={null} />
      <ShelfSwitch kind={row} onDone={reload} />
      <CardCodesLink kindId={row.id} />
    </>
  ),
  actionWidth: 260,
});

/** docs/product.md §2 /VipCard/vipUseAssort: the kinds of travel card the area sells. */
export default function CardKindListPage() {
  return <ListPage definition={definition} />;
}
