import { LockOutlined, SafetyCertificateOutlined, UserOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router';
import { copyrightApi } from '../../../shared/api/endpoints.ts';
import { AuthFrame } from '../../components/auth-frame.tsx';
import { encryptSensitive } from '../../lib/auth.ts';
import { toast } from '../../lib/feedback.ts';
import { post } from '../../lib/request.ts';
import { useAction } from '../../lib/use-action.ts';
import { copyrightToken, saveCopyrightToken } from './copyright-session.ts';

interface CopLoginForm {
  username: string;
  password: string;
}

/** The separate login of copyright management (docs/product.md §2, §6); needs admin:copyright:manage. */
export default function CopLoginPage() {
  const { t } = useTranslation(['copyright', 'auth', 'common']);
  const navigate = useNavigate();
  const submit = useAction(
    async (values: CopLoginForm) => {
      const password = await encryptSensitive(values.password);
      return post<{ token: string; expiresIn: number }>(
        copyrightApi.loginCheck,
        { username: values.username.trim(), password },
        // a failed copyright login must not end the console session the user may also have
        { auth: false, onUnauthorized: (error) => toast.error(error.message) },
      );
    },
    {
      success: false,
      onSuccess: ({ token }) => {
        saveCopyrightToken(token);
        navigate('/copyright', { replace: true });
      },
    },
  );

  if (copyrightToken()) return <Navigate to="/copyright" replace />;

  return (
    <AuthFrame title={t('loginTitle')} icon={<SafetyCertificateOutlined />}>
      <Form<CopLoginForm>
        layout="vertical"
        size="large"
        onFinish={(values) => void submit.run(values)}
        requiredMark={false}
      >
        <Form.Item
          name="username"
          label={t('auth:username')}
          rules={[{ required: true, whitespace: true, message: t('auth:usernameRequired') }]}
        >
          <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('auth:password')}
          rules={[{ required: true, message: t('auth:passwordRequired') }]}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={submit.pending}>
          {t('auth:login')}
        </Button>
      </Form>
    </AuthFrame>
  );
}
