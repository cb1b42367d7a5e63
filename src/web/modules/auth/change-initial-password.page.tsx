import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { authApi } from '../../../shared/api/endpoints.ts';
import { AuthFrame } from '../../components/auth-frame.tsx';
import { encryptSensitive } from '../../lib/auth.ts';
import { useBranding } from '../../lib/branding.ts';
import { post } from '../../lib/request.ts';
import { useAction } from '../../lib/use-action.ts';
import styles from './auth.module.css';
import { NewPasswordFields } from '../../components/new-password-fields.tsx';

interface ChangeInitialForm {
  username: string;
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** The forced change of an initial password; the login page sends the user here on 403 password_change_required. */
export default function ChangeInitialPasswordPage() {
  const { t } = useTranslation(['auth', 'common']);
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const branding = useBranding();
  const submit = useAction(
    async (values: ChangeInitialForm) => {
      const [oldPassword, newPassword] = await Promise.all([
        encryptSensitive(values.oldPassword),
        encryptSensitive(values.newPassword),
      ]);
      return post(
        authApi.changeInitialPassword,
        { username: values.username.trim(), oldPassword, newPassword },
        { auth: false },
      );
    },
    { success: t('passwordChanged'), onSuccess: () => navigate('/login', { replace: true }) },
  );

  return (
    <AuthFrame title={branding?.siteTitle || t('common:appTitle')} subtitle={t('changeInitialTitle')}>
      <Alert className={styles.hint} type="info" showIcon title={t('changeInitialHint')} />
      <Form<ChangeInitialForm>
        layout="vertical"
        size="large"
        onFinish={(values) => void submit.run(values)}
        requiredMark={false}
        initialValues={{ username: (params.get('username') ?? '').trim() }}
      >
        <Form.Item
          name="username"
          label={t('username')}
          rules={[{ required: true, whitespace: true, message: t('usernameRequired') }]}
        >
          <Input prefix={<UserOutlined />} autoComplete="username" />
        </Form.Item>
        <Form.Item
          name="oldPassword"
          label={t('oldPassword')}
          rules={[{ required: true, message: t('oldPasswordRequired') }]}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" autoFocus />
        </Form.Item>
        <NewPasswordFields
          prefix={<LockOutlined />}
          texts={{
            newPassword: t('newPassword'),
            newPasswordRequired: t('newPasswordRequired'),
            confirmPassword: t('confirmPassword'),
            confirmRequired: t('confirmRequired'),
            mismatch: t('passwordMismatch'),
          }}
        />
        <Button type="primary" htmlType="submit" block loading={submit.pending}>
          {t('common:submit')}
        </Button>
        <Button type="link" block className={styles.secondary} onClick={() => navigate('/login')}>
          {t('backToLogin')}
        </Button>
      </Form>
    </AuthFrame>
  );
}
