import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import styles from './error-page.module.css';

export default function NotFoundPage() {
  const { t } = useTranslation('errors');
  const navigate = useNavigate();
  return (
    <div className={styles.page}>
      <Result
        status="404"
        title={t('notFoundTitle')}
        subTitle={t('notFound')}
        extra={
          <Button type="primary" onClick={() => navigate('/', { replace: true })}>
            {t('home')}
          </Button>
        }
      />
    </div>
  );
}
