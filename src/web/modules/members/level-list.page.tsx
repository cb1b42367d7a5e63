import { memberLevelApi, type MemberLevelRow } from '../../../shared/api/members.ts';
import { EnableStatus } from '../../../shared/dict/account.ts';
import { LevelBasis, MemberField } from '../../../shared/dict/members.ts';
import { EditInEditor, NewInEditor } from '../../components/editor-page.tsx';
import { defineListPage, ListPage } from '../../components/list-page/index.ts';
import { DiscountText, ThresholdText } from './level-parts.tsx';
import { LEVEL_DETAIL_PATH } from './paths.ts';

const definition = defineListPage<MemberLevelRow>({
  id: 'user.memberRank',
  url: memberLevelApi.page,
  rowKey: 'id',
  perms: { delete: 'admin:memberRank:edit' },
  search: [
    { kind: 'text', name: 'name', label: MemberField.levelName, maxLength: 30 },
    { kind: 'dict', name: 'basis', label: MemberField.basis, dict: LevelBasis },
    { kind: 'dict', name: 'status', label: MemberField.status, dict: EnableStatus },
  ],
  columns: [
    {
      key: 'badge',
      title: MemberField.badge,
      width: 80,
      render: (value) => (value ? <img src={String(value)} alt="" width={40} height={40} /> : null),
    },
    { key: 'name', title: MemberField.levelName, width: 120 },
    { key: 'basis', title: MemberField.basis, kind: 'dict', dict: LevelBasis, width: 110 },
    {
      key: 'threshold',
      title: MemberField.threshold,
      sortable: true,
      width: 140,
      render: (_, row) => <ThresholdText level={row} />,
    },
    {
      key: 'discount',
      title: MemberField.discount,
      sortable: true,
      width: 120,
      render: (value) => <DiscountText discount={Number(value)} short />,
    },
    { key: 'members', title: MemberField.members, width: 90 },
    { key: 'status', title: MemberField.status, kind: 'dict', dict: EnableStatus, width: 90 },
    { key: 'benefits', title: MemberField.benefits, ellipsis: true, width: 260 },
    { key: 'createTime', title: MemberField.createTime, kind: 'dateTime', hidden: true },
  ],
  delete: { url: memberLevelApi.delete, confirm: 'members:deleteLevelConfirm' },
  toolbar: () => (
    <NewInEditor perm="admin:memberRank:edit" path={LEVEL_DETAIL_PATH} text="members:newLevel" />
  ),
  rowActions: (row) => (
    <EditInEditor
      perm="admin:memberRank:edit"
      path={LEVEL_DETAIL_PATH}
      id={row.id}
      text="members:edit"
      icon={null}
    />
  ),
  actionWidth: 140,
});

/** docs/product.md §2 /user/memberRank: the levels members reach by spend or points, and their discounts. */
export default function LevelListPage() {
  return <ListPage definition={definition} />;
}
