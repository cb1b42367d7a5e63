import { App, Button, Card, Form, Input, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { encryptSensitive } from '../../lib/auth.ts';
import { RequestError, post } from '../../lib/request.ts';
import { useSettings } from '../../lib/settings.ts';
import { confirmPasswordRule, passwordPolicyRule } from '../../lib/password-rules.ts';

interface PasswordForm {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** Change own password; the server signs out every other session of the account. */
export default function PasswordPage() {
  const { t } = useTranslation(['profile', 'auth', 'common', 'menu']);
  const { message } = App.useApp();
  const { lang } = useSettings();
  const [form] = Form.useForm<PasswordForm>();
  const [loading, setLoading] = useState(false);

  async function submit(values: PasswordForm) {
    setLoading(true);
    try {
      const [oldPassword, newPassword] = await Promise.all([
        encryptSensitive(values.oldPassword),
        encryptSensitive(values.newPassword),
      ]);
      await post('/web/api/ticket/auth/changePassword', { oldPassword, newPassword });
      message.success(t('changed'));
      form.resetFields();
    } catch (error) {
      if (!(error instanceof RequestError && error.shown)) message.error(t('common:error'));
    } finally {
      setLoading(false);
    }
  }

  return (
    <Card title={t('menu:password')} style={{ maxWidth: 560 }}>
      <Typography.Paragraph type="secondary">{t('changePasswordHint')}</Typography.Paragraph>
      <Form<PasswordForm> form={form} layout="vertical" onFinish={submit} requiredMark={false}>
        <Form.Item
          name="oldPassword"
          label={t('auth:oldPassword')}
          rules={[{ required: true, message: t('auth:oldPasswordRequired') }]}
        >
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('auth:newPassword')}
          rules={[{ required: true, message: t('auth:newPasswordRequired') }, passwordPolicyRule(lang)]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('auth:confirmPassword')}
          dependencies={['newPassword']}
          rules={[
            { required: true, message: t('auth:confirmRequired') },
            confirmPasswordRule(t('auth:passwordMismatch')),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item noStyle>
          <Button type="primary" htmlType="submit" loading={loading}>
            {t('common:submit')}
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
