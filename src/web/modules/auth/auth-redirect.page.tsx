import { Spin } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import frame from '../../components/auth-frame.module.css';
import styles from './auth.module.css';
import { safeRedirect } from './safe-redirect.ts';

/** The landing point of an external login redirect: on to ?redirect= (same-console paths only), else /. */
export default function AuthRedirectPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = safeRedirect(params.get('redirect'));

  useEffect(() => {
    navigate(target, { replace: true });
  }, [navigate, target]);

  return (
    <div className={frame.page}>
      <div className={styles.redirecting} role="status">
        <Spin size="large" />
        <span>{t('redirecting')}</span>
      </div>
    </div>
  );
}
