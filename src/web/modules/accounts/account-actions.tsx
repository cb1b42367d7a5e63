import { App, Alert, Button, Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { accountApi, type AccountRow } from '../../../shared/api/accounts.ts';
import { DISABLED, ENABLED } from '../../../shared/dict/account.ts';
import { Can } from '../../components/can.tsx';
import { ConfirmAction } from '../../components/confirm-action.tsx';
import { encryptSensitive } from '../../lib/auth.ts';
import { NewPasswordFields } from '../../components/new-password-fields.tsx';
import { post } from '../../lib/request.ts';
import { useAction } from '../../lib/use-action.ts';

/** Enables or disables one account, after asking (disabling signs it out). */
export function StatusAction({ row, onDone }: { row: AccountRow; onDone: () => void }) {
  const { t } = useTranslation('accounts');
  const enabling = row.status !== ENABLED;
  // a refusal (409: the last wildcard account, oneself) is shown by the request layer
  return (
    <ConfirmAction
      perm="admin:admin:update"
      title={t(enabling ? 'enableOneConfirm' : 'disableOneConfirm')}
      okDanger={!enabling}
      button={{ type: 'link', size: 'small', danger: !enabling }}
      action={() => post(accountApi.status, { ids: [row.id], status: enabling ? ENABLED : DISABLED })}
      onSuccess={onDone}
    >
      {t(enabling ? 'enableOne' : 'disableOne')}
    </ConfirmAction>
  );
}

interface ResetForm {
  newPassword: string;
  confirmPassword: string;
}

/**
 * Sets a new initial password: checked with the shared rule, sent encrypted; the account is signed
 * out and must change it at its next login (docs/accounts.md).
 */
export function ResetPasswordAction({ row, onDone }: { row: AccountRow; onDone: () => void }) {
  const { t } = useTranslation(['accounts', 'common']);
  const { modal } = App.useApp();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<ResetForm>();

  const reset = useAction(
    async (values: ResetForm) =>
      post(accountApi.resetPassword, { id: row.id, password: await encryptSensitive(values.newPassword) }),
    {
      // the dialog below says it
      success: false,
      onSuccess: () => {
        setOpen(false);
        void modal.success({
          title: t('resetPassword'),
          content: t('resetPasswordDone', { username: row.username }),
          okText: t('common:ok'),
        });
        onDone();
      },
    },
  );

  return (
    <>
      <Can perm="admin:admin:resetPassword">
        <Button type="link" size="small" onClick={() => setOpen(true)}>
          {t('resetPassword')}
        </Button>
      </Can>
      <Modal
        open={open}
        title={t('resetPasswordTitle', { username: row.username })}
        onCancel={() => setOpen(false)}
        okText={t('resetPassword')}
        okButtonProps={{ danger: true, loading: reset.pending }}
        cancelText={t('common:cancel')}
        // asks once more before the account is signed out
        onOk={() =>
          void form.validateFields().then(
            (values) => {
              modal.confirm({
                title: t('resetPasswordConfirm'),
                content: t('resetPasswordHint'),
                okText: t('common:ok'),
                cancelText: t('common:cancel'),
                okButtonProps: { danger: true },
                onOk: () => reset.run(values),
              });
            },
            () => undefined,
          )
        }
        destroyOnHidden
      >
        <Alert type="warning" showIcon title={t('resetPasswordHint')} style={{ marginBottom: 16 }} />
        <Form<ResetForm> form={form} layout="vertical" name="resetPassword" requiredMark={false}>
          <NewPasswordFields
            maxLength={64}
            texts={{
              newPassword: t('newPassword'),
              newPasswordRequired: t('passwordRequired'),
              confirmPassword: t('confirmPassword'),
              confirmRequired: t('confirmRequired'),
              mismatch: t('passwordMismatch'),
            }}
          />
        </Form>
      </Modal>
    </>
  );
}
