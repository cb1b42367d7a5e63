import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import styles from './error-page.module.css';

export default function UnauthorizedPage() {
  const { t } = useTranslation('errors');
  const navigate = useNavigate();
  return (
    <div className={styles.page}>
      {/* antd has no 401 picture; 403 is the "not allowed" one */}
      <Result
        status="403"
        title={t('unauthorizedTitle')}
        subTitle={t('unauthorized')}
        extra={
          <Button type="primary" onClick={() => navigate('/', { replace: true })}>
            {t('home')}
          </Button>
        }
      />
    </div>
  );
}
