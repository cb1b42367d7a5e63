import { Space, Tag, Tooltip } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  accountApi,
  AccountCreateSchema,
  AccountUpdateSchema,
  type AccountRow,
} from '../../../shared/api/accounts.ts';
import { PasswordSchema } from '../../../shared/api/auth.ts';
import { ADM_TYPE, AdmType, EnableStatus, PayType } from '../../../shared/dict/account.ts';
import { AccountField } from '../../../shared/dict/sys-fields.ts';
import { DictTag } from '../../components/dict-tag.tsx';
import { defineListPage, ListPage } from '../../components/list-page/index.ts';
import { encryptSensitive } from '../../lib/auth.ts';
import { useUser } from '../../lib/session.ts';
import { ResetPasswordAction, StatusAction } from './account-actions.tsx';
import {
  InitialPasswordField,
  PayTypeField,
  RolesField,
  rolesDict,
  useRoleOptions,
} from './account-fields.tsx';

// The form checks the clear password with the shared rule; it is encrypted only afterwards.
const CreateFormSchema = AccountCreateSchema.extend({ password: PasswordSchema });

const ALL_TYPES = [ADM_TYPE.platform, ADM_TYPE.staff, ADM_TYPE.distributor, ADM_TYPE.shop];
const AREA_TYPES = [ADM_TYPE.staff, ADM_TYPE.distributor, ADM_TYPE.shop];

function RoleTags({ row }: { row: AccountRow }) {
  return (
    <Space size={[0, 4]} wrap>
      {row.roles.map((r) => (
        <Tooltip key={r.id} title={r.code}>
          <Tag>{r.name}</Tag>
        </Tooltip>
      ))}
    </Space>
  );
}

function StatusCell({ row }: { row: AccountRow }) {
  const { t } = useTranslation('accounts');
  const locked = !!row.lockedUntil && new Date(row.lockedUntil).getTime() > Date.now();
  return (
    <Space size={[0, 4]} wrap>
      <DictTag dict={EnableStatus} value={row.status} />
      {row.mustChangePassword && <Tag color="warning">{t('mustChange')}</Tag>}
      {locked && <Tag color="error">{t('locked')}</Tag>}
    </Space>
  );
}

/** docs/product.md §2 /sys/admin, §6: the acting scenic area's accounts, their types and roles. */
export default function AdminListPage() {
  const platform = useUser()?.admType === ADM_TYPE.platform;
  const roles = useRoleOptions().data;
  const roleFilter = useMemo(() => rolesDict(roles), [roles]);

  const definition = useMemo(
    () =>
      defineListPage<AccountRow>({
        id: 'sys.admin',
        url: accountApi.page,
        exportUrl: accountApi.export,
        rowKey: 'id',
        perms: {
          create: 'admin:admin:create',
          update: 'admin:admin:update',
          delete: 'admin:admin:delete',
          status: 'admin:admin:update',
          export: 'admin:admin:page',
        },
        search: [
          { kind: 'text', name: 'username', label: AccountField.username, maxLength: 64 },
          { kind: 'text', name: 'nickname', label: AccountField.nickname, maxLength: 64 },
          { kind: 'dict', name: 'admType', label: AccountField.admType, dict: AdmType },
          { kind: 'dict', name: 'status', label: AccountField.status, dict: EnableStatus },
          { kind: 'dict', name: 'roleId', label: 'accounts:role', dict: roleFilter, width: 180 },
        ],
        columns: [
          { key: 'username', title: AccountField.username, sortable: true },
          { key: 'nickname', title: AccountField.nickname },
          { key: 'admType', title: AccountField.admType, kind: 'dict', dict: AdmType },
          { key: 'payType', title: AccountField.payType, kind: 'dict', dict: PayType },
          { key: 'roles', title: AccountField.roles, render: (_, row) => <RoleTags row={row} /> },
          { key: 'status', title: AccountField.status, render: (_, row) => <StatusCell row={row} /> },
          { key: 'lastLoginTime', title: AccountField.lastLoginTime, kind: 'dateTime', sortable: true },
          { key: 'createTime', title: AccountField.createTime, kind: 'dateTime', sortable: true },
          { key: 'introduction', title: AccountField.introduction, hidden: true, ellipsis: true, width: 200 },
        ],
        form: {
          createUrl: accountApi.create,
          updateUrl: accountApi.update,
          createSchema: CreateFormSchema,
          updateSchema: AccountUpdateSchema,
          width: 520,
          fields: [
            { name: 'username', label: 'accounts:username', required: true, createOnly: true, maxLength: 64 },
            { name: 'nickname', label: 'accounts:nickname', required: true, maxLength: 64 },
            {
              name: 'password',
              label: 'accounts:initialPassword',
              kind: 'custom',
              required: true,
              render: ({ mode }) => <InitialPasswordField mode={mode} />,
            },
            // docs/accounts.md: only a platform administrator creates platform administrators
            {
              name: 'admType',
              label: 'accounts:admType',
              kind: 'dict',
              dict: AdmType,
              codes: platform ? ALL_TYPES : AREA_TYPES,
              required: true,
            },
            { name: 'payType', label: 'accounts:payType', kind: 'custom', render: () => <PayTypeField /> },
            { name: 'roleIds', label: 'accounts:roles', kind: 'custom', render: () => <RolesField /> },
            { name: 'status', label: 'accounts:status', kind: 'dict', dict: EnableStatus, createOnly: true },
            {
              name: 'avatar',
              label: 'accounts:avatar',
              maxLength: 500,
              extra: 'accounts:avatarHint',
              placeholder: 'accounts:avatarPlaceholder',
            },
            { name: 'introduction', label: 'accounts:introduction', kind: 'textarea', maxLength: 500 },
          ],
          initialValues: { admType: ADM_TYPE.staff, payType: 0, status: 1, roleIds: [] },
          toValues: (row) => ({
            username: row.username,
            nickname: row.nickname,
            admType: row.admType,
            payType: row.payType,
            status: row.status,
            roleIds: row.roles.map((r) => r.id),
            avatar: row.avatar,
            introduction: row.introduction,
          }),
          toBody: (values, row) => {
            const body = { ...values };
            // the server insists on 0 for every type but distributors
            if (body.admType !== ADM_TYPE.distributor) body.payType = 0;
            return row ? { id: row.id, ...body } : body;
          },
          beforeSubmit: async (body, mode) => {
            if (mode !== 'create') return body;
            const values = body as { password: string };
            return { ...values, password: await encryptSensitive(values.password) };
          },
        },
        delete: { url: accountApi.delete },
        status: { url: accountApi.status },
        rowActions: (row, { reload }) => (
          <>
            <StatusAction row={row} onDone={reload} />
            <ResetPasswordAction row={row} onDone={reload} />
          </>
        ),
        actionWidth: 260,
      }),
    [platform, roleFilter],
  );

  return <ListPage definition={definition} />;
}
