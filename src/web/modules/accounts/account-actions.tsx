import { App, Alert, Button, Form, Input, Modal, Popconfirm } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountRow } from '../../../shared/api/accounts.ts';
import { DISABLED, ENABLED } from '../../../shared/dict/account.ts';
import { Can } from '../../components/can.tsx';
import { encryptSensitive } from '../../lib/auth.ts';
import { confirmPasswordRule, passwordPolicyRule } from '../../lib/password-rules.ts';
import { RequestError, post } from '../../lib/request.ts';
import { useSettings } from '../../lib/settings.ts';

const BASE = '/web/api/admin/admin';

/** Enables or disables one account, after asking (disabling signs it out). */
export function StatusAction({ row, onDone }: { row: AccountRow; onDone: () => void }) {
  const { t } = useTranslation(['accounts', 'common']);
  const { message } = App.useApp();
  const enabling = row.status !== ENABLED;
  return (
    <Can perm="admin:admin:update">
      {(allowed) => (
        <Popconfirm
          title={t(enabling ? 'enableOneConfirm' : 'disableOneConfirm')}
          disabled={!allowed}
          okButtonProps={{ danger: !enabling }}
          onConfirm={async () => {
            try {
              await post(`${BASE}/status`, { ids: [row.id], status: enabling ? ENABLED : DISABLED });
              void message.success(t('common:success'));
              onDone();
            } catch {
              // shown by the request layer (e.g. 409: the last wildcard account, oneself)
            }
          }}
        >
          <Button type="link" size="small" danger={!enabling} disabled={!allowed}>
            {t(enabling ? 'enableOne' : 'disableOne')}
          </Button>
        </Popconfirm>
      )}
    </Can>
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
  const { lang } = useSettings();
  const { message, modal } = App.useApp();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<ResetForm>();

  const submit = async (values: ResetForm) => {
    setSaving(true);
    try {
      const password = await encryptSensitive(values.newPassword);
      await post(`${BASE}/resetPassword`, { id: row.id, password });
      setOpen(false);
      void modal.success({
        title: t('resetPassword'),
        content: t('resetPasswordDone', { username: row.username }),
        okText: t('common:ok'),
      });
      onDone();
    } catch (error) {
      if (!(error instanceof RequestError && error.shown)) void message.error(t('common:error'));
    } finally {
      setSaving(false);
    }
  };

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
        okButtonProps={{ danger: true, loading: saving }}
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
                onOk: () => submit(values),
              });
            },
            () => undefined,
          )
        }
        destroyOnHidden
      >
        <Alert type="warning" showIcon title={t('resetPasswordHint')} style={{ marginBottom: 16 }} />
        <Form<ResetForm> form={form} layout="vertical" name="resetPassword" requiredMark={false}>
          <Form.Item
            name="newPassword"
            label={t('newPassword')}
            rules={[{ required: true, message: t('passwordRequired') }, passwordPolicyRule(lang)]}
          >
            <Input.Password autoComplete="new-password" maxLength={64} />
          </Form.Item>
          <Form.Item
            name="confirmPassword"
            label={t('confirmPassword')}
            dependencies={['newPassword']}
            rules={[
              { required: true, message: t('confirmRequired') },
              confirmPasswordRule(t('passwordMismatch')),
            ]}
          >
            <Input.Password autoComplete="new-password" maxLength={64} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
