import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AuthFrame } from '../../components/auth-frame.tsx';
import { login, loadUser } from '../../lib/auth.ts';
import { useBranding } from '../../lib/branding.ts';
import { RequestError } from '../../lib/request.ts';
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
  const [loading, setLoading] = useState(false);
  const [capsLock, setCapsLock] = useState(false);

  async function submit(values: LoginForm) {
    setLoading(true);
    try {
      await login(values.username, values.password);
      await loadUser();
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch (error) {
      if (error instanceof RequestError && error.body?.data === 'password_change_required') {
        navigate(`/changePassword?username=${encodeURIComponent(values.username.trim())}`);
      }
    } finally {
      setLoading(false);
    }
  }

  return (
    <AuthFrame title={branding?.siteTitle || t('common:appTitle')} subtitle={t('loginTitle')}>
      <Form<LoginForm>
        layout="vertical"
        size="large"
        onFinish={submit}
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
        <Button type="primary" htmlType="submit" block loading={loading}>
          {t('login')}
        </Button>
      </Form>
    </AuthFrame>
  );
}
