import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Modal, Space, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordSchema } from '../../../shared/api/auth.ts';
import {
  shopAccountApi,
  ShopAccountCreateSchema,
  ShopAccountUpdateSchema,
  type ShopAccountRow,
  type ShopRoleOption,
} from '../../../shared/api/shop-accounts.ts';
import { DISABLED, ENABLED, EnableStatus } from '../../../shared/dict/account.ts';
import { ShopAccountField } from '../../../shared/dict/shop-store.ts';
import { AccountField } from '../../../shared/dict/sys-fields.ts';
import { Can } from '../../components/can.tsx';
import { ConfirmAction } from '../../components/confirm-action.tsx';
import { DictTag } from '../../components/dict-tag.tsx';
import { defineListPage, ListPage, type FormMode } from '../../components/list-page/index.ts';
import { InitialPasswordField, NewPasswordFields } from '../../components/new-password-fields.tsx';
import { encryptSensitive } from '../../lib/auth.ts';
import { get, post } from '../../lib/request.ts';
import { useAction } from '../../lib/use-action.ts';
import type { ValueProps } from '../../components/field-props.ts';
import { IdsSelect } from '../../components/ids-select.tsx';

// the form checks the clear password with the shared rule; it is encrypted only afterwards
const CreateFormSchema = ShopAccountCreateSchema.extend({ password: PasswordSchema });

const useShopRoles = () =>
  useQuery({
    queryKey: [shopAccountApi.roles],
    queryFn: () => get<ShopRoleOption[]>(shopAccountApi.roles, undefined, { silent: true }),
  });

/** The shop roles of the area (roles holding shop permissions only). */
function ShopRolesField({ id, value, onChange }: ValueProps<number[]>) {
  const { data, isPending } = useShopRoles();
  return (
    <IdsSelect
      id={id}
      value={value}
      onChange={onChange}
      allowClear
      loading={isPending}
      options={(data ?? []).map((r) => ({ value: r.id, label: `${r.name} (${r.code})` }))}
    />
  );
}

/** The initial password, only when creating (there is a reset action). */
function PasswordField(props: ValueProps<string> & { mode: FormMode }) {
  const { t } = useTranslation('shop');
  return (
    <InitialPasswordField
      {...props}
      hint={t('accountPasswordHint')}
      editHint={t('accountPasswordEditHint')}
    />
  );
}

/** Enables or disables one shop account, after asking (disabling signs it out). */
function StatusAction({ row, onDone }: { row: ShopAccountRow; onDone: () => void }) {
  const { t } = useTranslation('shop');
  const enabling = row.status !== ENABLED;
  return (
    <ConfirmAction
      perm="shop:account:edit"
      title={t(enabling ? 'accountEnableConfirm' : 'accountDisableConfirm', { username: row.username })}
      okDanger={!enabling}
      button={{ type: 'link', size: 'small', danger: !enabling }}
      action={() => post(shopAccountApi.status, { ids: [row.id], status: enabling ? ENABLED : DISABLED })}
      onSuccess={onDone}
    >
      {t(enabling ? 'accountEnable' : 'accountDisable')}
    </ConfirmAction>
  );
}

interface ResetForm {
  newPassword: string;
  confirmPassword: string;
}

/** A new initial password, sent encrypted: the account is signed out and changes it at next login. */
function ResetPasswordAction({ row, onDone }: { row: ShopAccountRow; onDone: () => void }) {
  const { t } = useTranslation(['shop', 'common']);
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<ResetForm>();
  const reset = useAction(
    async (values: ResetForm) =>
      post(shopAccountApi.resetPassword, {
        id: row.id,
        password: await encryptSensitive(values.newPassword),
      }),
    {
      onSuccess: () => {
        setOpen(false);
        onDone();
      },
    },
  );
  return (
    <>
      <Can perm="shop:account:edit">
        <Button type="link" size="small" onClick={() => setOpen(true)}>
          {t('accountResetPassword')}
        </Button>
      </Can>
      <Modal
        open={open}
        title={t('accountResetTitle', { username: row.username })}
        onCancel={() => setOpen(false)}
        okText={t('accountResetPassword')}
        okButtonProps={{ danger: true, loading: reset.pending }}
        cancelText={t('common:cancel')}
        onOk={() =>
          void form.validateFields().then(
            (values) => void reset.run(values),
            () => undefined,
          )
        }
        destroyOnHidden
      >
        <Alert type="warning" showIcon title={t('accountResetHint')} style={{ marginBottom: 16 }} />
        <Form<ResetForm> form={form} layout="vertical" name="shopResetPassword" requiredMark={false}>
          <NewPasswordFields
            maxLength={64}
            texts={{
              newPassword: t('accountNewPassword'),
              newPasswordRequired: t('accountPasswordRequired'),
              confirmPassword: t('accountConfirmPassword'),
              confirmRequired: t('accountPasswordRequired'),
              mismatch: t('accountPasswordMismatch'),
            }}
          />
        </Form>
      </Modal>
    </>
  );
}

/** docs/product.md §2 /shop/accountManage: the shop accounts (admType 4) of the acting area. */
export default function AccountManagePage() {
  const definition = useMemo(
    () =>
      defineListPage<ShopAccountRow>({
        id: 'shop.account',
        url: shopAccountApi.page,
        exportUrl: shopAccountApi.export,
        rowKey: 'id',
        perms: { create: 'shop:account:edit', update: 'shop:account:edit', export: 'shop:account:page' },
        search: [
          { kind: 'text', name: 'username', label: AccountField.username, maxLength: 64 },
          { kind: 'text', name: 'nickname', label: ShopAccountField.nickname, maxLength: 64 },
          { kind: 'text', name: 'phone', label: ShopAccountField.phone, maxLength: 11 },
          { kind: 'dict', name: 'status', label: AccountField.status, dict: EnableStatus },
        ],
        columns: [
          { key: 'username', title: AccountField.username, sortable: true },
          { key: 'nickname', title: ShopAccountField.nickname },
          { key: 'phone', title: ShopAccountField.phone },
          {
            key: 'roles',
            title: ShopAccountField.roles,
            render: (_, row) => (
              <Space size={[0, 4]} wrap>
                {row.roles.map((r) => (
                  <Tag key={r.id}>{r.name}</Tag>
                ))}
              </Space>
            ),
          },
          {
            key: 'status',
            title: AccountField.status,
            render: (_, row) => <DictTag dict={EnableStatus} value={row.status} />,
          },
          { key: 'lastLoginTime', title: AccountField.lastLoginTime, kind: 'dateTime', sortable: true },
          { key: 'createTime', title: AccountField.createTime, kind: 'dateTime', sortable: true },
        ],
        form: {
          createUrl: shopAccountApi.create,
          updateUrl: shopAccountApi.update,
          createSchema: CreateFormSchema,
          updateSchema: ShopAccountUpdateSchema,
          width: 480,
          fields: [
            {
              name: 'username',
              label: AccountField.username,
              required: true,
              createOnly: true,
              maxLength: 64,
            },
            { name: 'nickname', label: ShopAccountField.nickname, required: true, maxLength: 64 },
            { name: 'phone', label: ShopAccountField.phone, maxLength: 11 },
            {
              name: 'password',
              label: ShopAccountField.password,
              kind: 'custom',
              required: true,
              render: ({ mode }) => <PasswordField mode={mode} />,
            },
            {
              name: 'roleIds',
              label: ShopAccountField.roles,
              kind: 'custom',
              required: true,
              render: () => <ShopRolesField />,
            },
          ],
          initialValues: { phone: '', roleIds: [] },
          toValues: (row) => ({
            username: row.username,
            nickname: row.nickname,
            phone: row.phone,
            roleIds: row.roles.map((r) => r.id),
          }),
          toBody: (values, row) => (row ? { id: row.id, ...values } : values),
          beforeSubmit: async (body, mode) => {
            if (mode !== 'create') return body;
            const values = body as { password: string };
            return { ...values, password: await encryptSensitive(values.password) };
          },
        },
        rowActions: (row, { reload }) => (
          <>
            <StatusAction row={row} onDone={reload} />
            <ResetPasswordAction row={row} onDone={reload} />
          </>
        ),
        actionWidth: 240,
      }),
    [],
  );
  return <ListPage definition={definition} />;
}
