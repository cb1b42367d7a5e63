import { Button, Card, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { authApi } from '../../../shared/api/endpoints.ts';
import { encryptSensitive } from '../../lib/auth.ts';
import { post } from '../../lib/request.ts';
import { useAction } from '../../lib/use-action.ts';
import { NewPasswordFields } from '../../components/new-password-fields.tsx';

interface PasswordForm {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** Change own password; the server signs out every other session of the account. */
export default function PasswordPage() {
  const { t } = useTranslation(['profile', 'auth', 'common', 'menu']);
  const [form] = Form.useForm<PasswordForm>();
  const submit = useAction(
    async (values: PasswordForm) => {
      const [oldPassword, newPassword] = await Promise.all([
        encryptSensitive(values.oldPassword),
        encryptSensitive(values.newPassword),
      ]);
      return post(authApi.changePassword, { oldPassword, newPassword });
    },
    { success: t('changed'), onSuccess: () => form.resetFields() },
  );

  return (
    <Card title={t('menu:password')} style={{ maxWidth: 560 }}>
      <Typography.Paragraph type="secondary">{t('changePasswordHint')}</Typography.Paragraph>
      <Form<PasswordForm>
        form={form}
        layout="vertical"
        onFinish={(values) => void submit.run(values)}
        requiredMark={false}
      >
        <Form.Item
          name="oldPassword"
          label={t('auth:oldPassword')}
          rules={[{ required: true, message: t('auth:oldPasswordRequired') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <NewPasswordFields
          texts={{
            newPassword: t('auth:newPassword'),
            newPasswordRequired: t('auth:newPasswordRequired'),
            confirmPassword: t('auth:confirmPassword'),
            confirmRequired: t('auth:confirmRequired'),
            mismatch: t('auth:passwordMismatch'),
          }}
        />
        <Form.Item noStyle>
          <Button type="primary" htmlType="submit" loading={submit.pending}>
            {t('common:submit')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
