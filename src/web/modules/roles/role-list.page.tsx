import { useQuery } from '@tanstack/react-query';
import { Tag } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import {
  roleApi,
  RoleCreateSchema,
  RoleUpdateSchema,
  type PermissionTree,
  type RoleRow,
} from '../../../shared/api/roles.ts';
import { ADM_TYPE, EnableStatus } from '../../../shared/dict/account.ts';
import { RoleField } from '../../../shared/dict/sys-fields.ts';
import { WILDCARD } from '../../../shared/perms.ts';
import { defineListPage, ListPage } from '../../components/list-page/index.ts';
import { get } from '../../lib/request.ts';
import { useUser } from '../../lib/session.ts';
import { PermissionTreeEditor } from './permission-tree.tsx';

/** The permission catalogue by module; it changes only with a new server version. */
export function usePermissionTree() {
  return useQuery({
    queryKey: ['roles', 'permissionTree'],
    queryFn: () => get<PermissionTree>(roleApi.permissionTree),
    staleTime: Infinity,
  });
}

/** The form control of a role's permissions (antd Form passes value and onChange). */
function PermissionsField(props: { value?: string[]; onChange?: (value: string[]) => void }) {
  const { data, isPending } = usePermissionTree();
  const user = useUser();
  const canGrantWildcard = user?.admType === ADM_TYPE.platform && user.authorities.includes(WILDCARD);
  return (
    <PermissionTreeEditor {...props} tree={data} loading={isPending} canGrantWildcard={canGrantWildcard} />
  );
}

function PermissionCount({ row }: { row: RoleRow }) {
  const { t } = useTranslation('roles');
  if (row.permissions.includes(WILDCARD)) return <Tag color="magenta">{t('allPermissions')}</Tag>;
  return <>{row.permissions.length}</>;
}

function Scope({ row }: { row: RoleRow }) {
  const { t } = useTranslation('roles');
  return row.platform ? <Tag color="purple">{t('platformRole')}</Tag> : <>{t('scopeArea')}</>;
}

/** docs/product.md §2 /sys/role, §6: roles of the acting scenic area with their permission tree. */
export default function RoleListPage() {
  const platform = useUser()?.admType === ADM_TYPE.platform;

  const definition = useMemo(
    () =>
      defineListPage<RoleRow>({
        id: 'sys.role',
        url: roleApi.page,
        exportUrl: roleApi.export,
        rowKey: 'id',
        perms: {
          create: 'admin:role:create',
          update: 'admin:role:update',
          delete: 'admin:role:delete',
          export: 'admin:role:page',
        },
        search: [
          { kind: 'text', name: 'code', label: RoleField.code, maxLength: 64 },
          { kind: 'text', name: 'name', label: RoleField.name, maxLength: 64 },
          { kind: 'dict', name: 'status', label: RoleField.status, dict: EnableStatus },
        ],
        columns: [
          { key: 'code', title: RoleField.code, sortable: true },
          { key: 'name', title: RoleField.name, sortable: true },
          { key: 'platform', title: RoleField.scope, render: (_, row) => <Scope row={row} /> },
          { key: 'remark', title: RoleField.remark, ellipsis: true, width: 240 },
          {
            key: 'permissions',
            title: RoleField.permissionCount,
            render: (_, row) => <PermissionCount row={row} />,
          },
          { key: 'accountCount', title: RoleField.accountCount },
          { key: 'status', title: RoleField.status, kind: 'dict', dict: EnableStatus },
          { key: 'createTime', title: RoleField.createTime, kind: 'dateTime', sortable: true },
          { key: 'updateTime', title: RoleField.updateTime, kind: 'dateTime', hidden: true },
        ],
        form: {
          createUrl: roleApi.create,
          updateUrl: roleApi.update,
          createSchema: RoleCreateSchema,
          updateSchema: RoleUpdateSchema,
          width: 560,
          fields: [
            { name: 'code', label: 'roles:code', required: true, maxLength: 64 },
            { name: 'name', label: 'roles:name', required: true, maxLength: 64 },
            { name: 'remark', label: 'roles:remark', kind: 'textarea', maxLength: 500 },
            { name: 'status', label: 'roles:status', kind: 'dict', dict: EnableStatus, required: true },
            // docs/api.md: platform roles (no scenic area) are created by platform administrators only
            ...(platform
              ? [
                  {
                    name: 'platform',
                    label: 'roles:platformRole',
                    kind: 'switch',
                    createOnly: true,
                    extra: 'roles:platformRoleHint',
                  } as const,
                ]
              : []),
            {
              name: 'permissions',
              label: 'roles:permissions',
              kind: 'custom',
              render: () => <PermissionsField />,
            },
          ],
          initialValues: { status: 1, permissions: [], platform: false },
        },
        delete: { url: roleApi.delete },
        actionWidth: 140,
      }),
    [platform],
  );

  return <ListPage definition={definition} />;
}
