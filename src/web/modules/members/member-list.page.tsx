import { Avatar } from 'antd';
import { useMemo } from 'react';
import { userApi, MemberUpdateSchema, type MemberRow } from '../../../shared/api/members.ts';
import type { DictEntry } from '../../../shared/dict/dict.ts';
import { MemberField, MemberSource, MemberStatus } from '../../../shared/dict/members.ts';
import defaultAvatar from '../../assets/default-avatar.svg';
import { defineListPage, ListPage } from '../../components/list-page/index.ts';
import { useLevels } from './level-options.ts';
import { MemberRowActions, PhoneText } from './member-actions.tsx';

function useDefinition(levelDict: Record<number, DictEntry>) {
  return useMemo(
    () =>
      defineListPage<MemberRow>({
        id: 'user.user',
        url: userApi.page,
        exportUrl: userApi.export,
        rowKey: 'id',
        perms: { update: 'admin:user:update', export: 'admin:user:page' },
        search: [
          {
            kind: 'text',
            name: 'phone',
            label: MemberField.phone,
            placeholder: 'members:phonePlaceholder',
            maxLength: 20,
          },
          { kind: 'text', name: 'nickname', label: MemberField.nickname, maxLength: 50 },
          { kind: 'dict', name: 'levelId', label: MemberField.level, dict: levelDict, width: 160 },
          { kind: 'dict', name: 'status', label: MemberField.status, dict: MemberStatus },
          { kind: 'dict', name: 'source', label: MemberField.source, dict: MemberSource },
          {
            kind: 'dateRange',
            name: 'registered',
            label: MemberField.registeredAt,
            from: 'registeredFrom',
            to: 'registeredTo',
          },
        ],
        columns: [
          {
            key: 'avatar',
            title: MemberField.avatar,
            width: 64,
            render: (value) => <Avatar src={String(value || defaultAvatar)} alt="" />,
          },
          { key: 'phone', title: MemberField.phone, width: 124, render: (_, row) => <PhoneText row={row} /> },
          { key: 'nickname', title: MemberField.nickname, width: 110 },
          { key: 'levelName', title: MemberField.level, width: 100 },
          { key: 'balance', title: MemberField.balance, kind: 'money', sortable: true, width: 110 },
          { key: 'points', title: MemberField.points, sortable: true, width: 84 },
          { key: 'totalSpend', title: MemberField.totalSpend, kind: 'money', sortable: true, hidden: true },
          { key: 'source', title: MemberField.source, kind: 'dict', dict: MemberSource, width: 110 },
          { key: 'status', title: MemberField.status, kind: 'dict', dict: MemberStatus, width: 84 },
          { key: 'registeredAt', title: MemberField.registeredAt, kind: 'dateTime', sortable: true },
        ],
        form: {
          updateUrl: userApi.update,
          updateSchema: MemberUpdateSchema,
          fields: [
            { name: 'nickname', label: MemberField.nickname, kind: 'text', maxLength: 50 },
            {
              name: 'levelId',
              label: MemberField.level,
              kind: 'dict',
              dict: levelDict,
              extra: 'members:levelEditHint',
            },
          ],
          toValues: (row) => ({ nickname: row.nickname, levelId: row.levelId ?? undefined }),
          container: 'modal',
          width: 480,
        },
        rowActions: (row, { reload }) => <MemberRowActions row={row} reload={reload} />,
        actionWidth: 280,
      }),
    [levelDict],
  );
}

/** docs/product.md §2 /user/user: the area's members, their balance and counter consumption. */
export default function MemberListPage() {
  const { dict } = useLevels();
  return <ListPage definition={useDefinition(dict)} />;
}
