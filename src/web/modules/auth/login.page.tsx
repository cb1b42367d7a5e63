import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AuthFrame } from '../../components/auth-frame.tsx';
import { login, loadUser } from '../../lib/auth.ts';
import { useBranding } from '../../lib/branding.ts';
import { RequestError } from '../../lib/request.ts';
import { useAction } from '../../lib/use-action.ts';
import { safeRedirect } from './safe-redirect.ts';

interface LoginForm {
  username: string;
  password: string;
}

export default function LoginPage() {
  const { t } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const branding = useBranding();
  const [capsLock, setCapsLock] = useState(false);
  const submit = useAction(
    async (values: LoginForm) => {
      await login(values.username, values.password);
      await loadUser();
    },
    {
      success: false,
      onSuccess: () => navigate(safeRedirect(params.get('redirect')), { replace: true }),
      // docs/product.md §7: an initial password must be changed first
      onError: (error, values) => {
        if (error instanceof RequestError && error.body?.data === 'password_change_required')
          navigate(`/changePassword?username=${encodeURIComponent(values.username.trim())}`);
      },
    },
  );

  return (
    <AuthFrame title={branding?.siteTitle || t('common:appTitle')} subtitle={t('loginTitle')}>
      <Form<LoginForm>
        layout="vertical"
        size="large"
        onFinish={(values) => void submit.run(values)}
        requiredMark={false}
        autoComplete="on"
      >
        <Form.Item
          name="username"
          label={t('username')}
          rules={[{ required: true, whitespace: true, message: t('usernameRequired') }]}
        >
          <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('password')}
          rules={[{ required: true, message: t('passwordRequired') }]}
          extra={capsLock ? t('capsLock') : undefined}
        >
          <Input.Password
            prefix={<LockOutlined />}
            autoComplete="current-password"
            onKeyUp={(e) => setCapsLock(e.getModifierState('CapsLock'))}
          />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={submit.pending}>
          {t('login')}
        </Button>
      </Form>
    </AuthFrame>
  );
}
