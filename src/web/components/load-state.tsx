import { Alert, Button, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';

/**
 * What a screen shows before its data: a skeleton while it loads, or the error with a retry when the
 * first read failed (a later failure keeps the data shown). Nothing once there is data.
 */
export function LoadState({
  error,
  hasData,
  retry,
}: {
  error: Error | null;
  hasData: boolean;
  retry: () => void;
}) {
  const { t } = useTranslation('common');
  if (hasData) return null;
  if (!error) return <Skeleton active />;
  return (
    <Alert
      type="error"
      title={error.message || t('loadFailed')}
      action={<Button onClick={retry}>{t('retry')}</Button>}
    />
  );
}
